#!/usr/bin/env bash
# Two real instances behaving as one site, then the cluster fault scripts (issue 17), one after
# another; each starts haproxy and two instances on loopback, checks its rules and ends within two
# minutes (fault-mail-and-storage, three faults in one, under five, its deliveries waited for while they keep arriving). Needs PostgreSQL, Redis and haproxy
# (scripts/ensure-test-tools.sh installs haproxy); the PostgreSQL restart waits for /tmp/jobwise-heavy.lock.
set -euo pipefail
cd "$(dirname "$0")/../.."
# The instances run the compiled server and the client build: built again when a source is newer.
node scripts/build-freshness.mjs --build-if-stale
# One migrated and seeded database, which each script copies instead of preparing its own.
export FAULT_TEMPLATE_DATABASE_URL=postgres://postgres@127.0.0.1:5432/jobwise_fault_template
trap 'node --import tsx scripts/cluster/fault-template.ts drop || true' EXIT
node --import tsx scripts/cluster/fault-template.ts prepare
for script in cluster-behaviour fault-message-stream fault-kill-instance fault-mail-and-storage fault-rolling-restart fault-postgres-restart fault-redis-down; do
  echo
  echo "== cluster: $script =="
  if [ "$script" = fault-postgres-restart ]; then
    # Waits for the heavy lock first (unless a parent holds it), then keeps its own 110 s limit.
    node --import tsx "scripts/cluster/$script.ts"
  elif [ "$script" = fault-mail-and-storage ]; then
    # Three faults on one cluster (issue 46): a flaky SMTP server, kill -9 during 500 applications, an S3 restart.
    timeout 300 node --import tsx "scripts/cluster/$script.ts"
  else
    timeout 150 node --import tsx "scripts/cluster/$script.ts"
  fi
done
