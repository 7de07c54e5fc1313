// Fault: kill -9 one of two instances while pages send observations (issue 17).
// Every acknowledged batch is stored, none twice; only the requests in flight on the killed instance fail,
// and each of them succeeds when retried (it goes to the other instance).
import { sql } from 'kysely';
import { sleep } from './cluster';
import { runFault, runWorkers } from './fault-support';
import { observationBatch, postBatch } from './load';

const WORKERS = 8;
const MESSAGES = 3;

await runFault({ name: 'kill-instance', port: Number(process.env.FAULT_PORT ?? 3375), timeLimitMs: 100_000 }, async ({ cluster, base, publicUrl, db, log, check }) => {
  const acknowledged: string[] = [];
  const failedFirstTries: { worker: number; status: number }[] = [];
  let gaveUp = 0;
  let stop = false;
  const load = runWorkers(WORKERS, () => stop, async (worker) => {
    const batch = observationBatch(MESSAGES);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const answer = await postBatch(base, publicUrl, batch);
      if (answer.status === 204) {
        acknowledged.push(batch.batch_id);
        return;
      }
      if (attempt === 1) failedFirstTries.push({ worker, status: answer.status });
      if (process.env.FAULT_DEBUG) log(`worker ${worker} attempt ${attempt}: ${answer.status} ${answer.body.slice(0, 120)}`);
      // The retry carries the same batch id, as the page's sender does.
      await sleep(50);
    }
    gaveUp += 1;
  });
  await sleep(2000);
  const before = acknowledged.length;
  log(`${before} batches acknowledged; kill -9 instance 0`);
  cluster.instances[0]!.process?.kill('SIGKILL');
  await cluster.waitForStatus(0, 'DOWN', 10_000);
  log('haproxy marked instance 0 DOWN');
  await sleep(2000);
  stop = true;
  await load;
  log(`${acknowledged.length} batches acknowledged in all; ${failedFirstTries.length} first tries failed (${failedFirstTries.map((f) => f.status).join(', ') || 'none'})`);

  check(acknowledged.length > before + 20, 'the surviving instance kept acknowledging batches after the kill');
  check(failedFirstTries.length <= WORKERS, `at most the ${WORKERS} requests in flight failed (${failedFirstTries.length})`);
  check(new Set(failedFirstTries.map((failure) => failure.worker)).size === failedFirstTries.length, 'no client saw more than one failure (its in-flight request)');
  check(gaveUp === 0, 'every failed request succeeded when retried');

  const ids = [...acknowledged];
  const stored = new Map<string, number>();
  for (let start = 0; start < ids.length; start += 1000) {
    const rows = await db.db
      .selectFrom('observation')
      .select(['batch_id', sql<number>`count(*)`.as('n')])
      .where('batch_id', 'in', ids.slice(start, start + 1000))
      .groupBy('batch_id')
      .execute();
    for (const row of rows) stored.set(row.batch_id, Number(row.n));
  }
  const missing = ids.filter((id) => !stored.has(id));
  const doubled = [...stored].filter(([, n]) => n !== MESSAGES);
  check(missing.length === 0, `every acknowledged batch is stored (${missing.length} of ${ids.length} missing)`);
  check(doubled.length === 0, `no batch is stored twice (${doubled.length} with another message count)`);
  const batches = await db.db.selectFrom('observation_batch').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  check(Number(batches.n) >= ids.length, 'the batch ledger has a row per acknowledged batch');
});
