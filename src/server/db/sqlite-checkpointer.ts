// WAL checkpoints off the event loop (decision 0182): the serving connection leaves the copying of the
// write-ahead log into the database file (and its fsync) to a second connection in a worker thread.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export const CHECKPOINT_INTERVAL_MS = 250;
/** The serving connection checkpoints by itself only past this many WAL pages (the worker is gone or behind). */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 20_000;

const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const SQLite = require(workerData.module);
const db = new SQLite(workerData.file);
db.pragma('busy_timeout = 1000');
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* busy: the next turn tries again */ }
}, workerData.intervalMs);
parentPort.once('message', () => { clearInterval(timer); try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {} db.close(); parentPort.close(); });
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

export function startCheckpointer(file: string, intervalMs = CHECKPOINT_INTERVAL_MS): Checkpointer {
  const module = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, module, intervalMs } });
  worker.unref();
  // A failed worker leaves the serving connection's own (fallback) checkpoints.
  worker.on('error', () => undefined);
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        if (worker.threadId === -1) return resolve();
        worker.once('exit', () => resolve());
        // Held while it stops: an unreferenced worker would let a script's event loop end first, leaving
        // its top-level await unsettled (exit code 13: admin-grant and plan-set failed that way).
        worker.ref();
        worker.postMessage('stop');
        setTimeout(() => void worker.terminate(), 2000).unref();
      }),
  };
}
