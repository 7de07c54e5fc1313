import type { Kysely } from 'kysely';

/**
 * The applicant's match with the job, stored with the application so the inbox sorts thousands by it
 * from an index (decision 0151): the score (0 to 100), its reasons (JSON array of short texts), the
 * distance in miles from the job, and when it was computed (older than the job's last edit = stale).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job_applications').addColumn('match_score', 'integer').execute();
  await db.schema.alterTable('job_applications').addColumn('match_reasons', 'text').execute();
  await db.schema.alterTable('job_applications').addColumn('distance_miles', 'double precision').execute();
  await db.schema.alterTable('job_applications').addColumn('match_computed_at', 'bigint').execute();
  await db.schema.createIndex('job_applications_by_job_match').on('job_applications').columns(['job_id', 'match_score', 'created_at', 'id']).execute();
  await db.schema.createIndex('job_applications_by_job_created').on('job_applications').columns(['job_id', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('job_applications_by_job_created').execute();
  await db.schema.dropIndex('job_applications_by_job_match').execute();
  for (const column of ['match_computed_at', 'distance_miles', 'match_reasons', 'match_score']) {
    await db.schema.alterTable('job_applications').dropColumn(column).execute();
  }
}
