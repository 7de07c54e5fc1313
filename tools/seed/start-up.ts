// The server's one import of the seed (decision 0253): `npm start` on an empty database serves demo
// data. Everything else about demo data lives in tools/seed; no feature imports it.
import type { DatabaseHandle } from '../../src/server/db/connection';
import { DEMO_EMPLOYER_EMAIL, seedDemoEmployer } from './demo-employer';
import { restoreInterruptedSeed, seedIfEmpty } from './jobs';

interface StartUpLog {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * At start-up, before serving: makes again the job indexes a seed killed half-way dropped; then, when
 * `seed` is on (SEED_DEMO_DATA) and the database has no jobs, seeds `jobs` demo listings and the demo
 * employer. One indexed probe when the database already has jobs, so restarts stay fast.
 */
export async function prepareDemoData(database: Pick<DatabaseHandle, 'db' | 'dialect'>, options: { seed: boolean; jobs: number; log: StartUpLog }): Promise<void> {
  const { db, dialect } = database;
  const { log } = options;
  if (await restoreInterruptedSeed(db, dialect)) log.warn('Made again the job indexes that an interrupted seed had dropped');
  if (!options.seed) return;
  const seeded = await seedIfEmpty(db, dialect, Date.now(), options.jobs);
  if (!seeded) return;
  log.info(`Seeded ${seeded.jobs} demo jobs from ${seeded.companies} companies in ${(seeded.milliseconds / 1000).toFixed(1)} s`);
  await seedDemoEmployer(db, Date.now());
  log.info(`Demo employer: ${DEMO_EMPLOYER_EMAIL} (log in at /authn/employer/login)`);
}
