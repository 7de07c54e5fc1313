// Starts haproxy in front of N Jobwise instances on a shared PostgreSQL and Redis (issue 17).
// Used by `npm run cluster`, the fault scripts (scripts/cluster/fault-*.ts) and `npm run bench -- cluster`.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connectDatabase } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seedIfEmpty } from '../../tools/seed/jobs';
import { startClusterS3, type ClusterS3 } from './s3';
import { MISSING_HAPROXY_MESSAGE, hasProgram, portsInUse, portsInUseMessage, withParentDeathSignal } from './processes';

/**
 * What each instance runs: the compiled server, as `npm start` does (decision 0278), so an instance
 * starts without compiling TypeScript. `npm run cluster` builds first; the fault scripts build when stale.
 */
const COMPILED_SERVER = 'dist/server-js/main.js';
const MISSING_BUILD_MESSAGE = `Cannot start the cluster: its instances run the compiled server (${COMPILED_SERVER}), which is missing. Run \`npm run build\` first.`;

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/jobwise_cluster';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
const ROOT = path.resolve(import.meta.dirname, '../..');
const UNAVAILABLE_BODY = JSON.stringify({
  status: 'UNAVAILABLE',
  error_message: 'The service is briefly unavailable. Please try again in a few seconds.',
  error: 'The service is briefly unavailable. Please try again in a few seconds.',
});

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Creates the database named in the URL when it is missing (connecting to the `postgres` database to do it). */
export async function ensureDatabase(url: string): Promise<void> {
  const parsed = new URL(url);
  const name = decodeURIComponent(parsed.pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`database name ${name} must be letters, digits and underscores`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^jobwise_(fault|bench)_[a-z0-9_]+$/.test(name)) throw new Error(`refusing to drop ${name}: only the fault and bench databases are dropped`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}

/**
 * Makes the database in `url` anew as a copy of a prepared one (migrated and seeded): PostgreSQL copies
 * its files, where migrating and seeding again would redo the work. Nothing may be connected to `template`.
 */
export async function copyDatabase(template: string, url: string): Promise<void> {
  const names = [template, url].map((address) => decodeURIComponent(new URL(address).pathname.slice(1)));
  if (!names.every((name) => /^jobwise_(fault|bench)_[a-z0-9_]+$/.test(name))) throw new Error(`refusing to copy ${names.join(' to ')}: only fault and bench databases are copied`);
  await dropDatabase(url);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`create database ${names[1]} template ${names[0]}`);
  } finally {
    await client.end();
  }
}

/** Migrates and seeds once, before any instance starts, so instances never race on either. */
export async function prepareDatabase(url: string, seedJobs: number): Promise<void> {
  await ensureDatabase(url);
  const database = connectDatabase(url, { poolSize: 2 });
  try {
    await migrateToLatest(database.db);
    const seeded = await seedIfEmpty(database.db, database.dialect, Date.now(), seedJobs);
    if (seeded) console.log(`Seeded ${seeded.jobs} demo jobs.`);
  } finally {
    await database.close();
  }
}

export interface ClusterOptions {
  instances: number;
  /** Where haproxy listens; instances listen on the ports after it unless instancePorts says otherwise. */
  port: number;
  bindHost?: string;
  instancePorts?: number[];
  databaseUrl: string;
  redisUrl: string;
  /** More environment for every instance (SESSION_SECRET, limits, LOG_LEVEL...). */
  env?: Record<string, string>;
  /** Instance and haproxy output goes to files in this folder instead of the terminal. */
  logDir?: string;
  /** How long an instance keeps serving after SIGTERM while haproxy drains it. */
  drainSeconds?: number;
  /**
   * Where the cluster's S3 server (s3rver) keeps its objects: the instances store files in its bucket
   * (decision 0305). Unset, a folder of this run's, removed at close.
   */
  s3Directory?: string;
}

export interface Instance {
  index: number;
  port: number;
  process: ChildProcess | null;
}

export type BackendStatus = 'UP' | 'DOWN' | 'MAINT' | 'NOLB' | string;

export class Cluster {
  readonly instances: Instance[];
  readonly workDir = mkdtempSync(path.join(tmpdir(), 'jobwise-cluster-'));
  private haproxy: ChildProcess | null = null;
  /** The S3 server the instances share, once start() (or startS3()) has run. */
  s3: ClusterS3 | null = null;
  readonly url: string;

  constructor(private readonly options: ClusterOptions) {
    const ports = options.instancePorts ?? Array.from({ length: options.instances }, (_, i) => options.port + 1 + i);
    this.instances = ports.map((port, index) => ({ index, port, process: null }));
    this.url = `http://127.0.0.1:${options.port}`;
  }

  get socketPath() {
    return path.join(this.workDir, 'haproxy.sock');
  }

  private output(): 'inherit' | 'pipe' {
    return this.options.logDir ? 'pipe' : 'inherit';
  }

  private attachLog(child: ChildProcess, name: string) {
    if (!this.options.logDir) return;
    const file = createWriteStream(path.join(this.options.logDir, `${name}.log`), { flags: 'a' });
    child.stdout?.pipe(file);
    child.stderr?.pipe(file);
  }

  instanceEnv(instance: Instance): Record<string, string> {
    const publicUrl = `http://localhost:${this.options.port}`;
    return {
      ...(process.env as Record<string, string>),
      NODE_ENV: process.env.NODE_ENV ?? 'development',
      PUBLIC_URL: process.env.PUBLIC_URL ?? publicUrl,
      ...this.options.env,
      PORT: String(instance.port),
      HOST: '127.0.0.1',
      DATABASE_URL: this.options.databaseUrl,
      REDIS_URL: this.options.redisUrl,
      // Files in the S3 server's bucket, as a real cluster keeps them in object storage (decision 0305).
      ...(this.s3 ? this.s3.env : { STORAGE_DRIVER: 'database' }),
      // Only haproxy on this machine reaches the instances (they listen on loopback).
      TRUST_PROXY: '127.0.0.1',
      SEED_DEMO_DATA: 'false',
      // prepareDatabase migrated once before any instance started (issue 47).
      MIGRATE_ON_START: 'false',
      SHUTDOWN_DRAIN_SECONDS: String(this.options.drainSeconds ?? 4),
    };
  }

  /**
   * Before anything starts (decision 0282): haproxy must be installed, and haproxy's port and every
   * instance's port free. A taken instance port would let haproxy route to whatever answers /readyz
   * there (a stale instance of another database). Throws an Error whose message says what to do.
   */
  async preflight(): Promise<void> {
    if (!hasProgram('haproxy')) throw new Error(MISSING_HAPROXY_MESSAGE);
    if (!existsSync(path.join(ROOT, COMPILED_SERVER))) throw new Error(MISSING_BUILD_MESSAGE);
    const wanted = [
      { port: this.options.port, host: this.options.bindHost ?? '127.0.0.1', usedFor: 'haproxy' },
      ...this.instances.map((instance) => ({ port: instance.port, host: '127.0.0.1', usedFor: `instance ${instance.index}` })),
    ];
    const taken = await portsInUse(wanted);
    if (taken.length > 0) throw new Error(portsInUseMessage(taken));
  }

  /** Starts (or restarts) one instance and waits until its /readyz answers 200. */
  async startInstance(index: number, timeoutMs = 60_000): Promise<void> {
    const instance = this.instances[index]!;
    // stdin is a pipe from this process: the instance ends when the launcher does (scripts/cluster/instance.mjs).
    const child = spawn(process.execPath, ['--enable-source-maps', 'scripts/cluster/instance.mjs'], {
      cwd: ROOT,
      env: this.instanceEnv(instance),
      stdio: ['pipe', this.output(), this.output()],
    });
    this.attachLog(child, `instance-${index}`);
    instance.process = child;
    child.once('exit', () => {
      if (instance.process === child) instance.process = null;
    });
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!instance.process) throw new Error(`instance ${index} exited while starting (see its log)`);
      try {
        const response = await fetch(`http://127.0.0.1:${instance.port}/readyz`);
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await sleep(200);
    }
    throw new Error(`instance ${index} was not ready within ${timeoutMs} ms`);
  }

  /** Sends a signal and waits for the process to exit (SIGTERM: drain, finish requests, exit). */
  async stopInstance(index: number, signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 30_000): Promise<void> {
    const child = this.instances[index]!.process;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    await Promise.race([exited, sleep(timeoutMs).then(() => Promise.reject(new Error(`instance ${index} did not exit within ${timeoutMs} ms`)))]);
  }

  haproxyConfig(): string {
    const bind = `${this.options.bindHost ?? '127.0.0.1'}:${this.options.port}`;
    const servers = this.instances.map((instance) => `  server app${instance.index} 127.0.0.1:${instance.port} check`).join('\n');
    return `# Written by scripts/cluster/cluster.ts (decision 0142).
global
  maxconn 4096
  stats socket ${this.socketPath} mode 600 level admin

defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  timeout http-keep-alive 10s
  # A connection refused (an instance just killed) is tried again on another instance; a GET that got
  # no answer at all too.
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response
  option forwardfor
  errorfile 502 ${path.join(this.workDir, '502.http')}
  errorfile 503 ${path.join(this.workDir, '503.http')}
  errorfile 504 ${path.join(this.workDir, '504.http')}

frontend jobwise
  bind ${bind}
  # One id per request, from the balancer to every log line of the instance that answers (issue 47).
  unique-id-format %{+X}o%ci:%cp_%fi:%fp_%Ts_%rt:%pid
  http-request set-header X-Request-Id %[unique-id]
  http-request set-header X-Forwarded-Proto http
  # A POST may have been acted on before its instance died: only the client may decide to repeat it.
  http-request disable-l7-retry if !METH_GET !METH_HEAD
  default_backend instances

backend instances
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  # A busy instance may take a while to answer /readyz: only a 503 (draining, no database) or no
  # answer within 5 s takes it out. After the first failure it is checked every 500 ms.
  timeout check 5s
  default-server inter 1s fastinter 500ms downinter 1s fall 2 rise 2
${servers}
`;
  }

  private writeErrorFiles() {
    for (const [code, reason] of [
      [502, 'Bad Gateway'],
      [503, 'Service Unavailable'],
      [504, 'Gateway Timeout'],
    ] as const) {
      writeFileSync(
        path.join(this.workDir, `${code}.http`),
        `HTTP/1.1 ${code} ${reason}\r\ncontent-type: application/json\r\ncache-control: no-store\r\nretry-after: 5\r\nconnection: close\r\ncontent-length: ${Buffer.byteLength(UNAVAILABLE_BODY)}\r\n\r\n${UNAVAILABLE_BODY}`,
      );
    }
  }

  async startHaproxy(): Promise<void> {
    this.writeErrorFiles();
    const file = path.join(this.workDir, 'haproxy.cfg');
    writeFileSync(file, this.haproxyConfig());
    if (!hasProgram('haproxy')) throw new Error(MISSING_HAPROXY_MESSAGE);
    // haproxy cannot watch the launcher: the system ends it when the launcher exits (decision 0282).
    const [command, args] = withParentDeathSignal('haproxy', ['-db', '-f', file]);
    const child = spawn(command, args, { stdio: ['ignore', this.output(), this.output()] });
    let failed: Error | null = null;
    child.once('error', (error) => (failed = error));
    this.attachLog(child, 'haproxy');
    this.haproxy = child;
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (failed) throw new Error(`haproxy did not start: ${(failed as Error).message}`);
      if (child.exitCode !== null) throw new Error('haproxy exited at start (is the port free?)');
      if ((await this.backendStatuses().catch(() => null))?.length === this.instances.length) return;
      await sleep(100);
    }
    throw new Error('haproxy did not start within 10 s');
  }

  /** haproxy's view of each instance, from its stats socket: UP, DOWN, ... */
  backendStatuses(): Promise<BackendStatus[]> {
    return new Promise((resolve, reject) => {
      const socket = connect(this.socketPath);
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('error', reject);
      socket.on('end', () => {
        const [header, ...rows] = text.trim().split('\n');
        const columns = (header ?? '').replace(/^# /, '').split(',');
        const at = (name: string) => columns.indexOf(name);
        resolve(
          rows
            .map((row) => row.split(','))
            .filter((cells) => cells[at('pxname')] === 'instances' && /^app\d+$/.test(cells[at('svname')] ?? ''))
            .map((cells) => (cells[at('status')] ?? '').split(' ')[0] ?? ''),
        );
      });
      socket.write('show stat\n');
    });
  }

  async waitForStatus(index: number, status: BackendStatus, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if ((await this.backendStatuses())[index] === status) return;
      await sleep(100);
    }
    throw new Error(`haproxy did not see instance ${index} ${status} within ${timeoutMs} ms`);
  }

  /** Starts the S3 server the instances will share (start() does it first). */
  async startS3(): Promise<ClusterS3> {
    this.s3 ??= await startClusterS3(this.options.s3Directory ?? path.join(this.workDir, 's3'));
    return this.s3;
  }

  async start(): Promise<void> {
    await this.preflight();
    await this.startS3();
    await Promise.all(this.instances.map((instance) => this.startInstance(instance.index)));
    await this.startHaproxy();
    for (const instance of this.instances) await this.waitForStatus(instance.index, 'UP');
  }

  /** One instance at a time: SIGTERM (it drains and exits), start it again, wait until haproxy sends to it. */
  async rollingRestart(onStep?: (message: string) => void): Promise<void> {
    for (const instance of this.instances) {
      onStep?.(`instance ${instance.index}: SIGTERM`);
      await this.stopInstance(instance.index, 'SIGTERM');
      onStep?.(`instance ${instance.index}: exited, starting again`);
      await this.startInstance(instance.index);
      await this.waitForStatus(instance.index, 'UP');
      onStep?.(`instance ${instance.index}: UP again`);
    }
  }

  /** Last resort (a script over its time limit): SIGKILL every process this cluster started, now. */
  killAll(): void {
    for (const instance of this.instances) instance.process?.kill('SIGKILL');
    this.haproxy?.kill('SIGKILL');
  }

  async close(): Promise<void> {
    await Promise.all(this.instances.map((instance) => this.stopInstance(instance.index, 'SIGTERM').catch(() => this.instances[instance.index]?.process?.kill('SIGKILL'))));
    if (this.haproxy && this.haproxy.exitCode === null) {
      const exited = new Promise((resolve) => this.haproxy!.once('exit', resolve));
      this.haproxy.kill('SIGTERM');
      await Promise.race([exited, sleep(5000)]);
    }
    await this.s3?.close().catch(() => undefined);
    rmSync(this.workDir, { recursive: true, force: true });
  }
}
