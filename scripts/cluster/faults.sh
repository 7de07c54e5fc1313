#!/usr/bin/env bash
# The cluster fault scripts (issue 17), one after another; each starts haproxy and two instances on
# loopback, checks its rules and ends within two minutes. Needs PostgreSQL, Redis and haproxy
# (scripts/ensure-test-tools.sh installs haproxy); the PostgreSQL restart waits for /tmp/jobwise-heavy.lock.
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -f dist/client/.vite/manifest.json ] || npm run build --silent
for fault in kill-instance rolling-restart postgres-restart redis-down; do
  echo
  echo "== cluster fault: $fault =="
  timeout 150 node --import tsx "scripts/cluster/fault-$fault.ts"
done
