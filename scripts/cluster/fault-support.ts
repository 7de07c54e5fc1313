// Shared set-up for the fault scripts: a fresh database of their own, two instances behind haproxy
// on loopback, logs kept in a temporary folder and shown when a check fails, and a hard time limit.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connectDatabase, type DatabaseHandle } from '../../src/server/db/connection';
import { Cluster, DEFAULT_REDIS_URL, copyDatabase, dropDatabase, prepareDatabase } from './cluster';

/** Demo jobs in a fault script's database: enough for searches and applications to find some. */
export const FAULT_SEED_JOBS = 300;

export interface FaultContext {
  cluster: Cluster;
  /** haproxy's address (where clients connect) and the site's public address (for the same-origin check). */
  base: string;
  publicUrl: string;
  db: DatabaseHandle;
  /** Where each process writes its output (instance-0.log, instance-1.log, haproxy.log). */
  logDir: string;
  log(message: string): void;
  /** Records a broken rule; the script fails at the end with every one listed. */
  check(ok: boolean, rule: string): void;
}

export interface FaultOptions {
  name: string;
  port: number;
  redisUrl?: string;
  env?: Record<string, string>;
  /** The whole script, set-up included, ends within this. */
  timeLimitMs?: number;
  /** Stops what the script started besides the cluster (a private redis-server), on every way out. */
  cleanup?: () => void;
}

export const elapsed = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** Runs body() against a fresh two-instance cluster and exits 0 when every check held, 1 otherwise. */
export async function runFault(options: FaultOptions, body: (context: FaultContext) => Promise<void>): Promise<never> {
  const started = Date.now();
  const log = (message: string) => console.log(`[${options.name} ${elapsed(started)}] ${message}`);
  const databaseUrl = `postgres://postgres@127.0.0.1:5432/jobwise_fault_${options.name.replace(/-/g, '_')}`;
  const logDir = mkdtempSync(path.join(tmpdir(), `jobwise-fault-${options.name}-`));
  const problems: string[] = [];
  let cluster: Cluster | null = null;
  let db: DatabaseHandle | null = null;
  const limit = setTimeout(() => {
    console.error(`[${options.name}] FAILED: over the time limit of ${(options.timeLimitMs ?? 110_000) / 1000} s`);
    showLogs(logDir);
    cluster?.killAll();
    options.cleanup?.();
    process.exit(1);
  }, options.timeLimitMs ?? 110_000);
  limit.unref();
  try {
    // faults.sh prepares one database for all its scripts (FAULT_TEMPLATE_DATABASE_URL); a script run on
    // its own prepares its own.
    const template = process.env.FAULT_TEMPLATE_DATABASE_URL;
    if (template) {
      await copyDatabase(template, databaseUrl);
    } else {
      await dropDatabase(databaseUrl);
      await prepareDatabase(databaseUrl, FAULT_SEED_JOBS);
    }
    cluster = new Cluster({
      instances: 2,
      port: options.port,
      databaseUrl,
      redisUrl: options.redisUrl ?? process.env.TEST_REDIS_URL ?? DEFAULT_REDIS_URL,
      logDir,
      env: {
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: `http://localhost:${options.port}`,
        SESSION_SECRET: randomBytes(32).toString('base64url'),
        // Counters of their own in the shared Redis, so other tests' limits are not touched.
        REDIS_KEY_PREFIX: `jobwise-fault-${options.name}-${randomBytes(3).toString('hex')}:`,
        RATE_LIMIT_CLIENT_MAX: '100000',
        // All load comes from this machine through haproxy: the ingest limits (decision 0086) would
        // throttle the load itself, not the fault.
        INGEST_LIMIT_PER_CLIENT: '100000000',
        INGEST_LIMIT_PER_PTID: '100000000',
        RATE_LIMIT_EMAIL_CODES_PER_HOUR: '100',
        EMAIL_VALIDATION_VARIANT: 'none',
        SCHEDULER_TICK_SECONDS: '1',
        ...options.env,
      },
    });
    log('starting haproxy and two instances');
    await cluster.start();
    db = connectDatabase(databaseUrl, { poolSize: 2 });
    log('cluster up');
    await body({
      cluster,
      base: cluster.url,
      publicUrl: `http://localhost:${options.port}`,
      db,
      logDir,
      log,
      check(ok, rule) {
        log(`${ok ? 'ok  ' : 'FAIL'} ${rule}`);
        if (!ok) problems.push(rule);
      },
    });
  } catch (error) {
    problems.push(`the script stopped: ${(error as Error).stack ?? String(error)}`);
  } finally {
    const stopping = Date.now();
    await cluster?.close().catch(() => undefined);
    log(`cluster stopped in ${elapsed(stopping)}`);
    await db?.close().catch(() => undefined);
    await dropDatabase(databaseUrl).catch(() => undefined);
    options.cleanup?.();
  }
  if (problems.length > 0) {
    console.error(`[${options.name}] FAILED after ${elapsed(started)}:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    showLogs(logDir);
    process.exit(1);
  }
  rmSync(logDir, { recursive: true, force: true });
  console.log(`[${options.name}] passed in ${elapsed(started)}`);
  process.exit(0);
}

function showLogs(logDir: string) {
  if (!existsSync(logDir)) return;
  for (const file of readdirSync(logDir)) {
    const lines = readFileSync(path.join(logDir, file), 'utf8').trim().split('\n').slice(-15);
    console.error(`--- last lines of ${file} (${logDir}) ---\n${lines.join('\n')}`);
  }
}

/** Runs `count` copies of work() until stop() says so; each gets its number. */
export async function runWorkers(count: number, stop: () => boolean, work: (worker: number) => Promise<void>): Promise<void> {
  await Promise.all(
    Array.from({ length: count }, async (_, worker) => {
      while (!stop()) await work(worker);
    }),
  );
}
