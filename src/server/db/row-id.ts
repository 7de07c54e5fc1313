import { v7 } from 'uuid';
import { secureRandomBytes } from '../lib/random-bytes';

/**
 * The id of a new row: a time-ordered UUID (version 7, decision 0196), so the primary-key index of a table
 * that grows with sign-ups grows at its end instead of writing a random page of it for every row. Ids made in the same millisecond
 * share their first 48 bits and differ in 74 random ones. Not for
 * anything that must stay unguessable or hide when it was made (tokens, links sent by mail): those use
 * randomBytes or randomUUID.
 */
export function newRowId(): string {
  // Random bits from the pool: the package's own source asks the system for 16 bytes every time.
  return v7({ random: secureRandomBytes(16) });
}
