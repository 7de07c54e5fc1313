// Checks the byte budgets of the pages a visitor lands on: JavaScript and CSS loaded before any
// interaction, measured gzip-compressed from the production build, as the server references them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { connectDatabase } from '../src/server/db/connection';
import { migrateToLatest } from '../src/server/db/migrate';
import { seedJobs } from '../tools/seed/jobs';
import { jobPath } from '../src/server/features/jobs/slugs';

interface Budget {
  path: string;
  maxScriptKb: number;
  maxCssKb: number;
}

const BUDGETS: Budget[] = [
  // Issue 18: the landing page's first-load JavaScript at 75 KB or less (decision 0185).
  { path: '/', maxScriptKb: 75, maxCssKb: 15 },
  // The jobs pages a visitor lands on from a search engine meet the landing page's bars.
  { path: '/jobs-search?search=driver&location=Chicago%2C+IL', maxScriptKb: 90, maxCssKb: 15 },
];

const database = connectDatabase('sqlite::memory:');
await migrateToLatest(database.db);
await seedJobs(database.db, database.dialect, { jobs: 300, now: Date.now() });
const sampleJob = await database.db.selectFrom('jobs').select(['id', 'title', 'city', 'state']).where('status', '=', 'open').orderBy('seq').executeTakeFirstOrThrow();
BUDGETS.push({ path: jobPath(sampleJob), maxScriptKb: 90, maxCssKb: 15 });
const app = await buildApp({
  config: loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'budget-check-secret-budget-check-secret', DATA_DIR: 'data' }),
  database,
  logger: false,
});

const gzipKb = (file: string) => gzipSync(readFileSync(path.join('dist/client', file)), { level: 9 }).length / 1024;
let failed = false;
for (const budget of BUDGETS) {
  const html = (await app.inject({ method: 'GET', url: budget.path })).body;
  const scripts = [...html.matchAll(/<(?:script type="module" src|link rel="modulepreload" href)="([^"]+)"/g)].map((m) => m[1]!);
  const styles = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!);
  const scriptKb = scripts.reduce((sum, file) => sum + gzipKb(file), 0);
  const cssKb = styles.reduce((sum, file) => sum + gzipKb(file), 0);
  const ok = scriptKb <= budget.maxScriptKb && cssKb <= budget.maxCssKb;
  failed ||= !ok;
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} ${budget.path}: JavaScript ${scriptKb.toFixed(1)} KB gzip (budget ${budget.maxScriptKb}) in ${scripts.length} files; ` +
      `CSS ${cssKb.toFixed(1)} KB gzip (budget ${budget.maxCssKb}) in ${styles.length} files`,
  );
}
await app.close();
process.exit(failed ? 1 : 0);
