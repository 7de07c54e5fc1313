// Benchmark harness: runs each scenario against the production build and, in the same run, against a
// bare node:http server that answers the same bytes, so a noisy shared machine shows up in both.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

export interface LoadOptions {
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  /** Builds each request; use it to vary bodies (new emails, ...). */
  setupRequest?: autocannon.Options['requests'];
}

export interface BenchScenario {
  name: string;
  description: string;
  /** Extra environment for the application server (the baseline needs none). */
  appEnv?: Record<string, string>;
  /** Run the compiled server (dist/server-js/main.js, what `npm start` runs) instead of the sources under tsx. */
  compiled?: boolean;
  /** Runs before the server starts (create a database, ...); its answer is added to appEnv. null skips the scenario. */
  prepare?(): Promise<Record<string, string> | null>;
  load: LoadOptions;
  /** Runs once the app is up, before the sample is taken: fills in what only the running app knows (a job's address). */
  resolveLoad?(appUrl: string): Promise<LoadOptions>;
  /** Checks after the run (rows stored, ...); returns a line for the report. */
  verify?(appUrl: string, result: Measurement): Promise<string>;
}

export interface Measurement {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
}

export const BENCH_DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 8);

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

function waitForExit(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
  });
}

async function waitForUrl(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${url}`);
}

/** The real server (production build) on a fresh database: from the sources under tsx, or compiled (decision 0278). */
/** `cwd`: another checkout's directory, to run its code on the same data (a base for comparison). */
export async function startAppServer(port: number, env: Record<string, string> = {}, { compiled = false, cwd }: { compiled?: boolean; cwd?: string } = {}): Promise<RunningServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'jobwise-bench-'));
  const child = spawn(process.execPath, compiled ? ['--enable-source-maps', 'dist/server-js/main.js'] : ['--import', 'tsx', 'src/server/main.ts'], {
    cwd,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      DATABASE_URL: `sqlite:${path.join(dir, 'bench.sqlite')}`,
      DATA_DIR: dir,
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForUrl(`${url}/readyz`, child, 300_000);
  } catch (error) {
    // A server that never became ready must not hold the port for the next scenario.
    child.kill('SIGTERM');
    await waitForExit(child);
    throw error;
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await waitForExit(child);
    },
  };
}

/** A bare node:http server answering every request with the captured status, headers and body. */
export async function startBaselineServer(port: number, sample: CapturedResponse): Promise<RunningServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'jobwise-baseline-'));
  const file = path.join(dir, 'response.json');
  writeFileSync(file, JSON.stringify({ ...sample, body: sample.body.toString('base64') }));
  const child = spawn(process.execPath, [path.join('bench', 'baseline-server.mjs'), String(port), file], { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  await waitForUrl(`${url}/`, child);
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await waitForExit(child);
    },
  };
}

export interface CapturedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** One request to the application, kept so the baseline can answer the very same bytes. */
export async function captureResponse(baseUrl: string, load: LoadOptions): Promise<CapturedResponse> {
  const response = await fetch(baseUrl + load.path, {
    method: load.method ?? 'GET',
    headers: load.headers,
    body: load.body,
  });
  const body = Buffer.from(await response.arrayBuffer());
  // Every header the app sent, so the baseline answers the same bytes (less those of the connection).
  const skip = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!skip.has(name)) headers[name] = value;
  });
  return { status: response.status, headers, body };
}

export async function measure(baseUrl: string, load: LoadOptions, durationSeconds = BENCH_DURATION_SECONDS): Promise<Measurement> {
  const result = await autocannon({
    url: baseUrl + load.path,
    method: load.method ?? 'GET',
    headers: load.headers,
    body: load.body,
    connections: load.connections ?? 50,
    duration: durationSeconds,
    requests: load.setupRequest,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** The q-quantile (0.5, 0.95) of times already sorted ascending, by the nearest-rank method. */
export function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

/**
 * A new, empty PostgreSQL database `name` on the server of `adminUrl` (dropped first if it exists), and
 * its URL; null when the server is not reachable. Names are the benches' own constants, never input.
 */
export async function freshPostgresDatabase(adminUrl: string, name: string): Promise<string | null> {
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  try {
    await admin.query(`drop database if exists ${pg.escapeIdentifier(name)}`);
    await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops the PostgreSQL database `name` on the server of `adminUrl`, if it is there. */
export async function dropPostgresDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
}
