// Group commit for the one SQLite connection (decision 0181): the statements that concurrent requests run
// in one turn of the event loop share one transaction, committed at the end of that turn; each statement's
// promise settles only once its transaction has committed, so no request sees, answers on or acknowledges
// anything that is not stored.
import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

export interface StatementSource {
  prepare(sql: string): SQLite.Statement;
  close(): void;
}

interface Waiting {
  resolve(result: QueryResult<unknown>): void;
  reject(error: unknown): void;
  result: QueryResult<unknown>;
}

/** Plain data statements may share a transaction; anything else (DDL, pragmas, begin) runs on its own. */
const BATCHABLE = /^\s*(select|insert|update|delete|with|replace)\b/i;

function run(statement: SQLite.Statement, parameters: readonly unknown[]): QueryResult<unknown> {
  if (statement.reader) return { rows: statement.all(parameters) };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

class GroupCommitConnection implements DatabaseConnection {
  constructor(private readonly driver: GroupCommitSqliteDriver) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.execute(this, query) as Promise<QueryResult<R>>;
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const release = await this.driver.takeExclusive(this);
    try {
      for (const row of this.driver.statements.prepare(query.sql).iterate(query.parameters)) yield { rows: [row as R] };
    } finally {
      release();
    }
  }
}

export class GroupCommitSqliteDriver implements Driver {
  /** Statements of the open shared transaction, settled when it commits. */
  private waiting: Waiting[] = [];
  private batchOpen = false;
  /** A connection running an explicit transaction (or a stream): everyone else waits for it. */
  private exclusiveOwner: GroupCommitConnection | null = null;
  private exclusiveDone: Promise<void> | null = null;
  private endExclusive: (() => void) | null = null;

  constructor(
    private readonly database: SQLite.Database,
    readonly statements: StatementSource,
    /** False while another connection of this process has the same file open (see execute). */
    private readonly grouping: () => boolean = () => true,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new GroupCommitConnection(this);
  }

  async releaseConnection(): Promise<void> {}

  async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings): Promise<void> {
    await this.takeExclusive(connection as GroupCommitConnection);
    // IMMEDIATE takes the write lock first (waiting up to busy_timeout): a deferred transaction that read
    // and then wrote after another process's commit would fail at once with SQLITE_BUSY, no wait. Not
    // with a second connection of this process on the file (two instances in a test): waiting for its
    // lock would hold the event loop that lets it commit.
    this.database.exec(this.grouping() ? 'begin immediate' : 'begin');
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      this.database.exec('commit');
    } finally {
      this.releaseExclusive(connection as GroupCommitConnection);
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      if (this.database.inTransaction) this.database.exec('rollback');
    } finally {
      this.releaseExclusive(connection as GroupCommitConnection);
    }
  }

  async savepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    await this.savepointCommand(connection, 'savepoint', name, compileQuery);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    await this.savepointCommand(connection, 'rollback to', name, compileQuery);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    await this.savepointCommand(connection, 'release', name, compileQuery);
  }

  async destroy(): Promise<void> {
    while (this.exclusiveDone) await this.exclusiveDone;
    this.commitBatch();
    this.statements.close();
  }

  /** Runs a statement: in the shared transaction, or at once inside the caller's own transaction. */
  async execute(connection: GroupCommitConnection, query: CompiledQuery): Promise<QueryResult<unknown>> {
    while (this.exclusiveOwner && this.exclusiveOwner !== connection) await this.exclusiveDone;
    const statement = this.statements.prepare(query.sql);
    if (this.exclusiveOwner === connection) return run(statement, query.parameters);
    // Two connections of one process on one file (two instances in a test): a statement of one waiting
    // synchronously for the other's lock would keep the event loop, and with it the other's commit, from
    // running. Each statement then commits alone, as before grouping.
    if (!BATCHABLE.test(query.sql) || !this.grouping()) {
      this.commitBatch();
      return run(statement, query.parameters);
    }
    // A read with nothing uncommitted sees only stored data: it needs no transaction.
    if (!this.batchOpen && statement.readonly) return run(statement, query.parameters);
    if (!this.batchOpen) {
      this.database.exec('begin');
      this.batchOpen = true;
      setImmediate(() => this.commitBatch());
    }
    let result: QueryResult<unknown>;
    try {
      result = run(statement, query.parameters);
    } catch (error) {
      // A failed statement is undone on its own; if SQLite ended the whole transaction (I/O error, full
      // disk), the statements before it are gone too and their callers must hear so.
      if (!this.database.inTransaction) this.failBatch(error);
      throw error;
    }
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject, result }));
  }

  /** Waits for the connection to be free, commits the shared transaction, and keeps everyone else out. */
  async takeExclusive(connection: GroupCommitConnection): Promise<() => void> {
    while (this.exclusiveOwner && this.exclusiveOwner !== connection) await this.exclusiveDone;
    this.exclusiveOwner = connection;
    this.exclusiveDone = new Promise((resolve) => (this.endExclusive = resolve));
    this.commitBatch();
    return () => this.releaseExclusive(connection);
  }

  private releaseExclusive(connection: GroupCommitConnection): void {
    if (this.exclusiveOwner !== connection) return;
    const end = this.endExclusive;
    this.exclusiveOwner = null;
    this.exclusiveDone = null;
    this.endExclusive = null;
    end?.();
  }

  private async savepointCommand(connection: DatabaseConnection, command: string, name: string, _compileQuery: QueryCompiler['compileQuery']) {
    // Only inside the caller's own transaction, where statements run at once.
    await connection.executeQuery(CompiledQuery.raw(`${command} "${name.replaceAll('"', '""')}"`));
  }

  private commitBatch(): void {
    if (!this.batchOpen) return;
    const waiting = this.waiting;
    this.waiting = [];
    this.batchOpen = false;
    try {
      this.database.exec('commit');
    } catch (error) {
      try {
        if (this.database.inTransaction) this.database.exec('rollback');
      } catch {
        // the connection reports the same failure on its next statement
      }
      for (const entry of waiting) entry.reject(error);
      return;
    }
    for (const entry of waiting) entry.resolve(entry.result);
  }

  private failBatch(error: unknown): void {
    const waiting = this.waiting;
    this.waiting = [];
    this.batchOpen = false;
    for (const entry of waiting) entry.reject(error);
  }
}

/** Kysely's SQLite dialect with the group-commit driver. */
export class GroupCommitSqliteDialect extends SqliteDialect {
  constructor(
    private readonly database: SQLite.Database,
    private readonly statements: StatementSource,
    private readonly grouping?: () => boolean,
  ) {
    super({ database: statements });
  }

  override createDriver(): Driver {
    return new GroupCommitSqliteDriver(this.database, this.statements, this.grouping);
  }
}
