import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/server/plugins/ssr';
import { startSmtp, type TestSmtpServer } from '../support/smtp-server';

// Issue 14, finding 1: `NODE_ENV=development npm start` served every page as a 500 ("jsxDEV is not a
// function"): the build and the runtime must agree whatever NODE_ENV says. This builds a copy of the
// project once under NODE_ENV=development (the shell that broke it), so the shared dist/ that other tests
// read is never rebuilt under them, then runs `npm start` itself in each mode: the build is fresh, so
// it starts the built server without building again (decision 0224).

let copy: string;
let builtAt: number;
let smtp: TestSmtpServer;

beforeAll(() => {
  copy = mkdtempSync(path.join(tmpdir(), 'jobwise-start-'));
  for (const entry of ['src', 'tools', 'public', 'content', 'scripts', 'package.json', 'tsconfig.json', 'vite.config.ts']) {
    cpSync(path.join(PROJECT_ROOT, entry), path.join(copy, entry), { recursive: true });
  }
  symlinkSync(path.join(PROJECT_ROOT, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: copy, encoding: 'utf8', env: shellEnvironment({ NODE_ENV: 'development' }) });
  expect(build.status, `${build.stdout}${build.stderr}`).toBe(0);
  builtAt = statSync(path.join(copy, 'dist/.build-complete')).mtimeMs;
}, 150_000);
afterAll(async () => {
  await smtp?.close();
  rmSync(copy, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The environment a person's shell would have: nothing of Vitest's, NODE_ENV only when given. */
function shellEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (name === 'NODE_ENV' || name.startsWith('VITEST') || name.startsWith('TEST_') || name === 'DATABASE_URL') continue;
    env[name] = value;
  }
  return { ...env, ...extra };
}

async function waitForReady(base: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`not ready within ${timeoutMs / 1000} s:\n${output()}`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  await exited;
}

const MODES: Array<[label: string, env: () => Record<string, string>]> = [
  ['NODE_ENV unset', () => ({})],
  ['NODE_ENV=development', () => ({ NODE_ENV: 'development' })],
  ['NODE_ENV=production', () => ({ NODE_ENV: 'production', SESSION_SECRET: randomBytes(32).toString('base64url'), SMTP_URL: smtp.url })],
];

describe('npm start serves pages whatever NODE_ENV says', () => {
  beforeAll(async () => {
    smtp = await startSmtp();
  });

  it.each(MODES)('%s: / and a job page answer 200', async (_label, modeEnv) => {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(copy, 'data-'));
    const base = `http://127.0.0.1:${port}`;
    let output = '';
    const child = spawn('npm', ['start', '--silent'], {
      cwd: copy,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: shellEnvironment({
        ...modeEnv(),
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        DATA_DIR: dataDir,
        DATABASE_URL: `sqlite:${path.join(dataDir, 'jobwise.sqlite')}`,
        SEED_DEMO_JOBS: '25',
        LOG_LEVEL: 'warn',
      }),
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await waitForReady(base, child, () => output, 150_000);
      const landing = await fetch(`${base}/`);
      expect(landing.status, output).toBe(200);
      expect(await landing.text()).toContain('id="page-data"');
      const sitemap = await (await fetch(`${base}/sitemaps/jobs-1.xml`)).text();
      const jobPath = new RegExp(`<loc>${base}(/job/[^<]+)</loc>`).exec(sitemap)?.[1];
      expect(jobPath, sitemap.slice(0, 500)).toBeDefined();
      const job = await fetch(`${base}${jobPath}`);
      expect(job.status, output).toBe(200);
      expect(await job.text()).toContain('id="page-data"');
    } finally {
      await stop(child);
    }
    expect(statSync(path.join(copy, 'dist/.build-complete')).mtimeMs, 'npm start built again though the build was fresh').toBe(builtAt);
  }, 200_000);
});
