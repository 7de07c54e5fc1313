// Fault: a rolling restart of both instances while people sign up (issue 17). Zero requests may fail:
// on SIGTERM an instance fails /readyz first, haproxy stops sending to it, requests in flight finish,
// and it exits; it comes back before the other one goes.
import { sleep } from './cluster';
import { runFault, runWorkers } from './fault-support';
import { signUp, uniqueEmail, type StepResult } from './load';

const WORKERS = 6;

await runFault({ name: 'rolling-restart', port: Number(process.env.FAULT_PORT ?? 3378), timeLimitMs: 110_000 }, async ({ cluster, base, publicUrl, db, log, check }) => {
  let signedUp = 0;
  const failures: StepResult[] = [];
  let stop = false;
  const emails: string[] = [];
  const load = runWorkers(WORKERS, () => stop, async () => {
    const email = uniqueEmail('rolling');
    emails.push(email);
    const failure = await signUp(base, publicUrl, email);
    if (failure) {
      failures.push(failure);
      if (failures.length <= 12) log(`failed: ${failure.step} ${failure.answer.status} ${failure.answer.body.slice(0, 120)}`);
    } else signedUp += 1;
  });
  await sleep(1500);
  log(`${signedUp} sign-ups before the restart; restarting instance 0, then 1`);
  const pids = cluster.instances.map((instance) => instance.process?.pid);
  await cluster.rollingRestart((step) => log(step));
  const during = signedUp;
  await sleep(1500);
  stop = true;
  await load;
  log(`${signedUp} sign-ups in all (${during} by the end of the restart), ${failures.length} failed`);

  check(cluster.instances.every((instance, index) => instance.process?.pid !== undefined && instance.process.pid !== pids[index]), 'both instances were replaced by new processes');
  check(failures.length === 0, `zero failed requests during the rolling restart (${failures.length})`);
  check(signedUp > 20, `people kept signing up throughout (${signedUp})`);
  const accounts = await db.db.selectFrom('accounts').select('email').where('email', 'in', emails.slice(0, 5000)).execute();
  check(accounts.length === signedUp, `every completed sign-up has its account (${accounts.length} of ${signedUp})`);
});
