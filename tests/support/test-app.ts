import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import type { DatabaseHandle } from '../../src/server/db/connection';
import { createTestDatabase } from './test-database';

/** A clock the test moves by hand. */
export class TestClock {
  constructor(public time = Date.UTC(2026, 10, 21, 12, 0, 0)) {}
  now = () => this.time;
  advance(ms: number) {
    this.time += ms;
  }
}

/**
 * The start (plus a second) of the hour after the real one: rate limits count in fixed windows, and a
 * test that moved its clock for minutes from `Date.now()` crossed into the next hour's window near :55
 * and saw its count start again. Earlier runs' Redis counts are never met: each worker process has its
 * own key prefix (REDIS_KEY_PREFIX below).
 */
export function startOfNextHour(): number {
  const hour = 3_600_000;
  return (Math.floor(Date.now() / hour) + 1) * hour + 1_000;
}

export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  config: Config;
  close(): Promise<void>;
}

/**
 * This worker process's Redis keys: workers run files side by side on one Redis, and a rate limit
 * counted by one must not spend another's. A worker's files run one after another and share it, as
 * every file did when they all ran in turn; the test apps of one file (a cluster's instances) too.
 */
const REDIS_KEY_PREFIX = `jobwise-test-${randomBytes(4).toString('hex')}:`;

/** `options.database`: an instance of a cluster connects to a shared database (createSharedTestDatabase). */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { database?: DatabaseHandle; logStream?: NodeJS.WritableStream; onRoute?: (route: RouteOptions) => void } = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'jobwise-test-')),
    PUBLIC_URL: 'http://localhost:3000',
    REDIS_KEY_PREFIX,
    ...env,
  });
  const clock = new TestClock();
  const database = options.database ?? (await createTestDatabase());
  const app = await buildApp({ config, database, now: clock.now, onRoute: options.onRoute, ...(options.logStream ? { logStream: options.logStream } : { logger: false }) });
  await app.ready();
  return { app, clock, config, close: () => app.close() };
}

/** Headers our own pages send on a state-changing call. */
export const sameOriginHeaders = {
  origin: 'http://localhost:3000',
  'sec-fetch-site': 'same-origin',
  'x-requested-with': 'XMLHttpRequest',
} as const;
