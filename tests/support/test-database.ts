import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { connectDatabase, sqliteConnectionOf, type DatabaseHandle } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrate';
import { copyDatabaseName, databaseUrl, onServer } from './postgres-server';

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
 * (tests/support/postgres-template.ts), put back as the template left it on close (decision 0318).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url || url.startsWith('sqlite')) {
    migratedSqliteImage ??= migrateSqliteImage();
    return connectDatabase('sqlite::memory:', { sqliteImage: await migratedSqliteImage });
  }
  const database = await takeCopy(url);
  const handle = connectDatabase(database.url, { poolSize: 4 });
  return {
    ...handle,
    async close() {
      await handle.close();
      await giveBack(database);
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
 * The relations of the schemas a test may write (every one but PostgreSQL's own), named with their kind
 * and column count; pg-boss's per-queue partitions, which it creates as queues are first used, left out.
 */
const SCHEMA_FINGERPRINT = `
  select md5(coalesce(string_agg(n.nspname || '.' || c.relname || ':' || c.relkind::text || ':' ||
    (select count(*) from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped),
    ',' order by n.nspname, c.relname), '')) as fingerprint
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and not c.relispartition`;

/**
 * The template's fingerprint, the tables that hold rows in it (migration bookkeeping, pg-boss's version
 * and queues) and pg-boss's partitions for the app's queues.
 */
interface TemplateShape {
  fingerprint: string;
  tablesWithRows: Set<string>;
  partitions: Set<string>;
}

const PARTITIONS = `
  select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relispartition and c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')`;
let templateShape: Promise<TemplateShape> | undefined;

async function readTemplateShape(copyUrl: string): Promise<TemplateShape> {
  return onServer(copyUrl, async (client) => {
    const { rows } = await client.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT);
    const withRows = await client.query<{ name: string }>(`
      select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and pg_relation_size(c.oid) > 0`);
    const partitions = await client.query<{ name: string }>(PARTITIONS);
    return { fingerprint: rows[0]!.fingerprint, tablesWithRows: new Set(withRows.rows.map((row) => row.name)), partitions: new Set(partitions.rows.map((row) => row.name)) };
  });
}

/**
 * Puts a used copy back as the template left it, or answers false when it cannot be (a test dropped an
 * index, say): every other connection ended, pg-boss's partitions that the template lacks dropped, every
 * table a test wrote emptied (DELETE: TRUNCATE's new files for the dozens of tables a foreign key cascades
 * to cost as much as a copy) and ANALYZE's statistics forgotten.
 */
async function resetCopy(copy: DatabaseCopy, shape: TemplateShape): Promise<boolean> {
  return onServer(copy.url, async (client) => {
    await client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    const partitions = (await client.query<{ name: string }>(PARTITIONS)).rows.map((row) => row.name).filter((name) => !shape.partitions.has(name));
    if (partitions.length > 0) await client.query(`drop table if exists ${partitions.join(', ')} cascade`);
    const { rows } = await client.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT);
    if (rows[0]!.fingerprint !== shape.fingerprint) return false;
    const written = await client.query<{ name: string }>(`
      select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and pg_relation_size(c.oid) > 0`);
    const names = written.rows.map((row) => row.name).filter((name) => !shape.tablesWithRows.has(name));
    // Foreign keys are not checked while emptying (replica role): every table is emptied at once.
    if (names.length > 0) await client.query(`set session_replication_role = replica; ${names.map((name) => `delete from ${name}`).join('; ')}; reset session_replication_role`);
    await client.query(`delete from pg_statistic where starelid in (
      select c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast'))`);
    return true;
  });
}

/**
 * A worker's databases: a copy of the template costs PostgreSQL a few hundred milliseconds to make and
 * drop, once for each of a run's thousand tests. A closed test's copy is instead put back as the template
 * left it (resetCopy) and given to the next test; one that cannot be is dropped. The last ones are dropped
 * with the template at the end of the run (tests/support/postgres-template.ts).
 */
const freeCopies: DatabaseCopy[] = [];

async function takeCopy(url: string): Promise<DatabaseCopy> {
  const copy = freeCopies.pop() ?? (await makeCopy(url));
  templateShape ??= readTemplateShape(copy.url);
  await templateShape;
  return copy;
}

async function giveBack(copy: DatabaseCopy): Promise<void> {
  if (await resetCopy(copy, await templateShape!)) freeCopies.push(copy);
  else await copy.drop();
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
  const database = await takeCopy(url);
  return {
    url: database.url,
    connect: () => connectDatabase(database.url, { poolSize: 4 }),
    close: () => giveBack(database),
  };
}
