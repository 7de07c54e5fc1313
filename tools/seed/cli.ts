// npm run seed -- --jobs N [--replace]: deterministic demo listings in DATABASE_URL (default 20,000).
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../../src/server/config';
import { connectDatabase } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrate';
import { DEFAULT_SEED_JOBS, SEED_ID_PREFIX, seedJobs } from './jobs';
import { DEMO_EMPLOYER_EMAIL, seedDemoEmployer } from './demo-employer';

const { values } = parseArgs({
  options: { jobs: { type: 'string' }, replace: { type: 'boolean', default: false }, seed: { type: 'string' } },
});
const jobs = z.coerce.number().int().min(1).max(2_000_000).parse(values.jobs ?? DEFAULT_SEED_JOBS);
const seed = values.seed === undefined ? undefined : z.coerce.number().int().parse(values.seed);

const config = loadConfig();
// No checkpointer: its connection would keep the file in WAL mode, and the seed would write every page twice (decision 0203).
const database = connectDatabase(config.DATABASE_URL, { checkpointer: false });
await migrateToLatest(database.db);
const existing = await database.db.selectFrom('jobs').select('id').limit(1).executeTakeFirst();
if (existing && !values.replace) {
  console.error(`The database already has jobs. Run with --replace to replace the seeded ones (companies "${SEED_ID_PREFIX}-*").`);
  await database.close();
  process.exit(1);
}
let cpuMark = process.cpuUsage();
const result = await seedJobs(database.db, database.dialect, { jobs, now: Date.now(), seed, replace: values.replace, rowsInWorker: true, fullTextInWorker: true,
  onPhase: (phase, ms) => {
    // CPU time of this process beside the wall-clock time: on a busy machine the wall clock says little.
    const cpu = process.cpuUsage(cpuMark);
    cpuMark = process.cpuUsage();
    console.log(`  ${phase}: ${(ms / 1000).toFixed(1)} s (cpu here ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s)`);
  },
});
console.log(`Seeded ${result.jobs} jobs from ${result.companies} companies into ${database.dialect} in ${(result.milliseconds / 1000).toFixed(1)} s${result.sqliteJournal ? ` (journal: ${result.sqliteJournal}; full-text index filled ${result.sqliteFullText === "worker" ? "by a second connection" : "here"})` : ''}`);
await seedDemoEmployer(database.db, Date.now());
console.log(`Demo employer: ${DEMO_EMPLOYER_EMAIL} (log in at /authn/employer/login; the code is in /dev/mailbox)`);
await database.close();
