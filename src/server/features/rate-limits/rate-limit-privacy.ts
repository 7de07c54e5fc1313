// Counters in the database store are keyed `{limit}:{subject}:{window}:{index}`; a subject may be an email.
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { containsPattern } from '../../shared/scrub-text';

/** Drops the database store's counters about a subject (Redis keys end with their window, within a day). */
export async function deleteCountersAbout(db: Db, subject: string): Promise<void> {
  await db.deleteFrom('rate_limit_counters').where(sql<boolean>`lower(key) like ${containsPattern(`:${subject}:`)} escape '!'`).execute();
}
