import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FileStorage } from './file-storage';

export type ByteRange = { start: number; end: number };

/**
 * One `Range: bytes=...` header against a file of `size` bytes (RFC 9110 14.2): `a-b`, `a-` or the
 * suffix `-n`. Answers the inclusive range, 'unsatisfiable' (416), or null to send the whole file
 * (no header, another unit, several ranges, or a header we do not understand, which the RFC lets
 * a server ignore).
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
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
  if (range === 'unsatisfiable') return reply.status(416).header('content-range', `bytes */${info.size}`).send();
  if (range) {
    const bytes = await storage.getRange(key, range.start, range.end);
    if (!bytes) return reply.status(404).send({ status: 'NOT_FOUND', error_message: 'Not found.', error: 'Not found.' });
    return reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${info.size}`).send(bytes);
  }
  const bytes = await storage.get(key);
  if (!bytes) return reply.status(404).send({ status: 'NOT_FOUND', error_message: 'Not found.', error: 'Not found.' });
  return reply.send(bytes);
}
