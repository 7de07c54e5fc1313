// npm run bench -- messages (issue 42, decision 0230): 200 open conversation streams on one instance
// (100 conversations, the candidate's and the team's stream of each), and the team posting messages into
// them, a few at a time. Messages delivered per second (each arrival on a stream counts) and the p95 time
// from the post to its arrival, beside a bare node:http server holding as many streams and writing the
// same kind of event (bench/baseline-sse.mjs), measured in the same run.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connectDatabase } from '../src/server/db/connection';
import { migrateToLatest } from '../src/server/db/migrate';
import { seedJobs } from '../tools/seed/jobs';
import { openEventStream, type EventStream } from '../tests/support/event-stream';
import { seedConversations } from '../tests/support/conversations';
import { percentile, startAppServer } from './harness';

const PORT = Number(process.env.BENCH_APP_PORT ?? 3300);
const CONVERSATIONS = 100;
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1000);
const POSTERS = Number(process.env.BENCH_MESSAGES_POSTERS ?? 4);

interface Target {
  streamUrl(conversation: number): string;
  streamHeaders(conversation: number, side: 'seeker' | 'employer'): Record<string, string>;
  postUrl(conversation: number): string;
  postHeaders: Record<string, string>;
}

interface Figures {
  deliveriesPerSecond: number;
  p50: number;
  p95: number;
  delivered: number;
  expected: number;
}

async function run(target: Target): Promise<Figures> {
  const sentAt = new Map<string, number>();
  const times: number[] = [];
  const streams: EventStream[] = [];
  let lastArrival = 0;
  for (let c = 0; c < CONVERSATIONS; c += 1) {
    for (const side of ['seeker', 'employer'] as const) {
      const stream = await openEventStream(target.streamUrl(c), target.streamHeaders(c, side));
      if (stream.status !== 200) throw new Error(`stream ${c} ${side}: ${stream.status}`);
      streams.push(stream);
      void (async () => {
        for (;;) {
          const event = await stream.next(120_000).catch(() => null);
          if (!event) return;
          const token = /bench-(\d+)-/.exec(event.data)?.[1];
          const at = token ? sentAt.get(token) : undefined;
          if (at === undefined) continue;
          lastArrival = performance.now();
          times.push(lastArrival - at);
        }
      })();
    }
  }
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: POSTERS }, async () => {
      while (next < MESSAGES) {
        const n = (next += 1);
        sentAt.set(String(n), performance.now());
        const response = await fetch(target.postUrl(n % CONVERSATIONS), { method: 'POST', redirect: 'manual', headers: target.postHeaders, body: new URLSearchParams({ body: `bench-${n}- Can you come in on Tuesday?` }).toString() });
        await response.arrayBuffer();
        if (response.status !== 303) throw new Error(`post ${n}: ${response.status}`);
      }
    }),
  );
  const expected = MESSAGES * 2;
  const deadline = Date.now() + 10_000;
  while (times.length < expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  for (const stream of streams) stream.close();
  const sorted = [...times].sort((x, y) => x - y);
  return { deliveriesPerSecond: (times.length / (lastArrival - started)) * 1000, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), delivered: times.length, expected };
}

const fmt = (f: Figures) => `${f.deliveriesPerSecond.toFixed(0).padStart(6)} delivered/s  p50 ${f.p50.toFixed(1).padStart(6)} ms  p95 ${f.p95.toFixed(1).padStart(6)} ms  (${f.delivered} of ${f.expected})`;

export async function runMessagesBench(): Promise<boolean> {
  const dir = mkdtempSync(path.join(tmpdir(), 'jobwise-bench-messages-'));
  const url = `sqlite:${path.join(dir, 'messages.sqlite')}`;
  const handle = connectDatabase(url);
  await migrateToLatest(handle.db);
  await seedJobs(handle.db, handle.dialect, { jobs: 10, now: Date.now() });
  const seeded = await seedConversations(handle.db, { count: CONVERSATIONS, now: Date.now(), label: 'bench' });
  await handle.close();

  const app = await startAppServer(PORT, { DATABASE_URL: url, DATA_DIR: dir, RATE_LIMIT_ACTIONS_MAX: '10000000', RATE_LIMIT_CLIENT_MAX: '10000000' });
  const origin = `http://localhost:${PORT}`;
  let appFigures: Figures;
  try {
    appFigures = await run({
      streamUrl: (c) => `${app.url}/messages/${seeded.conversations[c]!.id}/events`,
      streamHeaders: (c, side) => ({ cookie: side === 'seeker' ? seeded.conversations[c]!.seekerCookie : seeded.employerCookie }),
      postUrl: (c) => `${app.url}/messages/${seeded.conversations[c]!.id}`,
      postHeaders: { origin, 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded', cookie: seeded.employerCookie },
    });
  } finally {
    await app.stop();
  }

  const baselinePort = PORT + 1;
  const baseline = spawn(process.execPath, [path.join('bench', 'baseline-sse.mjs'), String(baselinePort)], { stdio: ['ignore', 'ignore', 'inherit'] });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const base = `http://127.0.0.1:${baselinePort}`;
  let baseFigures: Figures;
  try {
    baseFigures = await run({ streamUrl: (c) => `${base}/c/${c}/events`, streamHeaders: () => ({}), postUrl: (c) => `${base}/c/${c}`, postHeaders: { 'content-type': 'application/x-www-form-urlencoded' } });
  } finally {
    baseline.kill('SIGTERM');
  }
  console.log(`messages: ${CONVERSATIONS * 2} open streams (${CONVERSATIONS} conversations, both sides), ${MESSAGES} messages posted by ${POSTERS} at a time (SQLite)`);
  console.log(`  app       ${fmt(appFigures)}`);
  console.log(`  baseline  ${fmt(baseFigures)}`);
  console.log(`  ratio     ${(appFigures.deliveriesPerSecond / baseFigures.deliveriesPerSecond).toFixed(2)} of the bare server's deliveries/s; p95 ${(appFigures.p95 / baseFigures.p95).toFixed(1)}x (aim: p95 under 200 ms)`);
  console.log('');
  return appFigures.delivered === appFigures.expected && appFigures.p95 < 200;
}
