// Vitest's global setup: on PostgreSQL (TEST_DATABASE_URL), one migrated template database for the run.
// A worker's databases are copies of it (CREATE DATABASE ... TEMPLATE) instead of schemas migrated anew,
// each put back as the template left it after a test (tests/support/test-database.ts, decision 0318).
// SQLite needs nothing here.
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrate';
import { databaseUrl, onServer } from './postgres-server';

declare module 'vitest' {
  interface ProvidedContext {
    /** The migrated template database's name, on PostgreSQL. */
    postgresTemplate: string | null;
  }
}

/** A run's template is named jobwise_t<seconds since 1970>_<random>; each test's copy <template>_<random>. */
const templateName = () => `jobwise_t${Math.floor(Date.now() / 1000)}_${randomBytes(4).toString('hex')}`;
const RUN_DATABASE = /^jobwise_t(\d+)_[0-9a-f]+(_[0-9a-f]+)?$/;

/** Older than this, a test database or template is left over from a run that was killed. */
const LEFTOVER_SECONDS = 6 * 3600;

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url?.startsWith('postgres')) {
    project.provide('postgresTemplate', null);
    return undefined;
  }
  const template = templateName();
  await onServer(url, async (client) => {
    const { rows } = await client.query<{ name: string }>(`select datname as name from pg_database where datname like 'jobwise\\_%'`);
    const now = Date.now() / 1000;
    for (const { name } of rows) {
      const made = RUN_DATABASE.exec(name)?.[1];
      if (made && now - Number(made) > LEFTOVER_SECONDS) await client.query(`drop database if exists ${name} with (force)`);
    }
    await client.query(`create database ${template}`);
  });
  const handle = connectDatabase(databaseUrl(url, template));
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
  // The app's queues, as its first start makes them (pg-boss's queue rows and per-queue partitions):
  // each test's app finds them, instead of creating and its reset dropping a dozen tables every test.
  const { createTestApp } = await import('./test-app');
  const app = await createTestApp({}, { database: connectDatabase(databaseUrl(url, template)) });
  await app.close();
  project.provide('postgresTemplate', template);
  return async () => {
    await onServer(url, async (client) => {
      // The workers' kept copies (tests/support/test-database.ts), then the template.
      const { rows } = await client.query<{ name: string }>('select datname as name from pg_database where starts_with(datname, $1)', [`${template}_`]);
      for (const { name } of rows) await client.query(`drop database if exists ${name} with (force)`);
      await client.query(`drop database if exists ${template} with (force)`);
    });
  };
}
