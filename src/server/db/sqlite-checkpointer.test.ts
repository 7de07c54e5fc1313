import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { connectDatabase } from './connection';
import { CHECKPOINT_INTERVAL_MS } from './sqlite-checkpointer';

it('copies committed writes into the database file in the background', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'checkpointer-'));
  const file = path.join(dir, 'db.sqlite');
  const database = connectDatabase(`sqlite:${file}`);
  try {
    await sql`create table items (id integer primary key)`.execute(database.db);
    for (let i = 0; i < 50; i += 1) await sql`insert into items (id) values (${i})`.execute(database.db);
    // The database file alone, without its write-ahead log, comes to hold every row: looked at every
    // interval, for up to 40 of them (a busy machine delays the worker's turns, not what it does).
    const rowsInFile = () => {
      copyFileSync(file, path.join(dir, 'copy.sqlite'));
      const copy = new SQLite(path.join(dir, 'copy.sqlite'), { readonly: true });
      try {
        return (copy.prepare("select count(*) as n from sqlite_master where name = 'items'").get() as { n: number }).n === 1
          ? (copy.prepare('select count(*) as n from items').get() as { n: number }).n
          : 0;
      } catch (error) {
        // A copy taken while the worker was writing pages into the file can be torn (seen once in CI:
        // "database disk image is malformed"): not yet, look again at the next interval.
        if ((error as { code?: string }).code === 'SQLITE_CORRUPT') return 0;
        throw error;
      } finally {
        copy.close();
      }
    };
    let rows = 0;
    for (let turn = 0; turn < 40 && rows < 50; turn += 1) {
      await new Promise((resolve) => setTimeout(resolve, CHECKPOINT_INTERVAL_MS));
      rows = rowsInFile();
    }
    expect(rows).toBe(50);
  } finally {
    await database.close();
  }
});

it('lets a one-shot script that closes its file database exit 0 (scripts such as admin:grant await close())', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'checkpointer-script-'));
  try {
    const script = `
      import { sql } from 'kysely';
      import { connectDatabase } from './src/server/db/connection.ts';
      const database = connectDatabase('sqlite:${path.join(dir, 'one-shot.sqlite')}');
      await sql\`create table t (x integer)\`.execute(database.db);
      await sql\`insert into t values (1)\`.execute(database.db);
      await database.close();
      console.log('closed');
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: process.cwd(), encoding: 'utf8', timeout: 30_000 });
    expect(run.stdout).toContain('closed');
    expect(run.status).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
