import { randomBytes, randomFillSync } from 'node:crypto';

// Random bytes for tokens, session ids and nonces, taken from a pool filled 4 KB at a time from the
// operating system's generator (decision 0197): one call into it per few hundred tokens instead of one per
// token, as Node does for randomUUID. Each byte is handed out once and copied out of the pool.
const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let offset = POOL_BYTES;

export function secureRandomBytes(size: number): Buffer {
  if (size > 256) return randomBytes(size);
  if (offset + size > POOL_BYTES) {
    randomFillSync(pool);
    offset = 0;
  }
  const bytes = Buffer.allocUnsafe(size);
  pool.copy(bytes, 0, offset, offset + size);
  pool.fill(0, offset, offset + size);
  offset += size;
  return bytes;
}
