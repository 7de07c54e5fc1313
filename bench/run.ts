// npm run bench [-- name ...]: each scenario against the app and against the bare baseline, same run.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { BENCH_DURATION_SECONDS, captureResponse, measure, startAppServer, startBaselineServer, type Measurement } from './harness';
import { namedOnlyScenarios, scenarios } from './scenarios/index';

const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 3300);
const BASELINE_PORT = APP_PORT + 1;
const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const selected = wanted.length ? [...scenarios, ...namedOnlyScenarios].filter((s) => wanted.includes(s.name)) : scenarios;

if (!existsSync('dist/client/.vite/manifest.json') || process.argv.includes('--build')) {
  execSync('npm run build --silent', { stdio: 'inherit' });
}

const fmt = (m: Measurement) => `${m.requestsPerSecond.toFixed(0).padStart(7)} req/s  p50 ${String(m.p50).padStart(4)} ms  p99 ${String(m.p99).padStart(4)} ms`;

console.log(`Jobwise benchmarks: ${BENCH_DURATION_SECONDS} s each, ${selected.length} scenario(s); app and bare node:http baseline measured back to back.\n`);
let failed = false;
// Not app-versus-baseline: haproxy with one and with two instances, side by side (bench/cluster.ts).
if (wanted.includes('cluster')) {
  const { runClusterBench } = await import('./cluster');
  failed = !(await runClusterBench().catch((error: unknown) => {
    console.error('cluster: failed:', error);
    return false;
  }));
}
// Not app-versus-baseline either: the seed before issue 16 and the seed now, one after the other (bench/seed.ts).
if (wanted.includes('seed')) {
  const { runSeedBench } = await import('./seed');
  if (!(await runSeedBench())) failed = true;
}
// Not requests either: the aggregators' feed of 100,000 jobs, its time and peak memory (bench/feed.ts).
if (wanted.includes('feed')) {
  const { runFeedBench } = await import('./feed');
  if (!(await runFeedBench())) failed = true;
}
// Not requests either: messages posted and delivered on 200 open streams, beside a bare SSE server (bench/messages.ts).
if (wanted.includes('messages')) {
  const { runMessagesBench } = await import('./messages');
  if (!(await runMessagesBench())) failed = true;
}
// Not requests: how often the search finds what a seeker means, today beside the words as typed (bench/relevance.ts).
if (wanted.includes('relevance')) {
  const { runRelevanceBench } = await import('./relevance');
  if (!(await runRelevanceBench().catch((error: unknown) => {
    console.error('relevance: failed:', error);
    return false;
  }))) failed = true;
}
// Not requests either: jobs per second through the job queue on SQLite and PostgreSQL, beside plain statements (bench/queue.ts).
if (wanted.includes('queue')) {
  const { runQueueBench, runUploadBench } = await import('./queue');
  if (!(await runQueueBench())) failed = true;
  if (!(await runUploadBench())) failed = true;
}
for (const scenario of selected) {
  const prepared = scenario.prepare ? await scenario.prepare() : {};
  if (prepared === null) {
    console.log(`${scenario.name}: skipped (its prerequisites are missing)\n`);
    continue;
  }
  let app: Awaited<ReturnType<typeof startAppServer>> | null = null;
  try {
    app = await startAppServer(APP_PORT, { ...scenario.appEnv, ...prepared }, { compiled: scenario.compiled ?? false });
    const load = scenario.resolveLoad ? await scenario.resolveLoad(app.url) : scenario.load;
    const sample = await captureResponse(app.url, load);
    await measure(app.url, load, 1); // warm-up
    const appResult = await measure(app.url, load);
    const verification = scenario.verify ? await scenario.verify(app.url, appResult) : '';
    await app.stop();
    const baseline = await startBaselineServer(BASELINE_PORT, sample);
    await measure(baseline.url, load, 1);
    const baseResult = await measure(baseline.url, load);
    await baseline.stop();
    const ratio = appResult.requestsPerSecond / baseResult.requestsPerSecond;
    console.log(`${scenario.name}: ${scenario.description} (${load.path})`);
    console.log(`  app       ${fmt(appResult)}  (${appResult.total} requests, ${appResult.non2xx} non-2xx, ${appResult.errors} errors)`);
    console.log(`  baseline  ${fmt(baseResult)}`);
    console.log(`  ratio     ${ratio.toFixed(2)} of the bare server`);
    if (verification) console.log(`  check     ${verification}`);
    console.log('');
    if (appResult.errors > 0) failed = true;
  } catch (error) {
    failed = true;
    console.error(`${scenario.name}: failed:`, error);
    await app?.stop().catch(() => undefined);
  }
}
process.exit(failed ? 1 : 0);
