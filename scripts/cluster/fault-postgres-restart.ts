// Fault: the machine's PostgreSQL restarts under load (issue 17). Requests fail clearly (503 with
// Retry-After, never a hang or a bare 500), the instances recover by themselves (same processes), and
// every acknowledged observation batch is stored. Other engineers' tests use this PostgreSQL: the script
// waits for the shared heavy lock and the outage is one fast restart.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { sleep } from './cluster';
import { elapsed, runFault, runWorkers } from './fault-support';
import { holdHeavyLock } from './heavy-lock';
import { observationBatch, postBatch, signUp, uniqueEmail, type Answer } from './load';

holdHeavyLock(fileURLToPath(import.meta.url));

const version = readdirSync('/etc/postgresql')[0] ?? '15';

await runFault({ name: 'postgres-restart', port: Number(process.env.FAULT_PORT ?? 3381), timeLimitMs: 110_000 }, async ({ cluster, base, publicUrl, db, log, check }) => {
  const acknowledged: string[] = [];
  const unclear: Answer[] = [];
  let clearFailures = 0;
  let signedUp = 0;
  let stop = false;
  const judge = (answer: Answer) => {
    if (answer.status === 503 && answer.retryAfter !== null) clearFailures += 1;
    else {
      unclear.push(answer);
      if (unclear.length <= 5) log(`unclear failure: ${answer.status} ${answer.body.slice(0, 120)}`);
    }
  };
  const observations = runWorkers(4, () => stop, async () => {
    const batch = observationBatch(2);
    for (let attempt = 0; attempt < 100 && !stop; attempt += 1) {
      const answer = await postBatch(base, publicUrl, batch);
      if (answer.status === 204) {
        acknowledged.push(batch.batch_id);
        return;
      }
      judge(answer);
      await sleep(250);
    }
  });
  const signedUpEmails: string[] = [];
  const signUps = runWorkers(2, () => stop, async () => {
    const email = uniqueEmail('pg-restart');
    const failure = await signUp(base, publicUrl, email);
    if (!failure) {
      signedUp += 1;
      signedUpEmails.push(email);
    }
    else {
      judge(failure.answer);
      await sleep(250);
    }
  });

  await sleep(1500);
  const pids = cluster.instances.map((instance) => instance.process?.pid);
  const before = acknowledged.length;
  const restartStarted = Date.now();
  log(`${before} batches acknowledged; restarting PostgreSQL ${version}`);
  // Asynchronously: the load keeps running through the outage.
  await promisify(execFile)('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'restart', '-m', 'fast']);
  const acknowledgedAtRestart = acknowledged.length;
  log(`PostgreSQL back after ${elapsed(restartStarted)}; ${clearFailures} requests answered 503 + Retry-After meanwhile`);

  // The instances reconnect on their own: wait until both are ready again and serving through haproxy.
  const recoveryDeadline = Date.now() + 30_000;
  let recovered = false;
  while (!recovered && Date.now() < recoveryDeadline) {
    const statuses = await cluster.backendStatuses();
    recovered = statuses.every((status) => status === 'UP') && acknowledged.length > acknowledgedAtRestart;
    if (!recovered) await sleep(200);
  }
  log(`instances ready again ${elapsed(restartStarted)} after the restart began`);
  const afterRecovery = acknowledged.length;
  await sleep(2000);
  stop = true;
  await Promise.all([observations, signUps]);
  log(`${acknowledged.length} batches acknowledged, ${signedUp} sign-ups; ${clearFailures} requests answered 503 + Retry-After, ${unclear.length} otherwise`);

  check(clearFailures > 0, 'the outage was seen by clients (503 + Retry-After)');
  check(recovered, 'both instances became ready again within 30 s, without a restart');
  check(cluster.instances.every((instance, index) => instance.process?.pid === pids[index]), 'the same instance processes serve after the outage');
  check(acknowledged.length > afterRecovery, 'batches are acknowledged again after the outage');
  check(unclear.length === 0, `every failed request was a 503 with Retry-After (${unclear.length} were not)`);
  const ids = [...acknowledged];
  const stored = new Set<string>();
  for (let start = 0; start < ids.length; start += 1000) {
    const rows = await db.db
      .selectFrom('observation')
      .select(['batch_id', sql<number>`count(*)`.as('n')])
      .where('batch_id', 'in', ids.slice(start, start + 1000))
      .groupBy('batch_id')
      .having(sql<number>`count(*)`, '=', 2)
      .execute();
    for (const row of rows) stored.add(row.batch_id);
  }
  const accounts = await db.db.selectFrom('accounts').select('email').where('email', 'in', signedUpEmails.length ? signedUpEmails : ['-']).execute();
  check(accounts.length === signedUpEmails.length, `every completed sign-up has its account (${accounts.length} of ${signedUpEmails.length})`);
  check(stored.size === ids.length, `every acknowledged batch is stored once (${ids.length - stored.size} of ${ids.length} missing or doubled)`);
});
