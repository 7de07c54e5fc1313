import type { Kysely } from 'kysely';

/**
 * The employer's side of an application (issue 12): its pipeline stage, when the team first opened it,
 * the team's rating, a seeker's withdrawal; every stage move in application_stage_changes (who, when),
 * which is also what the applicant emails read (decision 0150); the team's private notes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job_applications').addColumn('stage', 'text', (col) => col.notNull().defaultTo('new')).execute();
  await db.schema.alterTable('job_applications').addColumn('stage_changed_at', 'bigint').execute();
  await db.schema.alterTable('job_applications').addColumn('opened_at', 'bigint').execute();
  await db.schema.alterTable('job_applications').addColumn('rating', 'integer').execute();
  await db.schema.alterTable('job_applications').addColumn('withdrawn_at', 'bigint').execute();
  await db.schema
    .createIndex('job_applications_by_job_stage')
    .on('job_applications')
    .columns(['job_id', 'stage', 'created_at'])
    .execute();

  await db.schema
    .createTable('application_stage_changes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('application_id', 'text', (col) => col.notNull().references('job_applications.id').onDelete('cascade'))
    // null for the first row of an application (it arrived as new)
    .addColumn('from_stage', 'text')
    .addColumn('to_stage', 'text', (col) => col.notNull())
    // the team member who moved it
    .addColumn('changed_by', 'text', (col) => col.references('accounts.id').onDelete('set null'))
    .addColumn('changed_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('application_stage_changes_by_application')
    .on('application_stage_changes')
    .columns(['application_id', 'changed_at'])
    .execute();
  await db.schema.createIndex('application_stage_changes_by_time').on('application_stage_changes').columns(['changed_at']).execute();

  await db.schema
    .createTable('application_notes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('application_id', 'text', (col) => col.notNull().references('job_applications.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (col) => col.references('accounts.id').onDelete('set null'))
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('application_notes_by_application').on('application_notes').columns(['application_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('application_notes').execute();
  await db.schema.dropTable('application_stage_changes').execute();
  await db.schema.dropIndex('job_applications_by_job_stage').execute();
  for (const column of ['withdrawn_at', 'rating', 'opened_at', 'stage_changed_at', 'stage']) {
    await db.schema.alterTable('job_applications').dropColumn(column).execute();
  }
}
