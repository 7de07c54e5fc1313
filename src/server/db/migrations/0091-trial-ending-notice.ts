import type { Kysely } from 'kysely';

/**
 * Decision 0309: the owner is told once, about two days ahead, that the company's free trial is ending.
 * `trial_notice_at` is claimed by one conditional update in the transaction that queues the email, so
 * runs on several instances queue it once. (The email when the trial has ended is queued in the
 * transaction that ends it, which is already claimed once: it needs no column.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('companies').addColumn('trial_notice_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('companies').dropColumn('trial_notice_at').execute();
}
