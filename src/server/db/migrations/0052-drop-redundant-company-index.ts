import { type Kysely } from 'kysely';

/**
 * Issue 16, session 8: `jobs_company` (company_id) is a prefix of `jobs_company_status` (company_id,
 * status, updated_at, migration 0015), which answers every lookup by company, and the foreign key's
 * checks, as well. One index fewer to keep on every job written and to build when a million are seeded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('jobs_company').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('jobs_company').on('jobs').column('company_id').execute();
}
