import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Issue 47, decision 0278: `npm run build` compiles the server, and the built tree runs with production
// dependencies only. The test lays out what `npm ci --omit=dev` would install (the packages `npm ls
// --omit=dev` names, hard-linked from this checkout's node_modules, no network) beside a copy of the
// project, builds the server there, and starts it as `npm start` does.
const ROOT = path.resolve(import.meta.dirname, '..');
/** Where the server listens: it picks a free port (PORT=0) and logs it. */
let BASE = '';
const PROJECT_ENTRIES = ['src', 'tools', 'content', 'public', 'scripts', 'dist', 'build', 'package.json', 'package-lock.json', 'tsconfig.json'];

let work: string;
let server: ChildProcess | undefined;
const logLines: string[] = [];

function productionPackages(): string[] {
  const listed = spawnSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], { cwd: ROOT, encoding: 'utf8' });
  const top = new Set<string>();
  for (const line of listed.stdout.split('\n')) {
    const relative = path.relative(ROOT, line.trim()).split(path.sep);
    if (relative[0] !== 'node_modules' || !relative[1]) continue;
    top.add(relative[1].startsWith('@') ? path.join('node_modules', relative[1], relative[2] ?? '') : path.join('node_modules', relative[1]));
  }
  return [...top];
}

function linkCopy(from: string, to: string) {
  mkdirSync(path.dirname(to), { recursive: true });
  const copied = spawnSync('cp', ['-al', from, to]);
  if (copied.status !== 0) throw new Error(`cp -al ${from}: ${copied.stderr.toString()}`);
}

async function waitUntilReady(): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server?.exitCode !== null) throw new Error(`the compiled server exited:\n${logLines.join('\n')}`);
    BASE ||= /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(logLines.join('\n'))?.[1] ?? '';
    if (!BASE) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    try {
      if ((await fetch(`${BASE}/readyz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the compiled server did not become ready:\n${logLines.join('\n')}`);
}

beforeAll(async () => {
  if (!existsSync(path.join(ROOT, 'dist/client/.vite/manifest.json'))) throw new Error('run `npm run build` first: the test copies the client build');
  work = mkdtempSync(path.join(tmpdir(), 'jobwise-compiled-'));
  for (const entry of PROJECT_ENTRIES) if (existsSync(path.join(ROOT, entry))) linkCopy(path.join(ROOT, entry), path.join(work, entry));
  for (const dir of productionPackages()) linkCopy(path.join(ROOT, dir), path.join(work, dir));
  // The server is built from the copy, with this checkout's build tools, and run with none of them.
  rmSync(path.join(work, 'dist/server-js'), { recursive: true, force: true });
  const built = spawnSync(process.execPath, ['--input-type=module', '-e', `import { buildServer } from ${JSON.stringify(path.join(ROOT, 'scripts/build-server.mjs'))}; await buildServer(${JSON.stringify(work)});`], { encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`building the server failed: ${built.stderr}`);
  const data = path.join(work, 'data');
  server = spawn(process.execPath, ['--enable-source-maps', 'dist/server-js/main.js'], {
    cwd: work,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://127.0.0.1',
      DATABASE_URL: `sqlite:${path.join(data, 'jobwise.sqlite')}`,
      DATA_DIR: data,
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      // Nothing is mailed here; production only asks that a server be named.
      SMTP_URL: 'smtp://127.0.0.1:25',
      SEED_DEMO_DATA: 'false',
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
  server.stderr?.on('data', (chunk: Buffer) => logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
  await waitUntilReady();
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the compiled server, with production dependencies only', () => {
  it('has no development package to lean on', () => {
    // (esbuild is there: tsx, which the demo seed's worker runs under, depends on it.)
    for (const devOnly of ['vite', 'typescript', 'vitest', 'eslint', '@fastify/middie']) expect(existsSync(path.join(work, 'node_modules', devOnly)), devOnly).toBe(false);
    expect(existsSync(path.join(work, 'node_modules/fastify'))).toBe(true);
  });

  it('serves a server-rendered page', async () => {
    const response = await fetch(`${BASE}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<!doctype html>');
  });

  it('carries a trusted proxy\'s request id to its log line and the answer', async () => {
    const response = await fetch(`${BASE}/healthz`, { headers: { 'x-request-id': 'compiled-check-0001' } });
    expect(response.headers.get('x-request-id')).toBe('compiled-check-0001');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(logLines.some((line) => line.includes('"reqId":"compiled-check-0001"'))).toBe(true);
  });

  it('shows /metrics to a scraper on this machine, process figures included, and refuses a forwarded request', async () => {
    const local = await fetch(`${BASE}/metrics`);
    expect(local.status).toBe(200);
    const body = await local.text();
    expect(body).toContain('jobwise_http_requests_total{method="GET",route="/healthz",status="200"}');
    expect(body).toContain('process_cpu_user_seconds_total');
    expect((await fetch(`${BASE}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(404);
  });
});
