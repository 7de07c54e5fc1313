// The seed's row maker in a worker thread (decision 0173): it draws the listings while the main thread
// stores the previous ones. Batches go out as arrays of values in SEED_JOB_COLUMNS order, seq counted
// from 1 (the main thread adds the table's last seq); at most `ahead` batches wait unread.
import { parentPort, workerData } from 'node:worker_threads';
import { createSeedSource, SEED_JOB_COLUMNS, type SeedWorkerData } from './jobs';

const port = parentPort;
if (!port) throw new Error('row-worker runs as a worker thread');
const { jobs, now, seed, batchSize, ahead } = workerData as SeedWorkerData;
const { makeRow } = createSeedSource({ jobs, now, seed });
let credits = ahead;
let made = 0;
const produce = () => {
  while (credits > 0 && made < jobs) {
    const end = Math.min(jobs, made + batchSize);
    const batch: unknown[][] = [];
    while (made < end) {
      made += 1;
      const row = makeRow(made);
      batch.push(SEED_JOB_COLUMNS.map((column) => row[column] ?? null));
    }
    credits -= 1;
    port.postMessage(batch);
  }
  if (made >= jobs) port.close();
};
port.on('message', () => {
  credits += 1;
  produce();
});
produce();
