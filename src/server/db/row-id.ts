import { v7 } from 'uuid';

/**
 * The id of a new row: a time-ordered UUID (version 7, decision 0191), so the primary-key index of a table
 * that grows with sign-ups grows at its end instead of writing a random page of it for every row. Not for
 * anything that must stay unguessable or hide when it was made (tokens, links sent by mail): those use
 * randomBytes or randomUUID.
 */
export function newRowId(): string {
  return v7();
}
