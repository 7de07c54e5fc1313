import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FileStorage } from './file-storage';

/** What a Range header asks of a file of `size` bytes (RFC 9110 14): one range, all of it, or nothing satisfiable. */
export type RangeAnswer = { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * The one Range parser (every file the server sends: stored files, spotlight media). One byte range
 * per request, `a-b`, `a-` or the suffix `-n`, which is what media players ask for. No header,
 * another unit, or several ranges are answered with the whole file (a server may ignore Range); the
 * unit is case-insensitive (RFC 9110 14.1). A bytes range that is malformed, ends before it starts,
 * or starts past the end is 416, as the RFC lets a server reject an invalid range rather than ignore it.
 */
export function parseByteRange(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return { kind: 'full' };
  const match = /^bytes=(.*)$/i.exec(header.trim());
  if (!match) return { kind: 'full' };
  const spec = match[1]!.trim();
  if (spec.includes(',')) return { kind: 'full' };
  const parts = /^(\d*)-(\d*)$/.exec(spec);
  if (!parts || (parts[1] === '' && parts[2] === '')) return { kind: 'unsatisfiable' };
  if (parts[1] === '') {
    // Suffix: the last N bytes.
    const length = Number(parts[2]);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(parts[1]);
  const end = parts[2] === '' ? size - 1 : Math.min(Number(parts[2]), size - 1);
  if (!Number.isSafeInteger(start) || start >= size || end < start) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end };
}

/**
 * Sends a stored file, honouring a single byte range with 206 (media elements seek with them) and
 * answering 404 when nothing is stored under the key. The caller has already checked who may read it.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  key: string,
  options: { contentType?: string; cacheControl?: string; fileName?: string; inline?: boolean } = {},
) {
  const info = await storage.stat(key);
  if (!info) return reply.status(404).send({ status: 'NOT_FOUND', error_message: 'Not found.', error: 'Not found.' });
  reply
    .header('content-type', options.contentType ?? info.contentType ?? 'application/octet-stream')
    .header('accept-ranges', 'bytes')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', options.cacheControl ?? 'private, no-store');
  // Any name, in any script, is sent as RFC 6266 says (an ASCII fallback and the UTF-8 name).
  if (options.fileName) reply.header('content-disposition', contentDisposition(options.fileName, { type: options.inline ? 'inline' : 'attachment' }));
  const range = parseByteRange(request.headers.range, info.size);
  if (range.kind === 'unsatisfiable') return reply.status(416).header('content-range', `bytes */${info.size}`).send();
  // Streamed from storage (decision 0285): a large file is never held whole to be sent.
  const body = await storage.openRead(key, range.kind === 'partial' ? { start: range.start, end: range.end } : undefined);
  if (!body) return reply.status(404).send({ status: 'NOT_FOUND', error_message: 'Not found.', error: 'Not found.' });
  if (range.kind === 'partial') {
    return reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${info.size}`).header('content-length', String(range.end - range.start + 1)).send(body);
  }
  return reply.header('content-length', String(info.size)).send(body);
}
