// SQLite seed: the full-text index filled by a second connection, in a worker thread, while the seed's
// own connection builds the B-tree indexes (decision 0209). FTS5 turning a million listings into terms
// is a third of the seed's work and needs nothing but the committed rows, so it runs beside the index
// builds on the other core. The worker writes the index into a file of its own, then copies its
// shadow tables into the database once the seed's connection has committed; another connection's
// commit is what makes the seed's connection read FTS5's structure afresh (FTS5 caches it per
// connection and checks the file's data version).
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** The shadow tables of jobs_fts that hold its index (its config stays the database's own). */
export const FULL_TEXT_INDEX_TABLES = ['jobs_fts_data', 'jobs_fts_idx', 'jobs_fts_docsize'] as const;

interface FullTextWorkerData {
  module: string;
  /** The database file (its rows committed) and the worker's own file for the index. */
  file: string;
  buildFile: string;
  /** jobs_fts's statement, as the database's catalogue holds it. */
  definition: string;
  columns: string;
  tables: readonly string[];
  bulkHashBytes: number;
  defaultHashBytes: number;
}

// Plain JavaScript, so it runs wherever the seed does (under tsx or Vitest alike). Every name in its
// SQL is one of ours (constants and the catalogue's statement), never input.
const WORKER_SOURCE = `
const { workerData: w, parentPort } = require('node:worker_threads');
const SQLite = require(w.module);
let db = null;
try {
  db = new SQLite(w.buildFile);
  db.pragma('journal_mode = off');
  db.pragma('synchronous = off');
  db.pragma('cache_size = -262144');
  db.exec(w.definition);
  db.prepare('attach database ? as source').run(w.file);
  db.pragma('source.mmap_size = 4294967296');
  db.pragma('busy_timeout = 600000');
  db.exec('begin');
  db.exec("insert into main.jobs_fts(jobs_fts, rank) values ('hashsize', " + w.bulkHashBytes + ")");
  // In the table's own order, which is seq order (the seed inserts ascending seqs into an empty table):
  // FTS5 writes a segment whenever a rowid is not above the last, so the index builds that may have
  // committed meanwhile must not lead the read (NOT INDEXED), nor any sort.
  db.exec('insert into main.jobs_fts(rowid, ' + w.columns + ') select seq, ' + w.columns + " from source.jobs not indexed where status = 'open' order by rowid");
  db.exec("insert into main.jobs_fts(jobs_fts, rank) values ('hashsize', " + w.defaultHashBytes + ")");
  db.exec('commit');
  parentPort.postMessage('built');
} catch (error) {
  if (db) db.close();
  // An Error's message survives the trip to the main thread; SQLite's own error object would not.
  throw new Error('The full-text worker failed to build: ' + (error && (error.message || error.code)));
}
parentPort.once('message', () => {
  try {
    // better-sqlite3 opens connections in SQLite's defensive mode, which keeps FTS5's shadow tables
    // read-only; this connection writes them whole, from an index FTS5 built, and nothing else.
    db.unsafeMode(true);
    db.exec('begin immediate');
    for (const table of w.tables) {
      db.exec('delete from source.' + table);
      db.exec('insert into source.' + table + ' select * from main.' + table);
    }
    db.exec('commit');
  } catch (error) {
    throw new Error('The full-text worker failed to copy: ' + (error && (error.message || error.code)));
  } finally {
    db.close();
  }
  parentPort.postMessage('copied');
});
`;

/** The worker's own file, beside the database (a crashed seed's is removed before the next starts). */
function fullTextBuildFile(file: string): string {
  return `${file}.full-text.tmp`;
}

export interface FullTextWorker {
  /** Resolves when the worker's index is whole in its own file. */
  built: Promise<void>;
  /** Copies the index into the database (its connection must hold no transaction), then ends the worker. */
  copy(): Promise<void>;
  /** Ends the worker and removes its file (after copy, or instead of it). */
  stop(): Promise<void>;
}

/**
 * Starts filling jobs_fts, as `definition` makes it, with `columns` (the catalogue's, comma-joined),
 * from the open jobs committed in `file`. The copy replaces the database's index whole.
 */
export function startFullTextWorker(file: string, definition: string, columns: string, hashBytes: { bulk: number; default: number }): FullTextWorker {
  const buildFile = fullTextBuildFile(file);
  const data: FullTextWorkerData = {
    module: createRequire(import.meta.url).resolve('better-sqlite3'),
    file,
    buildFile,
    definition,
    columns,
    tables: FULL_TEXT_INDEX_TABLES,
    bulkHashBytes: hashBytes.bulk,
    defaultHashBytes: hashBytes.default,
  };
  // Best effort: a failure to remove must not hide the seed's own outcome.
  const removeFiles = () => {
    for (const suffix of ['', '-journal']) {
      try {
        rmSync(`${buildFile}${suffix}`, { force: true });
      } catch {
        // Not a file of ours (a directory by that name), or gone already.
      }
    }
  };
  // A killed seed's file, if one is left, would hold a jobs_fts already.
  removeFiles();
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: data });
  let exited = false;
  const messages: string[] = [];
  const waiters: Array<{ message: string; resolve: () => void; reject: (error: unknown) => void }> = [];
  let failure: unknown = null;
  const settle = () => {
    for (const waiter of [...waiters]) {
      if (messages.includes(waiter.message)) waiter.resolve();
      else if (failure || exited) waiter.reject(failure ?? new Error(`The full-text worker ended before '${waiter.message}'`));
      else continue;
      waiters.splice(waiters.indexOf(waiter), 1);
    }
  };
  worker.on('message', (message: string) => {
    messages.push(message);
    settle();
  });
  worker.on('error', (error) => {
    failure = error;
    settle();
  });
  worker.on('exit', () => {
    exited = true;
    settle();
  });
  const next = (message: string) =>
    new Promise<void>((resolve, reject) => {
      waiters.push({ message, resolve, reject });
      settle();
    });
  const built = next('built');
  // Awaited by the caller or by copy(); a failure must not count as unhandled before then.
  built.catch(() => undefined);
  return {
    built,
    async copy() {
      await built;
      const copied = next('copied');
      worker.postMessage('copy');
      await copied;
    },
    async stop() {
      if (!exited) await worker.terminate();
      removeFiles();
    },
  };
}
