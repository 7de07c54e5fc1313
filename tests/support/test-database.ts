import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { connectDatabase, sqliteConnectionOf, type DatabaseHandle } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrate';
import { copyDatabaseName, databaseUrl, onServer } from './postgres-template';

/** This worker's migrated in-memory SQLite database, serialized: every test's database starts as a copy. */
let migratedSqliteImage: Promise<Buffer> | undefined;

async function migrateSqliteImage(): Promise<Buffer> {
  const handle = connectDatabase('sqlite::memory:');
  try {
    await migrateToLatest(handle.db);
    return sqliteConnectionOf(handle.db)!.serialize();
  } finally {
    await handle.close();
  }
}

/**
 * A fresh, migrated database for one test: in-memory SQLite by default, a copy of the worker's migrated
 * image (every migration runs once per worker, not once per test: decision 0224); or, when
 * TEST_DATABASE_URL names PostgreSQL, a database of its own copied from the run's migrated template
 * (tests/support/postgres-template.ts), dropped on close.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url || url.startsWith('sqlite')) {
    migratedSqliteImage ??= migrateSqliteImage();
    return connectDatabase('sqlite::memory:', { sqliteImage: await migratedSqliteImage });
  }
  const database = await copyTemplate(url);
  const handle = connectDatabase(database.url, { poolSize: 4 });
  return {
    ...handle,
    async close() {
      await handle.close();
      await database.drop();
    },
  };
}

interface DatabaseCopy {
  url: string;
  drop: () => Promise<void>;
}

/** A new PostgreSQL database copied from the run's migrated template, and how to drop it. */
async function makeCopy(url: string): Promise<DatabaseCopy> {
  const template = inject('postgresTemplate');
  if (!template) throw new Error('No PostgreSQL template: vitest.config.ts runs tests/support/postgres-template.ts first');
  const name = copyDatabaseName(template);
  await onServer(url, (client) => client.query(`create database ${name} template ${template}`));
  return {
    url: databaseUrl(url, name),
    drop: async () => {
      await onServer(url, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/**
 * The next test's database, copied while this one runs (decision 0224): a copy is most of a test's
 * setup on PostgreSQL. The worker's last spare is dropped with the template at the end of the run.
 */
let nextCopy: Promise<DatabaseCopy> | undefined;

function copyTemplate(url: string): Promise<DatabaseCopy> {
  const copy = nextCopy ?? makeCopy(url);
  nextCopy = makeCopy(url);
  // A failed copy fails the test that takes it, not the process.
  nextCopy.catch(() => undefined);
  return copy;
}

export const testDialect = (): 'sqlite' | 'postgres' =>
  process.env.TEST_DATABASE_URL?.startsWith('postgres') ? 'postgres' : 'sqlite';

/** One database that several app instances connect to, each with a pool of its own (cluster tests). */
export interface SharedTestDatabase {
  /** PostgreSQL: the database's address, for a client of the test's own. */
  url?: string;
  /** A new connection handle to the shared database; closing it leaves the database in place. */
  connect(): DatabaseHandle;
  close(): Promise<void>;
}

/** Like createTestDatabase, but shareable: a temporary SQLite file, or a PostgreSQL database of its own. */
export async function createSharedTestDatabase(): Promise<SharedTestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url || url.startsWith('sqlite')) {
    const directory = mkdtempSync(path.join(tmpdir(), 'jobwise-shared-'));
    const file = path.join(directory, 'shared.sqlite');
    const first = connectDatabase(`sqlite:${file}`);
    await migrateToLatest(first.db);
    await first.close();
    return {
      connect: () => connectDatabase(`sqlite:${file}`),
      close: async () => rmSync(directory, { recursive: true, force: true }),
    };
  }
  const database = await copyTemplate(url);
  return {
    url: database.url,
    connect: () => connectDatabase(database.url, { poolSize: 4 }),
    close: database.drop,
  };
}
