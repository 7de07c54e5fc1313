import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * Feeds and API answers kept for a short while by URL, as visitors' results pages are (decision 0183):
 * no answer holds personal data, so every client may share one. An employer's change on this instance
 * drops them at once (the visitor pages' generation moves on); another instance's change shows within
 * JOB_PAGES_CACHE_SECONDS.
 */
export interface KeptAnswer {
  body: string;
  /** A strong validator of the body, sent as ETag. */
  etag: string;
}

interface Entry extends KeptAnswer {
  expires: number;
  generation: number;
}

const MAX_ENTRIES = 1000;
const MAX_BYTES = 32 * 1024 * 1024;

export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

export function createKeptAnswers(app: FastifyInstance) {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const drop = (key: string, entry: Entry) => {
    entries.delete(key);
    bytes -= entry.body.length;
  };
  /** The answer kept for this key, or the one `build` makes now (kept when maxAgeMs > 0). */
  return async function kept(key: string, maxAgeMs: number, build: () => Promise<string>): Promise<KeptAnswer> {
    const now = app.now();
    const generation = app.visitorPagesGeneration();
    const known = entries.get(key);
    if (known && known.expires > now && known.generation === generation) return known;
    if (known) drop(key, known);
    const body = await build();
    const answer = { body, etag: etagOf(body) };
    if (maxAgeMs <= 0) return answer;
    // Oldest first: a Map iterates in insertion order.
    for (const [oldKey, old] of entries) {
      if (entries.size < MAX_ENTRIES && bytes + body.length <= MAX_BYTES) break;
      drop(oldKey, old);
    }
    entries.set(key, { ...answer, expires: now + maxAgeMs, generation });
    bytes += body.length;
    return answer;
  };
}

/** Whether the client's If-None-Match names this ETag (a list, weak forms and `*` included). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}
