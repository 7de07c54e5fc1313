import { sql, type Kysely } from 'kysely';

/**
 * Decision 0227: a job sent to review needs an admin's approval before it can go live, whatever its
 * status becomes meanwhile (rejected, saved as a draft). `awaiting_approval` is 1 from the publish that
 * sends it to review until an admin approves it. Jobs waiting or rejected today start held.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('jobs')
    .addColumn('awaiting_approval', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await sql`update jobs set awaiting_approval = 1 where status in ('in_review', 'rejected')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('awaiting_approval').execute();
}
