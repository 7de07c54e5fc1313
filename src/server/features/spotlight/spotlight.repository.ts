import { secureRandomBytes } from '../../lib/random-bytes';
import type { Db } from '../../db/database';
import type { SpotlightAnswerRow } from './spotlight.table';

export function newAnswerId(): string {
  return secureRandomBytes(16).toString('base64url');
}

export async function listAnswers(db: Db, accountId: string): Promise<SpotlightAnswerRow[]> {
  return db.selectFrom('spotlight_answers').selectAll().where('account_id', '=', accountId).execute();
}

export async function findAnswer(db: Db, id: string): Promise<SpotlightAnswerRow | undefined> {
  return db.selectFrom('spotlight_answers').selectAll().where('id', '=', id).executeTakeFirst();
}

export type NewAnswer = Omit<SpotlightAnswerRow, 'id'>;

/**
 * Keeps one answer per (person, prompt): the new answer replaces the old in one transaction and gets a
 * new id (so its media address changes). Answers the replaced answer's storage key, for the caller to
 * remove from storage once the row is gone.
 */
export async function replaceAnswer(db: Db, answer: NewAnswer): Promise<{ row: SpotlightAnswerRow; replacedKey: string | null }> {
  try {
    return await replaceOnce(db, answer);
  } catch (error) {
    // Two saves for the same prompt at once (PostgreSQL): the second's delete saw no row, its insert
    // met the first's. Once more, and it replaces the answer that just won.
    if (!isUniqueViolation(error)) throw error;
    return replaceOnce(db, answer);
  }
}

function isUniqueViolation(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

async function replaceOnce(db: Db, answer: NewAnswer): Promise<{ row: SpotlightAnswerRow; replacedKey: string | null }> {
  return db.transaction().execute(async (trx) => {
    const old = await trx
      .deleteFrom('spotlight_answers')
      .where('account_id', '=', answer.account_id)
      .where('prompt', '=', answer.prompt)
      .returning('storage_key')
      .executeTakeFirst();
    const row = { id: newAnswerId(), ...answer };
    await trx.insertInto('spotlight_answers').values(row).execute();
    return { row, replacedKey: old?.storage_key ?? null };
  });
}

/** Deletes the person's answer; answers its storage key (null for a written answer), or undefined if there was none. */
export async function deleteAnswer(db: Db, accountId: string, id: string): Promise<{ storageKey: string | null } | undefined> {
  const row = await db.deleteFrom('spotlight_answers').where('id', '=', id).where('account_id', '=', accountId).returning('storage_key').executeTakeFirst();
  return row ? { storageKey: row.storage_key } : undefined;
}

/** Sets (or clears) the transcript of the person's video or audio answer; answers the row, or undefined if there is none. */
export async function setTranscript(db: Db, accountId: string, id: string, transcript: string | null): Promise<SpotlightAnswerRow | undefined> {
  const updated = await db
    .updateTable('spotlight_answers')
    .set({ transcript })
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('kind', '!=', 'text')
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return undefined;
  return findAnswer(db, id);
}
