import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database, DialectName } from './database';
import { FALLBACK_AUTOCHECKPOINT_PAGES, startCheckpointer } from './sqlite-checkpointer';
import { GroupCommitSqliteDialect } from './sqlite-group-commit';

// int8 (bigint) columns hold epoch milliseconds and counters, all far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

export interface ConnectOptions {
  poolSize?: number;
  /**
   * SQLite only: checkpoint the WAL from a worker thread's connection (decision 0182; the default). A
   * process that writes in bulk and exits (the seed) passes false: with no second connection open, the
   * seed can leave WAL mode for a rollback journal in memory, so its pages are written once (decision 0203).
   */
  checkpointer?: boolean;
  /** SQLite only: load Jobwise's rank function where it was built (decision 0221; the default). False: FTS5's bm25() alone, for a test that compares the two. */
  sqliteRank?: boolean;
  /**
   * SQLite in memory only: start from this image (`serialize()` of another database) instead of empty. The
   * tests migrate once per worker and give each test a copy (decision 0224).
   */
  sqliteImage?: Buffer;
}

/** Settings every PostgreSQL connection starts with (decision 0212). */
const POSTGRES_SESSION_OPTIONS = '-c max_parallel_workers_per_gather=0';

/** A PostgreSQL URL without its `options` parameter, and that parameter (null when it has none). */
function withoutUrlOptions(url: string): { connectionString: string; options: string | null } {
  const parsed = new URL(url);
  const options = parsed.searchParams.get('options');
  if (options === null) return { connectionString: url, options: null };
  parsed.searchParams.delete('options');
  return { connectionString: parsed.toString(), options };
}

/**
 * Jobwise's full-text rank function for SQLite (decision 0221), built at install by
 * scripts/build-sqlite-rank.mjs. Where it is missing or cannot load, searches rank with FTS5's bm25().
 */
export const SQLITE_RANK_EXTENSION = fileURLToPath(new URL('../../../build/sqlite-rank/jobwise_rank.so', import.meta.url));

/** SQLite Kysely instances whose connection has the rank function. */
const sqliteRankLoaded = new WeakSet<Kysely<Database>>();

/** Whether `db` is a SQLite connection with jobwise_bm25() (decision 0221). */
export function hasSqliteRank(db: Kysely<Database>): boolean {
  return sqliteRankLoaded.has(db);
}

function loadSqliteRank(database: SQLite.Database): boolean {
  if (!existsSync(SQLITE_RANK_EXTENSION)) return false;
  try {
    database.loadExtension(SQLITE_RANK_EXTENSION);
    return true;
  } catch {
    return false;
  }
}

/** How each PostgreSQL Kysely instance's pool connects, for a connection of its own beside the pool (LISTEN, decision 0230). */
const postgresClientConfigs = new WeakMap<Kysely<Database>, pg.ClientConfig>();

/** The settings to open one more connection to `db`'s PostgreSQL database, if `db` came from connectDatabase with a PostgreSQL URL. */
export function postgresClientConfigOf(db: Kysely<Database>): pg.ClientConfig | undefined {
  return postgresClientConfigs.get(db);
}

/** Each PostgreSQL Kysely instance's pool, for the metrics of its use. */
const postgresPools = new WeakMap<Kysely<Database>, pg.Pool>();

export interface PoolUse {
  /** Connections open, in use or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection: above 0 for long, the pool is too small or the database slow. */
  waiting: number;
}

/** How `db`'s PostgreSQL pool is used now; undefined on SQLite, which has one connection and no pool. */
export function databasePoolUse(db: Kysely<Database>): PoolUse | undefined {
  const pool = postgresPools.get(db);
  return pool && { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

/** The better-sqlite3 connection under each SQLite Kysely instance, for bulk work that prepares a statement once (the seed). */
const sqliteConnections = new WeakMap<Kysely<Database>, SQLite.Database>();

/** The SQLite connection under `db`, if `db` came from connectDatabase with a SQLite URL. */
export function sqliteConnectionOf(db: Kysely<Database>): SQLite.Database | undefined {
  return sqliteConnections.get(db);
}

export function sqliteFileFromUrl(url: string): string {
  const rest = url.replace(/^sqlite:(\/\/)?/, '');
  return rest === '' ? ':memory:' : rest;
}

export function connectDatabase(url: string, options: ConnectOptions = {}): DatabaseHandle {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const { connectionString, options: urlOptions } = withoutUrlOptions(url);
    const clientConfig: pg.ClientConfig = {
      connectionString,
      // While PostgreSQL restarts a request fails in seconds (503, decision 0142) instead of hanging.
      connectionTimeoutMillis: 5000,
      // Every statement runs in its own backend, without parallel workers (decision 0212): a search
      // reads a bounded few thousand rows, and starting workers cost 30-50 ms where the work took 7.
      // An operator's PGOPTIONS, then the URL's `options`, come after, and win (pg would let the URL's
      // replace the whole string).
      options: [POSTGRES_SESSION_OPTIONS, process.env.PGOPTIONS, urlOptions].filter(Boolean).join(' '),
    };
    const pool = new pg.Pool({ ...clientConfig, max: options.poolSize ?? 10 });
    // A connection dropped by a PostgreSQL restart emits 'error'; with no listener that would end the
    // process. Idle ones are the pool's ('error' on the pool: it discards them); one checked out between
    // two statements of a transaction is ours: its next statement fails, the transaction rolls back, and
    // the pool discards it when it comes back with that error.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    postgresClientConfigs.set(db, clientConfig);
    postgresPools.set(db, pool);
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const file = sqliteFileFromUrl(url);
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  if (options.sqliteImage && file !== ':memory:') throw new Error('sqliteImage is for an in-memory database');
  const database = options.sqliteImage ? new SQLite(options.sqliteImage) : new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // Job search reads a few hundred pages per query: keep them in memory rather than re-reading the file.
  database.pragma('cache_size = -65536');
  database.pragma('mmap_size = 268435456');
  // Checkpoints run in a worker thread; this connection's own are only a fallback (decision 0182).
  const checkpointer = file === ':memory:' || options.checkpointer === false ? null : startCheckpointer(file);
  if (checkpointer) database.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  // Concurrent requests' statements share one commit per turn of the event loop (decision 0181), unless
  // another connection of this process has the same file open.
  const key = file === ':memory:' ? null : path.resolve(file);
  if (key) openSqliteFiles.set(key, (openSqliteFiles.get(key) ?? 0) + 1);
  const grouping = () => !key || openSqliteFiles.get(key) === 1;
  const db = new Kysely<Database>({ dialect: new GroupCommitSqliteDialect(database, withStatementCache(database), grouping) });
  sqliteConnections.set(db, database);
  if (options.sqliteRank !== false && loadSqliteRank(database)) sqliteRankLoaded.add(db);
  let closed = false;
  return {
    db,
    dialect: 'sqlite',
    close: async () => {
      if (key && !closed) openSqliteFiles.set(key, (openSqliteFiles.get(key) ?? 1) - 1);
      closed = true;
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}

/** SQLite files this process has open, and how many connections each. */
const openSqliteFiles = new Map<string, number>();

/** Statements kept prepared per connection; the least recently used beyond this is dropped. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every statement anew (about a sixth of a sign-up's server time,
 * decision 0180). This keeps the prepared statements by their SQL text, least recently used first out.
 * A statement still being iterated (a streamed select) is busy and cannot be run again: a fresh one is
 * prepared for that call. SQLite re-prepares a cached statement itself when the schema changes.
 */
export function withStatementCache(database: SQLite.Database, size = STATEMENT_CACHE_SIZE): { prepare(sql: string): SQLite.Statement; close(): void } {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(text: string) {
      const cached = statements.get(text);
      if (cached && !cached.busy) {
        // Most recently used last: a Map keeps insertion order.
        statements.delete(text);
        statements.set(text, cached);
        return cached;
      }
      const statement = database.prepare(text);
      if (!cached) {
        statements.set(text, statement);
        if (statements.size > size) statements.delete(statements.keys().next().value!);
      }
      return statement;
    },
    close() {
      statements.clear();
      database.close();
    },
  };
}

export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  // PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now, and connection exceptions (class 08).
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  // SQLite: the file is locked by another writer for longer than busy_timeout.
  'SQLITE_BUSY',
]);

/**
 * True when a query failed because the database could not be reached or is restarting, rather than
 * because of the query: such requests answer 503 with Retry-After (decision 0142).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 4; current = (current as { cause?: unknown }).cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (/Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection terminated unexpectedly/i.test(current.message)) return true;
  }
  return false;
}
