// Spotlight answers in an export (with their transcripts and media keys), and their erasure.
import { SPOTLIGHT_PROMPT_IDS, type SpotlightPromptId } from '../../../shared/spotlight/constants';
import type { Db } from '../../db/database';

export async function spotlightRecord(db: Db, accountId: string) {
  const rows = await db.selectFrom('spotlight_answers').selectAll().where('account_id', '=', accountId).execute();
  const order = (prompt: string) => SPOTLIGHT_PROMPT_IDS.indexOf(prompt as SpotlightPromptId);
  return rows
    .sort((a, b) => order(a.prompt) - order(b.prompt))
    .map((row) => ({
      prompt: row.prompt,
      kind: row.kind,
      text: row.text,
      transcript: row.transcript,
      contentType: row.content_type,
      sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
      durationMs: row.duration_ms === null ? null : Number(row.duration_ms),
      createdAt: Number(row.created_at),
      storageKey: row.storage_key,
    }));
}

/** Deletes the answers and answers their media's storage keys (the caller deletes the files). */
export async function deleteSpotlightOf(db: Db, accountId: string): Promise<string[]> {
  const rows = await db.deleteFrom('spotlight_answers').where('account_id', '=', accountId).returning('storage_key').execute();
  return rows.map((row) => row.storage_key).filter((key): key is string => key !== null);
}
