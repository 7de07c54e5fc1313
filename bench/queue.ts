// npm run bench -- queue (issue 46, decisions 0270, 0283): jobs per second through the job queue, on
// SQLite and on PostgreSQL (pg-boss), beside a baseline on the same database in the same run: the same
// number of rows inserted one by one, then taken and finished in batches of the queue's concurrency with
// plain statements (what any table-backed queue must at least do). Each job's work is nothing, so the
// figures are the queue's own cost. Then upload throughput: files streamed to the S3 driver (s3rver on
// loopback) beside the disk driver as the baseline, in the same run (decision 0305).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { z } from 'zod';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { connectDatabase } from '../src/server/db/connection';
import type { Db } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { randomBytes } from 'node:crypto';
import { diskFileStorage, type FileStorage } from '../src/server/features/storage/file-storage';
import { s3FileStorage } from '../src/server/features/storage/s3-file-storage';
import { dropDatabase, ensureDatabase } from '../scripts/cluster/cluster';
import { startClusterS3 } from '../scripts/cluster/s3';

const JOBS = Number(process.env.BENCH_QUEUE_JOBS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_QUEUE_CONCURRENCY ?? 8);
const UPLOAD_FILES = Number(process.env.BENCH_UPLOAD_FILES ?? 24);
const UPLOAD_MB = Number(process.env.BENCH_UPLOAD_MB ?? 5);
const UPLOADS_AT_ONCE = 4;
const POSTGRES_URL = process.env.BENCH_QUEUE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/jobwise_bench_queue';

interface Figures {
  enqueuePerSecond: number;
  workPerSecond: number;
  /** From the first enqueue to the last job done. */
  throughPerSecond: number;
}

const perSecond = (count: number, ms: number) => (count / ms) * 1000;
const fmt = (figures: Figures) =>
  `enqueue ${figures.enqueuePerSecond.toFixed(0).padStart(6)} jobs/s  work ${figures.workPerSecond.toFixed(0).padStart(6)} jobs/s  through ${figures.throughPerSecond.toFixed(0).padStart(6)} jobs/s`;

/** The job queue: JOBS jobs enqueued one by one under their own keys, then worked by runDue. */
async function throughQueue(databaseUrl: string): Promise<Figures> {
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'false',
    QUEUE_POLL_SECONDS: '0',
    APPLICANT_MAIL_INTERVAL_SECONDS: '0',
    ALERT_DIGEST_INTERVAL_MINUTES: '0',
    JOB_EXPIRY_INTERVAL_MINUTES: '0',
  });
  const database = connectDatabase(databaseUrl);
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database });
  let ran = 0;
  const queue = app.queue.define({
    name: 'bench-nothing',
    concurrency: CONCURRENCY,
    maxAttempts: 3,
    retryDelayMs: 30_000,
    timeoutMs: 60_000,
    payload: z.object({ n: z.number() }),
    run: async () => {
      ran += 1;
      return 'done';
    },
  });
  await app.ready();
  try {
    const started = performance.now();
    for (let n = 0; n < JOBS; n += 1) await queue.enqueue(app.db, `bench:${n}`, { n });
    const enqueued = performance.now();
    const counts = await app.queue.runDue(queue.name);
    const finished = performance.now();
    if (ran !== JOBS || counts.done !== JOBS) throw new Error(`ran ${ran} of ${JOBS} jobs (${JSON.stringify(counts)})`);
    return { enqueuePerSecond: perSecond(JOBS, enqueued - started), workPerSecond: perSecond(JOBS, finished - enqueued), throughPerSecond: perSecond(JOBS, finished - started) };
  } finally {
    await app.close();
  }
}

/** The floor on the same database: insert the rows one by one; take and finish them a batch at a time. */
async function baseline(databaseUrl: string): Promise<Figures> {
  const database = connectDatabase(databaseUrl);
  const db: Db = database.db;
  const table = sql.table('bench_queue_baseline');
  try {
    await sql`drop table if exists ${table}`.execute(db);
    await sql`create table ${table} (id text primary key, payload text not null, state text not null)`.execute(db);
    const started = performance.now();
    for (let n = 0; n < JOBS; n += 1) await sql`insert into ${table} (id, payload, state) values (${`bench:${n}`}, ${JSON.stringify({ n })}, 'waiting') on conflict do nothing`.execute(db);
    const enqueued = performance.now();
    let done = 0;
    for (;;) {
      const taken = await sql<{ id: string; payload: string }>`update ${table} set state = 'active' where id in (select id from ${table} where state = 'waiting' limit ${CONCURRENCY}) returning id, payload`.execute(db);
      if (taken.rows.length === 0) break;
      await Promise.all(
        taken.rows.map(async (row) => {
          JSON.parse(row.payload);
          await sql`update ${table} set state = 'done' where id = ${row.id}`.execute(db);
          done += 1;
        }),
      );
    }
    const finished = performance.now();
    if (done !== JOBS) throw new Error(`baseline finished ${done} of ${JOBS}`);
    return { enqueuePerSecond: perSecond(JOBS, enqueued - started), workPerSecond: perSecond(JOBS, finished - enqueued), throughPerSecond: perSecond(JOBS, finished - started) };
  } finally {
    await sql`drop table if exists ${table}`.execute(db).catch(() => undefined);
    await database.close();
  }
}

export async function runQueueBench(): Promise<boolean> {
  console.log(`queue: ${JOBS} jobs that do nothing, concurrency ${CONCURRENCY}; the queue beside plain statements on the same database\n`);
  let ok = true;
  const folder = mkdtempSync(path.join(tmpdir(), 'jobwise-bench-queue-'));
  try {
    const sqliteUrl = `sqlite://${path.join(folder, 'queue.db')}`;
    const queue = await throughQueue(sqliteUrl);
    const floor = await baseline(sqliteUrl);
    console.log('queue on SQLite (queue_jobs)');
    console.log(`  queue     ${fmt(queue)}`);
    console.log(`  baseline  ${fmt(floor)}`);
    console.log(`  ratio     ${(queue.throughPerSecond / floor.throughPerSecond).toFixed(2)} of the baseline, through\n`);
  } catch (error) {
    ok = false;
    console.error('queue on SQLite: failed:', error);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  try {
    await ensureDatabase(POSTGRES_URL);
  } catch (error) {
    console.log(`queue on PostgreSQL: skipped (no database at ${POSTGRES_URL.replace(/\/\/[^@]*@/, '//')}: ${(error as Error).message})\n`);
    return ok;
  }
  try {
    const queue = await throughQueue(POSTGRES_URL);
    const floor = await baseline(POSTGRES_URL);
    console.log('queue on PostgreSQL (pg-boss)');
    console.log(`  queue     ${fmt(queue)}`);
    console.log(`  baseline  ${fmt(floor)}`);
    console.log(`  ratio     ${(queue.throughPerSecond / floor.throughPerSecond).toFixed(2)} of the baseline, through\n`);
  } catch (error) {
    ok = false;
    console.error('queue on PostgreSQL: failed:', error);
  } finally {
    await dropDatabase(POSTGRES_URL).catch(() => undefined);
  }
  return ok;
}

/** MB per second of UPLOAD_FILES files streamed to storage in 64 KB pieces (as a multipart upload arrives), 4 at once, then read back once to check. */
async function uploadThroughput(storage: FileStorage): Promise<number> {
  const file = randomBytes(UPLOAD_MB * 1024 * 1024);
  async function* pieces() {
    for (let at = 0; at < file.length; at += 64 * 1024) yield file.subarray(at, at + 64 * 1024);
  }
  const keys: string[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: UPLOADS_AT_ONCE }, async () => {
      while (next < UPLOAD_FILES) {
        next += 1;
        keys.push(await storage.put('spotlight', pieces(), 'webm', 'video/webm'));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  if ((await storage.stat(keys[0]!))?.size !== file.length) throw new Error('an upload was not stored whole');
  return (UPLOAD_FILES * UPLOAD_MB) / seconds;
}

/** Upload throughput to S3 (s3rver on loopback) against the disk driver, the baseline, on this machine's disk. */
export async function runUploadBench(): Promise<boolean> {
  console.log(`uploads: ${UPLOAD_FILES} files of ${UPLOAD_MB} MB streamed in 64 KB pieces, ${UPLOADS_AT_ONCE} at once; S3 beside disk`);
  const folder = mkdtempSync(path.join(tmpdir(), 'jobwise-bench-uploads-'));
  try {
    const disk = await uploadThroughput(diskFileStorage(path.join(folder, 'disk')));
    const s3 = await startClusterS3(path.join(folder, 's3'));
    let toS3: number;
    try {
      toS3 = await uploadThroughput(s3FileStorage(s3.settings));
    } finally {
      await s3.close();
    }
    console.log(`  disk (baseline)   ${disk.toFixed(0).padStart(5)} MB/s`);
    console.log(`  s3 (s3rver)       ${toS3.toFixed(0).padStart(5)} MB/s`);
    console.log(`  ratio             ${(toS3 / disk).toFixed(2)} of the baseline\n`);
    return true;
  } catch (error) {
    console.error('uploads: failed:', error);
    return false;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
