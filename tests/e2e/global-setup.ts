// With E2E_LIGHTHOUSE=1 (`npm test`), Lighthouse measures the browser tests' own server before any test
// runs: the server is up (Playwright starts its webServer first) and the machine is not yet busy with
// the tests, whose load would lower the performance score (decision 0224).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { FullConfig } from '@playwright/test';
import { E2E_DATABASE_URL } from './arrange';

/** The pages Lighthouse scores (scripts/lighthouse.ts explains the placeholders). */
export const LIGHTHOUSE_PAGES = ['/', '/jobs-search?search=driver&location=Chicago%2C+IL', 'FIRST_JOB_OF:/jobs-search?search=nurse', 'FIRST_COMPANY_OF:/jobs-search?search=nurse', 'POSTED_JOB'];

export default function globalSetup(config: FullConfig): void {
  if (process.env.E2E_LIGHTHOUSE === '1') {
    const baseUrl = config.projects[0]!.use.baseURL!;
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/lighthouse.ts', '--base-url', baseUrl, '--database', E2E_DATABASE_URL, ...LIGHTHOUSE_PAGES], { stdio: 'inherit' });
    if (run.status !== 0) throw new Error('Lighthouse: a page is under its budget (scores above)');
  }
  // scripts/test.sh starts what runs beside the tests (BESIDE_BROWSER_TESTS) once this file exists.
  if (process.env.E2E_SETUP_DONE_FILE) writeFileSync(process.env.E2E_SETUP_DONE_FILE, '');
}
