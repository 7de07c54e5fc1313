#!/usr/bin/env bash
# `npm test`: everything that proves the product works, in order of speed.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n== %s ==\n' "$*"; }
step "test tools (Chromium, Java)"; bash scripts/ensure-test-tools.sh
step "typecheck"; npx tsc --noEmit
step "lint"; npx eslint . --max-warnings 0
step "build"; npm run build --silent
step "unit and API tests (SQLite)"; npx vitest run
step "budgets"; node --import tsx scripts/check-budgets.ts
step "HTML checker"; node --import tsx scripts/check-html.ts
step "Lighthouse"; node --import tsx scripts/lighthouse.ts / '/jobs-search?search=driver&location=Chicago%2C+IL' 'FIRST_JOB_OF:/jobs-search?search=nurse' 'FIRST_COMPANY_OF:/jobs-search?search=nurse' POSTED_JOB
step "browser tests"; npx playwright test
