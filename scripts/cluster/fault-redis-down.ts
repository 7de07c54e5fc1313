// Fault: Redis goes away (issue 17, decision 0143). Rate limits fall back to the database's counters,
// which the instances share, so sign-in keeps working and a client's limit still holds across both
// instances; when Redis is back the instances use it again. A private redis-server on its own port is
// stopped, never the machine's shared one.
import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { sleep } from './cluster';
import { runFault } from './fault-support';
import { request, sameOrigin, signUp, uniqueEmail } from './load';

const REDIS_PORT = Number(process.env.FAULT_REDIS_PORT ?? 3397);
const CLIENT_MAX = 12;

function startRedis(): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 10_000;
    const probe = async () => {
      const client = new Redis({ port: REDIS_PORT, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      client.on('error', () => undefined); // not up yet: probed again below
      try {
        await client.connect();
        await client.ping();
        client.disconnect();
        // Answered, but by ours? A redis-server that could not bind the port has exited by now.
        await sleep(200);
        if (child.exitCode !== null) return reject(new Error(`port ${REDIS_PORT} is taken by another redis-server`));
        resolve(child);
      } catch {
        client.disconnect();
        if (Date.now() > deadline || child.exitCode !== null) reject(new Error(`redis-server did not start on ${REDIS_PORT}`));
        else setTimeout(() => void probe(), 100);
      }
    };
    void probe();
  });
}

let redis = await startRedis();
const prefix = `jobwise-fault-redis-down:`;
const keysInRedis = async () => {
  const client = new Redis({ port: REDIS_PORT, host: '127.0.0.1', maxRetriesPerRequest: 0 });
  try {
    return (await client.keys(`${prefix}*`)).length;
  } finally {
    client.disconnect();
  }
};
const address = (n: number) => ({ 'x-forwarded-for': `10.${Math.floor(n / 250) % 250}.${n % 250}.${1 + Math.floor(Math.random() * 250)}` });

await runFault(
  {
    name: 'redis-down',
    port: Number(process.env.FAULT_PORT ?? 3384),
    redisUrl: `redis://127.0.0.1:${REDIS_PORT}`,
    env: { REDIS_KEY_PREFIX: prefix, RATE_LIMIT_CLIENT_MAX: String(CLIENT_MAX) },
    timeLimitMs: 100_000,
    cleanup: () => redis.kill('SIGKILL'),
  },
  async ({ base, publicUrl, db, log, check }) => {
    const signUps = async (count: number, label: string) => {
      let ok = 0;
      for (let i = 0; i < count; i += 1) {
        const failure = await signUp(base, publicUrl, uniqueEmail(label), address(i));
        if (failure) log(`sign-up failed: ${failure.step} ${failure.answer.status} ${failure.answer.body.slice(0, 100)}`);
        else ok += 1;
      }
      return ok;
    };
    check((await signUps(4, 'redis-up')) === 4, 'sign-in works with Redis up');
    check((await keysInRedis()) > 0, 'limits are counted in Redis while it is up');
    check((await db.db.selectFrom('rate_limit_counters').selectAll().execute()).length === 0, 'nothing is counted in the database while Redis is up');

    log('kill -9 redis-server');
    const exited = new Promise((resolve) => (redis.exitCode !== null ? resolve(null) : redis.once('exit', resolve)));
    redis.kill('SIGKILL');
    await exited;
    check((await signUps(6, 'redis-down')) === 6, 'sign-in keeps working with Redis down');

    // One client address, calls spread over both instances by round robin: its limit holds once.
    const one = { 'x-forwarded-for': '198.51.100.77' };
    const statuses: number[] = [];
    for (let i = 0; i < CLIENT_MAX + 2; i += 1) {
      const answer = await request(`${base}/jobseeker/register`, {
        method: 'POST',
        headers: sameOrigin(publicUrl, one),
        body: JSON.stringify({ form_data: { email: uniqueEmail('limited') }, source: 'landing', component_id: 'registration-modal', method: 'EMAIL' }),
      });
      statuses.push(answer.status);
    }
    log(`one client's ${CLIENT_MAX + 2} calls with Redis down: ${statuses.join(' ')}`);
    check(statuses.slice(0, CLIENT_MAX).every((status) => status === 200) && statuses.slice(CLIENT_MAX).every((status) => status === 429), `the per-client limit (${CLIENT_MAX}) still holds across both instances with Redis down`);
    check((await db.db.selectFrom('rate_limit_counters').selectAll().execute()).length > 0, 'meanwhile the limits are counted in the shared database');

    log('starting redis-server again');
    redis = await startRedis();
    await sleep(1500); // the clients reconnect on their own
    check((await signUps(4, 'redis-back')) === 4, 'sign-in works when Redis is back');
    check((await keysInRedis()) > 0, 'limits are counted in Redis again');
  },
);
