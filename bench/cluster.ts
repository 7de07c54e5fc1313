// npm run bench -- cluster: sign-up round trips and search pages per second through haproxy, with one
// and with two instances on the same PostgreSQL and Redis, side by side (issue 17). Run it inside the
// shared lock: flock /tmp/jobwise-heavy.lock npm run bench -- cluster
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Cluster, DEFAULT_REDIS_URL, dropDatabase, prepareDatabase } from '../scripts/cluster/cluster';
import { BENCH_DURATION_SECONDS, measure, type Measurement } from './harness';
import { registerAndLogInScenario } from './scenarios/registration';
import { SEARCH_QUERIES } from './scenarios/search';

const PORT = Number(process.env.BENCH_CLUSTER_PORT ?? 3390);
const SEED_JOBS = Number(process.env.BENCH_CLUSTER_JOBS ?? 20_000);
const DATABASE_URL = process.env.BENCH_CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/jobwise_bench_cluster';

const searchLoad = {
  path: SEARCH_QUERIES[0]!.path,
  connections: 8,
  setupRequest: SEARCH_QUERIES.map((query) => ({ method: 'GET' as const, path: query.path })),
};

interface Row {
  instances: number;
  signUps: Measurement;
  search: Measurement;
}

async function measureWith(instances: number): Promise<Row> {
  const cluster = new Cluster({
    instances,
    port: PORT,
    databaseUrl: DATABASE_URL,
    redisUrl: process.env.REDIS_URL ?? DEFAULT_REDIS_URL,
    env: {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://localhost:${PORT}`,
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      REDIS_KEY_PREFIX: `jobwise-bench-${randomBytes(3).toString('hex')}:`,
      RATE_LIMIT_CLIENT_MAX: '1000000000',
      INGEST_LIMIT_PER_CLIENT: '1000000000',
      INGEST_LIMIT_PER_PTID: '1000000000',
      EMAIL_VALIDATION_VARIANT: 'none',
    },
    logDir: mkdtempSync(path.join(tmpdir(), 'jobwise-bench-cluster-')),
    drainSeconds: 0,
  });
  try {
    await cluster.start();
    await measure(cluster.url, registerAndLogInScenario.load, 2); // warm-up
    const signUps = await measure(cluster.url, registerAndLogInScenario.load);
    await measure(cluster.url, searchLoad, 2);
    const search = await measure(cluster.url, searchLoad);
    return { instances, signUps, search };
  } finally {
    await cluster.close();
  }
}

export async function runClusterBench(): Promise<boolean> {
  console.log(`cluster: haproxy in front of 1, then 2 instances on PostgreSQL (${SEED_JOBS} jobs) and Redis; ${BENCH_DURATION_SECONDS} s per measurement`);
  await dropDatabase(DATABASE_URL);
  await prepareDatabase(DATABASE_URL, SEED_JOBS);
  const rows: Row[] = [];
  try {
    for (const instances of [1, 2]) rows.push(await measureWith(instances));
  } finally {
    await dropDatabase(DATABASE_URL).catch(() => undefined);
  }
  const cell = (m: Measurement, perRound = 1) => `${(m.requestsPerSecond / perRound).toFixed(0).padStart(6)}/s  p50 ${String(m.p50).padStart(4)} ms  p99 ${String(m.p99).padStart(5)} ms  ${m.non2xx} non-2xx, ${m.errors} errors`;
  console.log('  instances  sign-up round trips (3 requests each)               search results pages (13 queries)');
  for (const row of rows) console.log(`  ${String(row.instances).padStart(9)}  ${cell(row.signUps, 3)}   ${cell(row.search)}`);
  const [one, two] = rows;
  if (one && two) {
    console.log(`  2 vs 1     sign-ups x${(two.signUps.requestsPerSecond / one.signUps.requestsPerSecond).toFixed(2)}, search x${(two.search.requestsPerSecond / one.search.requestsPerSecond).toFixed(2)}`);
  }
  console.log('');
  return rows.every((row) => row.signUps.errors === 0 && row.search.errors === 0 && row.signUps.non2xx === 0 && row.search.non2xx === 0);
}
