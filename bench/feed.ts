// `npm run bench -- feed`: issue 48's figure for the aggregators' feed, /feeds/jobs.xml: the time to
// write it for BENCH_FEED_JOBS (100,000) seeded jobs and its peak memory. The feed is written by the
// route's own function in a child process of its own (bench/feed-writer.ts) into a sink that only counts
// bytes; the same child that connects and writes nothing gives the memory a process has without it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connectDatabase } from '../src/server/db/connection';
import { migrateToLatest } from '../src/server/db/migrate';
import { seedJobs } from '../tools/seed/jobs';

const JOBS = Number(process.env.BENCH_FEED_JOBS ?? 100_000);
const MB = 1024 * 1024;

interface WriterRun {
  jobs: number;
  bytes: number;
  seconds: number;
  connectedRss: number;
  maxRss: number;
}

/** The heap the feed must fit in, whatever the number of jobs: far less than the feed itself. */
const SMALL_HEAP_MB = 64;

const runWriter = (databaseUrl: string, write: boolean, nodeFlags: string[] = []): WriterRun =>
  JSON.parse(execFileSync(process.execPath, [...nodeFlags, '--import', 'tsx', 'bench/feed-writer.ts', databaseUrl, ...(write ? ['--write'] : [])], { encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'warn' } }).trim().split('\n').pop()!) as WriterRun;

export async function runFeedBench(): Promise<boolean> {
  const databaseUrl = `sqlite:${path.join(mkdtempSync(path.join(tmpdir(), 'jobwise-bench-feed-')), 'feed.sqlite')}`;
  const handle = connectDatabase(databaseUrl);
  let open: number;
  try {
    await migrateToLatest(handle.db);
    const seeded = await seedJobs(handle.db, handle.dialect, { jobs: JOBS, now: Date.now() });
    const row = await handle.db.selectFrom('jobs').select((eb) => eb.fn.countAll().as('count')).where('status', '=', 'open').executeTakeFirstOrThrow();
    open = Number(row.count);
    console.log(`feed: seeded ${seeded.jobs.toLocaleString('en-US')} jobs (${open.toLocaleString('en-US')} open) in ${(seeded.milliseconds / 1000).toFixed(1)} s`);
  } finally {
    await handle.close();
  }
  const idle = runWriter(databaseUrl, false);
  const feed = runWriter(databaseUrl, true);
  console.log(`feed: /feeds/jobs.xml of ${feed.jobs.toLocaleString('en-US')} jobs, ${(feed.bytes / MB).toFixed(1)} MB, written in ${feed.seconds.toFixed(1)} s (${Math.round(feed.jobs / feed.seconds).toLocaleString('en-US')} jobs/s)`);
  console.log(`feed: peak memory ${(feed.maxRss / MB).toFixed(0)} MB RSS writing it; ${(idle.maxRss / MB).toFixed(0)} MB for the same process writing nothing`);
  // Streamed a page at a time, it fits a heap smaller than itself (a feed held whole would not).
  const small = runWriter(databaseUrl, true, [`--max-old-space-size=${SMALL_HEAP_MB}`]);
  console.log(`feed: with a ${SMALL_HEAP_MB} MB heap: ${small.jobs.toLocaleString('en-US')} jobs written in ${small.seconds.toFixed(1)} s, peak ${(small.maxRss / MB).toFixed(0)} MB RSS`);
  return feed.jobs === open && small.jobs === open;
}
