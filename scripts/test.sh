#!/usr/bin/env bash
# `npm test`: everything that proves the product works, cheapest first, so a broken change fails within
# the first minute; the wall time of each step is printed at the end (scripts/steps.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/steps.sh

# Runs the commands side by side (each is mostly one core's work), then prints each one's output in
# order; fails when any failed.
together() {
  local dir pids=() status=0 i
  dir=$(mktemp -d)
  i=0
  for command in "$@"; do
    bash -c "$command" >"$dir/$i" 2>&1 &
    pids+=($!)
    i=$((i + 1))
  done
  i=0
  for command in "$@"; do
    if wait "${pids[$i]}"; then echo "-- $command: ok"; else echo "-- $command: FAILED"; status=1; fi
    cat "$dir/$i"
    i=$((i + 1))
  done
  rm -rf "$dir"
  return $status
}

# Installed with `npm ci --ignore-scripts` (.ci/run), the checkout has not run its install scripts: the
# SQLite addon and our rank function compile beside the checks and the build, which need neither, and
# the tests wait for them (issue 39).
native_build=
if [ ! -e node_modules/better-sqlite3/build/Release/better_sqlite3.node ] || [ ! -e build/sqlite-rank/jobwise_rank.so ]; then
  native_log=$(mktemp)
  (npm rebuild better-sqlite3 && node scripts/build-sqlite-rank.mjs) >"$native_log" 2>&1 &
  native_build=$!
fi

step "typecheck, lint and import cycles"
together "npx tsc --noEmit" "npx eslint . --max-warnings 0" "npm run --silent check:cycles"
step "build"; npm run build --silent
step "test tools (Chromium, Java, haproxy)"; bash scripts/ensure-test-tools.sh
step "unit and API tests (SQLite)"
if [ -n "$native_build" ]; then
  wait "$native_build" || { cat "$native_log"; exit 1; }
  rm -f "$native_log"
fi
npx vitest run
step "budgets"; node --import tsx scripts/check-budgets.ts
step "HTML checker"; node --import tsx scripts/check-html.ts
# Lighthouse runs first, against the browser tests' own server, before any test loads the machine
# (tests/e2e/global-setup.ts, which then touches E2E_SETUP_DONE_FILE). BESIDE_BROWSER_TESTS (.ci/run's
# cluster faults) starts then, beside the tests: both spend much of their time waiting (decision 0224).
step "Lighthouse and browser tests${BESIDE_BROWSER_TESTS:+, and beside them: $BESIDE_BROWSER_TESTS}"
if [ -z "${BESIDE_BROWSER_TESTS:-}" ]; then
  E2E_LIGHTHOUSE=1 npx playwright test
else
  beside_log=$(mktemp)
  E2E_SETUP_DONE_FILE=$(mktemp -u)
  export E2E_SETUP_DONE_FILE
  (until [ -e "$E2E_SETUP_DONE_FILE" ]; do sleep 1; done; exec bash -c "$BESIDE_BROWSER_TESTS") >"$beside_log" 2>&1 &
  beside=$!
  browser_status=0
  E2E_LIGHTHOUSE=1 npx playwright test || browser_status=$?
  # Setup never finished (the servers did not start): nothing ran beside, and the run has failed anyway.
  [ -e "$E2E_SETUP_DONE_FILE" ] || kill "$beside" 2>/dev/null || true
  beside_status=0
  wait "$beside" || beside_status=$?
  printf '\n== beside the browser tests: %s ==\n' "$BESIDE_BROWSER_TESTS"
  cat "$beside_log"
  rm -f "$beside_log" "$E2E_SETUP_DONE_FILE"
  if [ "$browser_status" -ne 0 ] || [ "$beside_status" -ne 0 ]; then exit 1; fi
fi
