import type { Kysely } from 'kysely';

/**
 * Decision 0292: a draft can be published at a chosen time. `publish_at` (UTC epoch ms) marks a draft
 * scheduled; the scheduler publishes it once due, through the same rules as the Publish button.
 * `publish_time_zone` is the employer's zone it was chosen in, to show it back. `publish_problem` keeps why a scheduled publish was refused (the plan's limit), shown on the form.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('publish_at', 'bigint').execute();
  await db.schema.alterTable('jobs').addColumn('publish_time_zone', 'text').execute();
  await db.schema.alterTable('jobs').addColumn('publish_problem', 'text').execute();
  await db.schema.createIndex('jobs_publish_at').on('jobs').column('publish_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('jobs_publish_at').execute();
  await db.schema.alterTable('jobs').dropColumn('publish_problem').execute();
  await db.schema.alterTable('jobs').dropColumn('publish_time_zone').execute();
  await db.schema.alterTable('jobs').dropColumn('publish_at').execute();
}
