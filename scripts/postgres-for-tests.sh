#!/usr/bin/env bash
# Sourced by scripts/test.sh: a throwaway PostgreSQL cluster for the second run of tests/api.
# Sets TEST_DATABASE_URL (a superuser URL on the `postgres` database: each test creates and drops
# databases of its own) and PG_TEST_STOP (a command that stops the cluster and deletes it).
#
# An existing server can be used instead: set TEST_DATABASE_URL before running the tests.
# Otherwise Debian's `postgresql` package provides the server binaries; when they are missing and
# we are root with apt-get (CI), it is installed, as .ci/run installs Chromium.
# The cluster trades durability for speed (fsync off): it lives for one test run.

pg_test_start() {
  PG_TEST_STOP=":"
  if [ -n "${TEST_DATABASE_URL:-}" ]; then
    echo "== postgres: using TEST_DATABASE_URL"
    return 0
  fi
  local bindir
  bindir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
  if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
      echo "== postgres: installing Debian's postgresql"
      export DEBIAN_FRONTEND=noninteractive
      { apt-get update -q && apt-get install -y -q --no-install-recommends postgresql; } >&2 || return 1
      bindir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
    fi
  fi
  if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
    echo "test.sh: no PostgreSQL server binaries (install Debian's postgresql, or set TEST_DATABASE_URL)" >&2
    return 1
  fi
  local dir run_as=()
  dir="$(mktemp -d "${TMPDIR:-/tmp}/nfl-pg.XXXXXX")"
  # PostgreSQL refuses to run as root: the cluster belongs to the `postgres` user Debian creates.
  if [ "$(id -u)" -eq 0 ]; then
    id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres || return 1
    chown postgres "$dir"
    run_as=(runuser -u postgres --)
  fi
  local port
  port="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
  "${run_as[@]}" "$bindir/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; return 1; }
  "${run_as[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=400" \
    start >/dev/null || { cat "$dir/server.log" >&2; return 1; }
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
  PG_TEST_STOP="${run_as[*]} $bindir/pg_ctl -D $dir/data -m immediate stop >/dev/null; rm -rf $dir"
  echo "== postgres: $("$bindir/postgres" --version) on port $port"
}
