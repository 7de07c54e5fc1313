// Moving stored files from one storage driver to another (decision 0286): the core of
// `npm run storage:migrate`, apart from its command line so a test can run it.
import type { FileStorage } from '../../src/server/features/storage/file-storage';

export interface MoveReport {
  copied: number;
  /** Already in the target at the same size: an earlier run copied them. */
  skipped: number;
  removed: number;
  bytes: number;
}

/**
 * Copies every file of `from` into `to` under the same key, streamed, with its content type. A file
 * the target already holds at the same size is skipped, so a run stopped part way is simply run again.
 * Each driver writes a file whole or not at all, so a stopped run leaves no half file to skip.
 * With `removeFromSource`, a file is removed from `from` once the target holds it at its size.
 */
export async function moveFiles(from: FileStorage, to: FileStorage, options: { removeFromSource?: boolean; onFile?: (key: string, action: 'copied' | 'skipped') => void } = {}): Promise<MoveReport> {
  if (from.driver === to.driver) throw new Error(`the files are in ${from.driver} storage already`);
  const report: MoveReport = { copied: 0, skipped: 0, removed: 0, bytes: 0 };
  for await (const entry of from.list()) {
    const there = await to.stat(entry.key);
    if (there && there.size === entry.size) {
      report.skipped += 1;
      options.onFile?.(entry.key, 'skipped');
    } else {
      const source = await from.openRead(entry.key);
      if (!source) continue; // removed since it was listed
      const info = await from.stat(entry.key);
      await to.putAt(entry.key, source, info?.contentType ?? null);
      const copied = await to.stat(entry.key);
      if (copied?.size !== entry.size) throw new Error(`${entry.key}: ${entry.size} bytes in ${from.driver} storage, ${copied?.size ?? 'none'} in ${to.driver} storage`);
      report.copied += 1;
      report.bytes += entry.size;
      options.onFile?.(entry.key, 'copied');
    }
    if (options.removeFromSource) {
      await from.delete(entry.key);
      report.removed += 1;
    }
  }
  return report;
}
