// The database every fault script copies (scripts/cluster/faults.sh): migrated and seeded once, as each
// script's own would be. `prepare` makes it anew (an earlier run's may be of older migrations), `drop` ends it.
import { dropDatabase, prepareDatabase } from './cluster';
import { FAULT_SEED_JOBS } from './fault-support';

const url = process.env.FAULT_TEMPLATE_DATABASE_URL;
if (!url) throw new Error('FAULT_TEMPLATE_DATABASE_URL names the database to prepare or drop');
if (process.argv[2] === 'prepare') {
  await dropDatabase(url);
  await prepareDatabase(url, FAULT_SEED_JOBS);
} else if (process.argv[2] === 'drop') {
  await dropDatabase(url);
} else {
  throw new Error('Usage: fault-template.ts prepare | drop');
}
