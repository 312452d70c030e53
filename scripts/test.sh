#!/usr/bin/env bash
# The project's one test command (`npm test`): the type-check, then every suite under `bun test`
# (tests/unit, tests/api, tests/e2e). It ends with one plain line, `N passed, N failed`, with the
# real totals; the type-check counts as one test named "typecheck".
#
# Exit status: 0 only when the type-check passed, bun ran at least one test, printed its summary
# and reported no failure. A bun that crashed or found no test counts as a failure, never as
# "0 failed".
#
# Environment: TEST_TIMEOUT (seconds for the whole `bun test` run, default 2400);
# CHROMIUM_PATH (the browser the e2e tests drive, default /usr/bin/chromium); any extra
# arguments are passed to `bun test` (e.g. `npm test -- tests/unit`).
set -uo pipefail

cd "$(dirname "$0")/.."
BIN="$PWD/node_modules/.bin"

passed=0
failed=0

if [ ! -x "$BIN/bun" ] || [ ! -x "$BIN/tsc" ]; then
  echo "test.sh: node_modules/.bin/bun or tsc is missing: run 'npm ci' (or 'npm install') first." >&2
  echo "0 passed, 1 failed"
  exit 1
fi

if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "test.sh: warning: no browser at ${CHROMIUM_PATH:-/usr/bin/chromium}; the e2e tests will fail" \
    "(install Debian's chromium package or set CHROMIUM_PATH)." >&2
fi

echo "== typecheck: tsc --noEmit"
if "$BIN/tsc" --noEmit; then
  echo "(pass) typecheck"
  passed=$((passed + 1))
else
  echo "(fail) typecheck"
  failed=$((failed + 1))
fi

echo "== bun test $*"
log="$(mktemp "${TMPDIR:-/tmp}/nfl-bun-test.XXXXXX")"
trap 'rm -f "$log"' EXIT
# bun writes its results and summary to stderr: merge both streams, show them live, keep a copy.
# --retry=1: a failing test runs once more before it counts. Real bugs fail both times; Chromium
# driven over its protocol on a busy 2-core machine now and then loses a message (seen: "Object
# with guid … was not bound"), which a second run does not repeat.
timeout --kill-after=30 "${TEST_TIMEOUT:-2400}" "$BIN/bun" test --retry=1 "$@" 2>&1 | tee "$log"
bun_status=${PIPESTATUS[0]}

# The summary is the last run of lines such as " 12 pass", " 1 fail", " 2 error".
count() {
  local n
  n="$(grep -E "^ *[0-9]+ $1\$" "$log" | tail -n 1 | tr -dc '0-9')"
  echo "${n:-0}"
}
bun_pass="$(count pass)"
bun_fail="$(count fail)"
bun_skip="$(count skip)"
bun_todo="$(count todo)"
bun_error="$(count error)"

if ! grep -qE '^Ran [0-9]+ tests? across' "$log"; then
  if [ "$bun_status" -eq 124 ]; then
    echo "test.sh: bun test did not finish within ${TEST_TIMEOUT:-2400} s and was stopped." >&2
  else
    echo "test.sh: bun test ended (exit $bun_status) without its summary: it crashed or found no tests." >&2
  fi
  # Whatever passed before the crash is not trusted: the run counts as one failure on top.
  echo "$passed passed, $((failed + 1)) failed"
  exit 1
fi

ran=$((bun_pass + bun_fail + bun_skip + bun_todo))
passed=$((passed + bun_pass))
failed=$((failed + bun_fail))
# Errors outside any test (a file that fails to load, an unhandled rejection) usually also count
# as a failed test; make sure they are never lost when they do not.
if [ "$bun_fail" -eq 0 ] && [ "$bun_error" -gt 0 ]; then
  failed=$((failed + bun_error))
fi
status=0
if [ "$ran" -eq 0 ]; then
  echo "test.sh: bun test ran no tests." >&2
  failed=$((failed + 1))
fi
if [ "$bun_skip" -gt 0 ] || [ "$bun_todo" -gt 0 ]; then
  echo "not run: $bun_skip skipped, $bun_todo todo"
fi
if [ "$failed" -gt 0 ] || [ "$bun_status" -ne 0 ]; then
  status=1
  # bun failed without saying which test: count it so the line never reads "0 failed".
  [ "$failed" -eq 0 ] && failed=1
fi
echo "$passed passed, $failed failed"
exit "$status"
