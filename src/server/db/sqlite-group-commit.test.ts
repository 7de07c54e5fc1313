import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './connection';
import { GroupCommitSqliteDialect } from './sqlite-group-commit';

interface TestDb {
  items: { id: string; n: number };
}

const open: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of open.splice(0)) await close();
});

function setUp() {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'group-commit-')), 'db.sqlite');
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.exec('create table items (id text primary key, n integer not null)');
  const commits: number[] = [];
  const exec = database.exec.bind(database);
  database.exec = (text: string) => {
    if (text === 'commit') commits.push(Date.now());
    return exec(text);
  };
  const db = new Kysely<TestDb>({ dialect: new GroupCommitSqliteDialect(database, withStatementCache(database)) });
  // Another connection to the same file: sees only what is committed.
  const reader = new SQLite(file, { readonly: true });
  const stored = () => (reader.prepare('select id from items order by id').all() as { id: string }[]).map((row) => row.id);
  open.push(async () => {
    await db.destroy();
    reader.close();
  });
  return { db, commits, stored };
}

describe('SQLite group commit', () => {
  it('commits concurrent writes together, and settles each only once it is stored', async () => {
    const { db, commits, stored } = setUp();
    const seenAfterWrite: string[][] = [];
    await Promise.all(
      ['a', 'b', 'c'].map(async (id) => {
        await db.insertInto('items').values({ id, n: 1 }).execute();
        seenAfterWrite.push(stored());
      }),
    );
    expect(commits).toHaveLength(1);
    for (const seen of seenAfterWrite) expect(seen).toEqual(['a', 'b', 'c']);
  });

  it('fails only the statement that failed; the others of its group are stored', async () => {
    const { db, stored } = setUp();
    await db.insertInto('items').values({ id: 'a', n: 1 }).execute();
    const results = await Promise.allSettled([
      db.insertInto('items').values({ id: 'b', n: 1 }).execute(),
      db.insertInto('items').values({ id: 'a', n: 2 }).execute(),
      db.insertInto('items').values({ id: 'c', n: 1 }).execute(),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(stored()).toEqual(['a', 'b', 'c']);
  });

  it('runs an explicit transaction alone, and a rollback undoes only it', async () => {
    const { db, stored } = setUp();
    const outside = db.insertInto('items').values({ id: 'before', n: 1 }).execute();
    const failed = db.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ id: 'inside', n: 1 }).execute();
      // A statement from outside waits for the transaction to end rather than joining it.
      const during = db.insertInto('items').values({ id: 'during', n: 1 }).execute();
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(stored()).toEqual(['before']);
      void during;
      throw new Error('undo');
    });
    await expect(failed).rejects.toThrow('undo');
    await outside;
    await db.selectFrom('items').select('id').execute();
    await new Promise((resolve) => setImmediate(resolve));
    expect(stored()).toEqual(['before', 'during']);
  });

  it('runs statements that are not plain data outside any shared transaction', async () => {
    const { db } = setUp();
    await sql`pragma user_version = 7`.execute(db);
    const version = await sql<{ user_version: number }>`pragma user_version`.execute(db);
    expect(version.rows[0]?.user_version).toBe(7);
  });
});

describe('two connections of one process on one file', () => {
  it('commit each statement alone, so neither waits on the other holding the event loop', async () => {
    const { connectDatabase } = await import('./connection');
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'group-commit-two-')), 'db.sqlite');
    const a = connectDatabase(`sqlite:${file}`);
    const b = connectDatabase(`sqlite:${file}`);
    try {
      await sql`create table items (id text primary key)`.execute(a.db);
      // Grouped, a's open transaction would make b wait out its busy timeout with the loop stopped, then fail.
      await Promise.all([
        sql`insert into items (id) values ('a1')`.execute(a.db),
        sql`insert into items (id) values ('b1')`.execute(b.db),
        sql`insert into items (id) values ('a2')`.execute(a.db),
        sql`insert into items (id) values ('b2')`.execute(b.db),
      ]);
      const rows = await sql<{ n: number }>`select count(*) as n from items`.execute(b.db);
      expect(rows.rows[0]?.n).toBe(4);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
