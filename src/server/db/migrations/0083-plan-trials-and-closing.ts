import type { Kysely } from 'kysely';

/**
 * Plans, honestly self-serve, and closing a company (issue 44, decisions 0288, 0289):
 * - the free trial of Standard, once per company: when it started (never cleared, so a second one is
 *   refused) and when it ends (cleared when the trial run puts the company back on Free);
 * - a closed company: when and by whom; null while it is open.
 * A job waiting for a plan with room is the status 'paused' (text, no constraint to change).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('companies').addColumn('trial_started_at', 'bigint').execute();
  await db.schema.alterTable('companies').addColumn('trial_ends_at', 'bigint').execute();
  await db.schema.alterTable('companies').addColumn('closed_at', 'bigint').execute();
  await db.schema.alterTable('companies').addColumn('closed_by', 'text').execute();
  // The trial run looks for trials past their end.
  await db.schema.createIndex('companies_trial_ends').on('companies').column('trial_ends_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('companies_trial_ends').execute();
  for (const column of ['closed_by', 'closed_at', 'trial_ends_at', 'trial_started_at']) await db.schema.alterTable('companies').dropColumn(column).execute();
}
