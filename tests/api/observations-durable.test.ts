// Issue 18: every message the server acknowledges is stored. An acknowledgement (204) must come after the
// commit that holds its batch, so a connection of its own (another process, after a crash of this one)
// finds every row at the moment the answer arrives, not only this process's connection.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrate';
import { batch, component } from '../support/observations';
import { createTestApp, sameOriginHeaders, type TestApp } from '../support/test-app';
import { createSharedTestDatabase, testDialect, type SharedTestDatabase } from '../support/test-database';

/** Counts a batch's rows through a connection that is not the app's. */
type CountElsewhere = (batchId: string) => Promise<number>;

let t: TestApp;
let countElsewhere: CountElsewhere;
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  if (testDialect() === 'sqlite') {
    // A file, and a plain better-sqlite3 connection beside the app's (connectDatabase would turn the app's
    // group commit off for a file it sees opened twice, decision 0181).
    const directory = mkdtempSync(path.join(tmpdir(), 'jobwise-durable-'));
    const file = path.join(directory, 'durable.sqlite');
    const database = connectDatabase(`sqlite:${file}`);
    await migrateToLatest(database.db);
    t = await createTestApp({}, { database });
    const reader = new SQLite(file, { readonly: true });
    const count = reader.prepare('select count(*) as n from observation where batch_id = ?').pluck();
    countElsewhere = async (batchId) => Number(count.get(batchId));
    cleanups.push(
      () => {
        reader.close();
      },
      () => rmSync(directory, { recursive: true, force: true }),
    );
  } else {
    const shared: SharedTestDatabase = await createSharedTestDatabase();
    t = await createTestApp({}, { database: shared.connect() });
    const client = new pg.Client({ connectionString: shared.url });
    await client.connect();
    countElsewhere = async (batchId) => Number((await client.query('select count(*) as n from observation where batch_id = $1', [batchId])).rows[0].n);
    cleanups.push(() => client.end(), () => shared.close());
  }
}, 30_000);

afterAll(async () => {
  await t.close();
  for (const cleanup of cleanups) await cleanup();
});

describe('an acknowledged batch', () => {
  it('is committed when its 204 arrives: another connection sees all of it, for every one of many concurrent batches', async () => {
    const bodies = Array.from({ length: 40 }, (_, i) => batch(Array.from({ length: 1 + (i % 7) }, () => component())));
    const seen = await Promise.all(
      bodies.map(async (body) => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/observations/observe',
          headers: { ...sameOriginHeaders, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        // Read at once, before any other answer is awaited.
        return { status: response.statusCode, stored: await countElsewhere(body.batch_id), sent: body.messages.length };
      }),
    );
    expect(seen.map((entry) => entry.status)).toEqual(bodies.map(() => 204));
    expect(seen.map((entry) => entry.stored)).toEqual(seen.map((entry) => entry.sent));
  });
});
