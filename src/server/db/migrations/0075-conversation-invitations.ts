import type { Kysely } from 'kysely';

/**
 * A conversation may be about a résumé-database invitation rather than an application (issue 42,
 * decision 0229): one per invitation; the invitation's quota is what lets a company write first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversations').addColumn('invitation_id', 'text', (col) => col.references('resume_invitations.id').onDelete('set null')).execute();
  await db.schema.createIndex('conversations_by_invitation').unique().on('conversations').columns(['invitation_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('conversations_by_invitation').execute();
  await db.schema.alterTable('conversations').dropColumn('invitation_id').execute();
}
