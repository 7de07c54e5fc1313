import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connectDatabase, type DatabaseHandle } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrate';

/**
 * A fresh, migrated database for one test: in-memory SQLite by default, or, when TEST_DATABASE_URL
 * names PostgreSQL, a schema of its own in that database, dropped on close.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url || url.startsWith('sqlite')) {
    const handle = connectDatabase('sqlite::memory:');
    await migrateToLatest(handle.db);
    return handle;
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const handle = connectDatabase(url, { schema, poolSize: 4 });
  await migrateToLatest(handle.db, { schema });
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop schema ${schema} cascade`);
      await cleanup.end();
    },
  };
}

export const testDialect = (): 'sqlite' | 'postgres' =>
  process.env.TEST_DATABASE_URL?.startsWith('postgres') ? 'postgres' : 'sqlite';

/** One database that several app instances connect to, each with a pool of its own (cluster tests). */
export interface SharedTestDatabase {
  /** A new connection handle to the shared database; closing it leaves the database in place. */
  connect(): DatabaseHandle;
  close(): Promise<void>;
}

/** Like createTestDatabase, but shareable: a temporary SQLite file, or a PostgreSQL schema of its own. */
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
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const first = connectDatabase(url, { schema, poolSize: 2 });
  await migrateToLatest(first.db, { schema });
  await first.close();
  return {
    connect: () => connectDatabase(url, { schema, poolSize: 4 }),
    async close() {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop schema ${schema} cascade`);
      await cleanup.end();
    },
  };
}
