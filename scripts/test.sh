#!/usr/bin/env bash
# The project's one test command (`npm test`): the type-check, then every suite under `bun test`
# (tests/unit in one run, tests/api in groups of files, each tests/e2e file in a run of its own; two
# runs at a time, TEST_JOBS). It prints each phase's time, then ends with one plain line,
# `N passed, N failed`, with the real totals; the type-check counts as one test named "typecheck"
# and the format/lint check (Biome) as one named "lint", and Redocly's lint of the API's documents
# (OpenAPI and AsyncAPI, rules in redocly.yaml, 0 errors) as one named "api-documents".
#
# Exit status: 0 only when the type-check passed, bun ran at least one test, printed its summary
# and reported no failure. A bun that crashed or found no test counts as a failure, never as
# "0 failed".
#
# tests/api runs twice: on SQLite, then on PostgreSQL (a throwaway cluster, scripts/postgres-for-tests.sh;
# Debian's postgresql is installed when missing and we are root). Files that test SQLite itself
# (WAL checkpoints, its migrations, its file) run only the first time. TEST_POSTGRES=0 skips the
# second run; TEST_DATABASE_URL=postgres://… runs it on an existing server. With arguments, the
# tests/api files they name (or all of them, for a folder or options only) run on PostgreSQL too.
# TEST_E2E=0 skips the browser tests (a whole run without them: `TEST_E2E=0 npm test`).
#
# Before the browser tests the web app is bundled once (scripts/save-web-assets.ts) into a temporary
# folder every browser process reads (TEST_WEB_ASSETS_DIR).
#
# Environment: TEST_TIMEOUT (seconds for each `bun test` run, default 2400); TEST_JOBS (runs at a
# time, default 2); TEST_GROUPS (groups of tests/api files on SQLite, default 4; on PostgreSQL one
# group per job, each on a cluster of its own); TEST_E2E_JOBS (browser files at a time);
# CHROMIUM_PATH (the browser the e2e tests drive, default /usr/bin/chromium); any extra
# arguments are passed to `bun test` (e.g. `npm test -- tests/unit`).
set -uo pipefail

cd "$(dirname "$0")/.."
BIN="$PWD/node_modules/.bin"

passed=0
failed=0

if [ ! -x "$BIN/bun" ] || [ ! -x "$BIN/tsc" ] || [ ! -x "$BIN/biome" ]; then
  echo "test.sh: node_modules/.bin/bun tsc or biome is missing: run 'npm ci' (or 'npm install') first." >&2
  echo "0 passed, 1 failed"
  exit 1
fi

if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "test.sh: warning: no browser at ${CHROMIUM_PATH:-/usr/bin/chromium}; the e2e tests will fail" \
    "(install Debian's chromium package or set CHROMIUM_PATH)." >&2
fi

# Wall-clock time of each phase, printed at the end (just before the summary line).
phase_times=()
phase_started=$SECONDS
phase_done() {
  phase_times+=("$1 $((SECONDS - phase_started)) s")
  phase_started=$SECONDS
}

echo "== typecheck: tsc --noEmit"
if "$BIN/tsc" --noEmit; then
  echo "(pass) typecheck"
  passed=$((passed + 1))
else
  echo "(fail) typecheck"
  failed=$((failed + 1))
fi
phase_done typecheck

echo "== lint: biome ci (format and lint rules in biome.json; fix with 'npx biome check --write .')"
if "$BIN/biome" ci --colors=off --diagnostic-level=error .; then
  echo "(pass) lint"
  passed=$((passed + 1))
else
  echo "(fail) lint"
  failed=$((failed + 1))
fi
phase_done lint

# The documents a fresh app serves (scripts/api-documents.ts), linted offline: telemetry and the
# update check off. Run by bun: Redocly warns about the Node we have.
echo "== api-documents: redocly lint of GET /api/openapi.json and /api/asyncapi.json (rules in redocly.yaml)"
api_documents="$(mktemp -d "${TMPDIR:-/tmp}/nfl-api-documents.XXXXXX")"
if "$BIN/bun" scripts/api-documents.ts "$api_documents" \
  && REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true "$BIN/bun" node_modules/@redocly/cli/bin/cli.js lint \
    --format=stylish "$api_documents/openapi.json" "$api_documents/asyncapi.json"; then
  echo "(pass) api-documents"
  passed=$((passed + 1))
else
  echo "(fail) api-documents"
  failed=$((failed + 1))
fi
rm -rf "$api_documents"
phase_done api-documents

log="$(mktemp "${TMPDIR:-/tmp}/nfl-bun-test.XXXXXX")"
web_assets=""
trap 'rm -f "$log"; [ -z "$web_assets" ] || rm -rf "$web_assets"' EXIT
crashed=0
skipped=0
todo=0

# One `bun test` run: show it live, keep a copy, and add its own summary to the totals.
# --retry=1: a failing test runs once more before it counts; a real bug fails both times.
run_bun() {
  echo "== bun test $*"
  # bun writes its results and summary to stderr: merge both streams.
  timeout --kill-after=30 "${TEST_TIMEOUT:-2400}" "$BIN/bun" --max-http-header-size=262144 test --retry=1 "$@" 2>&1 | tee "$log"
  tally "${PIPESTATUS[0]}" "$log" "$*"
}

# Adds one finished `bun test` run (its exit status and the copy of its output) to the totals.
tally() {
  local status="$1" out="$2" what="$3"
  count() {
    local n
    n="$(grep -E "^ *[0-9]+ $1\$" "$out" | tail -n 1 | tr -dc '0-9')"
    echo "${n:-0}"
  }
  if ! grep -qE '^Ran [0-9]+ tests? across' "$out"; then
    if [ "$status" -eq 124 ]; then
      echo "test.sh: bun test $what did not finish within ${TEST_TIMEOUT:-2400} s and was stopped." >&2
    else
      echo "test.sh: bun test $what ended (exit $status) without its summary: it crashed or found no tests." >&2
    fi
    crashed=1
    failed=$((failed + 1))
    return
  fi
  local pass fail err
  pass="$(count pass)"
  fail="$(count fail)"
  err="$(count error)"
  skipped=$((skipped + $(count skip)))
  todo=$((todo + $(count todo)))
  if [ $((pass + fail)) -eq 0 ]; then
    echo "test.sh: bun test $what ran no tests." >&2
    fail=1
  fi
  # Errors outside any test (a file that fails to load, an unhandled rejection) must never be lost.
  if [ "$fail" -eq 0 ] && [ "$err" -gt 0 ]; then fail=$err; fi
  # bun failed without saying which test: count it so the line never reads "0 failed".
  if [ "$fail" -eq 0 ] && [ "$status" -ne 0 ]; then fail=1; fi
  passed=$((passed + pass))
  failed=$((failed + fail))
}

# Runs each argument (a file, or a group of files separated by spaces) in a `bun test` process of
# its own, up to TEST_JOBS at a time (default 2: our machines have two cores); PARALLEL_OPTS are
# options for every run. Each run's output is kept apart and printed whole once it ends
# (interleaved lines would be unreadable); its totals are added as for run_bun.
run_files_in_parallel() {
  local jobs="${TEST_JOBS:-2}" dir file i=0 running=0 done_one
  dir="$(mktemp -d "${TMPDIR:-/tmp}/nfl-bun-files.XXXXXX")"
  local -a files=("$@")
  for file in "${files[@]}"; do
    while [ "$running" -ge "$jobs" ]; do
      wait -n 2>/dev/null || true
      running=0
      for done_one in "$dir"/*.run; do
        [ -e "$done_one" ] || continue
        if [ -e "${done_one%.run}.rc" ]; then
          finish_file "${done_one%.run}"
        else
          running=$((running + 1))
        fi
      done
    done
    i=$((i + 1))
    local base="$dir/$i"
    echo "$file" >"$base.run"
    (
      # shellcheck disable=SC2086 # a group is split into its files on purpose
      ${PARALLEL_WRAP:-} timeout --kill-after=30 "${TEST_TIMEOUT:-2400}" "$BIN/bun" --max-http-header-size=262144 \
        test --retry=1 ${PARALLEL_OPTS:-} $file >"$base.out" 2>&1 </dev/null
      echo "$?" >"$base.rc.tmp" && mv "$base.rc.tmp" "$base.rc"
    ) &
    running=$((running + 1))
  done
  wait
  for done_one in "$dir"/*.run; do
    [ -e "$done_one" ] && finish_file "${done_one%.run}"
  done
  rm -rf "$dir"
}

# Deals files into $1 groups for engine $2 (sqlite or postgres), the longest first and each to the
# group with the least time so far, so that groups run in parallel finish close together; prints one
# group a line. A file's time is its figure in tests/durations.tsv (measured from a whole run:
# scripts/durations-from-log.ts); a file not there yet counts by its size (5 KB a second).
groups_of() {
  local n="$1" engine="$2"
  shift 2
  local durations=tests/durations.tsv
  [ -f "$durations" ] || durations=/dev/null
  for file in "$@"; do echo "$file $(wc -c <"$file")"; done | awk -v n="$n" -v engine="$engine" -v table="$durations" '
    BEGIN { while ((getline row < table) > 0) { split(row, f, "\t"); if (f[1] == engine) secs[f[2]] = f[3] } }
    { weight = ($1 in secs) ? secs[$1] : $2 / 5000; print weight, $1 }' | sort -k1,1 -g -r | awk -v n="$n" '
    { best = 1; for (g = 2; g <= n; g++) if (total[g] < total[best]) best = g
      total[best] += $1; files[best] = files[best] " " $2 }
    END { for (g = 1; g <= n; g++) if (files[g] != "") print substr(files[g], 2) }'
}

finish_file() {
  local base="$1" file status
  file="$(cat "$base.run")"
  status="$(cat "$base.rc" 2>/dev/null || echo 1)"
  echo "== bun test $file"
  cat "$base.out"
  tally "$status" "$base.out" "$file"
  rm -f "$base.run" "$base.rc" "$base.out"
}

# The second run of tests/api: every file but those about SQLite itself.
SQLITE_ONLY="checkpointer|connection|crash|durability|group-commit|migration-parlays|cli|container-cli"
# PostgreSQL tests take longer (a database per test, copied from a template; real round trips):
# a longer per-test timeout there, so a busy machine does not read as a failure.
PG_TEST_TIMEOUT_MS="${PG_TEST_TIMEOUT_MS:-20000}"

# The tests/api files among the arguments (a folder or files; none named: all of them), minus the
# SQLite-only ones; options (-t "…") are kept for the PostgreSQL run. Prints nothing when the
# arguments name paths but none in tests/api.
postgres_args() {
  local arg api=() options=() paths=0
  for arg in "$@"; do
    case "$arg" in
      -*) options+=("$arg") ;;
      *)
        if [ "${#options[@]}" -gt 0 ] && [[ "${options[-1]}" =~ ^-(t|-test-name-pattern|-timeout|-rerun-each|-bail)$ ]]; then
          options+=("$arg") # the value of the option before it
          continue
        fi
        paths=$((paths + 1))
        case "${arg%/}" in
          tests | tests/api) api+=(tests/api/*.test.ts) ;;
          tests/api/*.test.ts) api+=("$arg") ;;
        esac
        ;;
    esac
  done
  [ "$paths" -eq 0 ] && api=(tests/api/*.test.ts)
  [ "${#api[@]}" -eq 0 ] && return
  printf '%s\n' "${api[@]}" | grep -Ev "/($SQLITE_ONLY)\.test\.ts$" | tr '\n' ' '
  [ "${#options[@]}" -gt 0 ] && printf '%q ' "${options[@]}"
  return 0
}

run_postgres() {
  local args="$1"
  # (Only where the server binaries are installed already: two installs at once would collide.)
  if [ "$args" = "parallel" ] && [ -z "$PG_URL_GIVEN" ] && [ "${TEST_JOBS:-2}" -gt 1 ] \
    && compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null; then
    # The whole of tests/api in TEST_JOBS groups side by side, each on a throwaway cluster of its own:
    # transaction ids are cluster-wide, so one group's open transaction would hold back another's
    # outbox reads (they wait for every older transaction: src/db/commit-order.ts).
    local -a groups
    # shellcheck disable=SC2046
    mapfile -t groups < <(groups_of "${TEST_JOBS:-2}" postgres $(postgres_args tests/api))
    PARALLEL_WRAP=own_postgres PARALLEL_OPTS="--timeout=$PG_TEST_TIMEOUT_MS" run_files_in_parallel "${groups[@]}"
    return
  fi
  # One server (a throwaway cluster, or the one TEST_DATABASE_URL names, which all would share): one run.
  [ "$args" = "parallel" ] && args="$(postgres_args tests/api)"
  # shellcheck source=postgres-for-tests.sh
  source scripts/postgres-for-tests.sh
  if ! pg_test_start; then
    echo "test.sh: could not start PostgreSQL: the PostgreSQL run of tests/api counts as failed." >&2
    failed=$((failed + 1))
    return
  fi
  # shellcheck disable=SC2086
  eval "run_bun --timeout=$PG_TEST_TIMEOUT_MS $args"
  eval "$PG_TEST_STOP"
}

# Runs a command with TEST_DATABASE_URL on a throwaway cluster of its own, stopped afterwards.
own_postgres() {
  (
    unset TEST_DATABASE_URL
    # shellcheck source=postgres-for-tests.sh
    source scripts/postgres-for-tests.sh
    pg_test_start >/dev/null || {
      echo "test.sh: could not start PostgreSQL for bun test ${*: -1}" >&2
      exit 1
    }
    "$@"
    status=$?
    eval "$PG_TEST_STOP"
    exit "$status"
  )
}

# tests/api on PostgreSQL in a subshell (it exports TEST_DATABASE_URL); its totals come back in a file.
postgres_pass() {
  local args="$1"
  [ -z "${args// /}" ] && return
  echo "== tests/api again, on PostgreSQL"
  (
    [ -n "$PG_URL_GIVEN" ] && export TEST_DATABASE_URL="$PG_URL_GIVEN"
    run_postgres "$args"
    echo "$passed $failed $skipped $todo $crashed" >"$log.totals"
  )
  read -r passed failed skipped todo crashed <"$log.totals" || failed=$((failed + 1))
  rm -f "$log.totals"
}

# The SQLite runs never see a TEST_DATABASE_URL (it is for the PostgreSQL run alone).
PG_URL_GIVEN="${TEST_DATABASE_URL:-}"
unset TEST_DATABASE_URL

if [ "$#" -gt 0 ]; then
  run_bun "$@"
  phase_done "bun test $*"
  # Arguments that take in tests/api files (a folder, files, or only options) run those on PostgreSQL too.
  if [ "${TEST_POSTGRES:-1}" != "0" ]; then
    postgres_pass "$(postgres_args "$@")"
    phase_done PostgreSQL
  fi
else
  # tests/unit and tests/api in groups (TEST_GROUPS, default 4) run TEST_JOBS at a time, each group
  # a `bun test` process of its own (each test still on its own fresh database).
  mapfile -t groups < <(groups_of "${TEST_GROUPS:-4}" sqlite tests/api/*.test.ts)
  run_files_in_parallel tests/unit "${groups[@]}"
  phase_done SQLite
  if [ "${TEST_POSTGRES:-1}" != "0" ]; then
    postgres_pass parallel
    phase_done PostgreSQL
  fi
  # Each browser test file in a process of its own: Chromium driven over its protocol from one
  # long-lived process on a busy 2-core machine now and then loses a message ("Object with guid …
  # was not bound"); a fresh process per file does not. Two such processes at a time
  # (TEST_E2E_JOBS), the longest file first so the two finish close together.
  if [ "${TEST_E2E:-1}" != "0" ]; then
    e2e_files=()
    # The longest files first (measured), so the last to finish is a short one.
    for file in tests/e2e/{accessibility,accessibility-dark,leagues,layout,bet-slip,auth,shell}.test.ts tests/e2e/*.test.ts; do
      [ -e "$file" ] || continue
      [[ " ${e2e_files[*]} " == *" $file "* ]] || e2e_files+=("$file")
    done
    # The web app bundled and compressed once, as serve does, for every browser file (each would
    # otherwise redo it: seconds of CPU apiece); without the folder each process builds its own.
    web_assets="$(mktemp -d "${TMPDIR:-/tmp}/nfl-web-assets.XXXXXX")"
    if "$BIN/bun" scripts/save-web-assets.ts "$web_assets"; then
      export TEST_WEB_ASSETS_DIR="$web_assets"
    else
      echo "test.sh: warning: bundling the web app once failed; each browser test file bundles its own." >&2
    fi
    TEST_JOBS="${TEST_E2E_JOBS:-${TEST_JOBS:-2}}" run_files_in_parallel "${e2e_files[@]}"
    unset TEST_WEB_ASSETS_DIR
    phase_done e2e
  fi
fi

if [ "$skipped" -gt 0 ] || [ "$todo" -gt 0 ]; then
  echo "not run: $skipped skipped, $todo todo"
fi
echo "phase times: ${phase_times[*]/%/,}" | sed 's/,$//'
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$crashed" -eq 0 ]
