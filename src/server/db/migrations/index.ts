import type { Migration } from 'kysely';
import * as m0001 from './0001-event-log';
import * as m0004 from './0004-observations';

/** Applied in key order. Kysely's schema builder only, so the same migrations run on SQLite and PostgreSQL. */
export const migrations: Record<string, Migration> = {
  '0001-event-log': m0001,
  '0004-observations': m0004,
};
