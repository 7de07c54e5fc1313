import type { Kysely } from 'kysely';

/**
 * The employer side: companies get their profile, plan and moderation state; people join a company
 * as owner or recruiter; owners invite colleagues; "Choose plan" requests are kept; a session
 * remembers the side (job seeker or employer) it was started on (decision 0100).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const companies = () => db.schema.alterTable('companies');
  for (const name of ['website', 'logo_key', 'logo_content_type', 'size_band', 'industry', 'created_by']) {
    await companies().addColumn(name, 'text').execute();
  }
  await companies().addColumn('description', 'text', (col) => col.notNull().defaultTo('')).execute();
  await companies().addColumn('plan', 'text', (col) => col.notNull().defaultTo('free')).execute();
  // pending: its first job waits for an admin; approved: its jobs publish at once (issue 11).
  // Companies that existed before (the seed's) count as approved.
  await companies().addColumn('moderation_state', 'text', (col) => col.notNull().defaultTo('approved')).execute();
  await companies().addColumn('updated_at', 'bigint').execute();
  await db.schema.dropIndex('companies_slug').execute();
  await db.schema.createIndex('companies_slug_unique').on('companies').column('slug').unique().execute();

  await db.schema
    .createTable('company_members')
    .addColumn('company_id', 'text', (col) => col.notNull().references('companies.id').onDelete('cascade'))
    // One person works for one company on Jobwise (decision 0100).
    .addColumn('account_id', 'text', (col) => col.notNull().unique().references('accounts.id').onDelete('cascade'))
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('company_members_pk', ['company_id', 'account_id'])
    .execute();

  await db.schema
    .createTable('company_invitations')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('company_id', 'text', (col) => col.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('email_normalized', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull())
    // HMAC of the link's random token with the server secret: a copy of the database opens nothing.
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('invited_by', 'text', (col) => col.references('accounts.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('accepted_at', 'bigint')
    .addColumn('accepted_by', 'text', (col) => col.references('accounts.id').onDelete('set null'))
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('company_invitations_company').on('company_invitations').columns(['company_id', 'created_at']).execute();

  await db.schema
    .createTable('plan_requests')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('company_id', 'text', (col) => col.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('plan', 'text', (col) => col.notNull())
    .addColumn('requested_by', 'text', (col) => col.references('accounts.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('plan_requests_company').on('plan_requests').columns(['company_id', 'created_at']).execute();

  await db.schema.alterTable('sessions').addColumn('side', 'text', (col) => col.notNull().defaultTo('seeker')).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('side').execute();
  for (const table of ['plan_requests', 'company_invitations', 'company_members']) await db.schema.dropTable(table).execute();
  await db.schema.dropIndex('companies_slug_unique').execute();
  await db.schema.createIndex('companies_slug').on('companies').column('slug').execute();
  for (const name of ['updated_at', 'created_by', 'moderation_state', 'plan', 'description', 'industry', 'size_band', 'logo_content_type', 'logo_key', 'website']) {
    await db.schema.alterTable('companies').dropColumn(name).execute();
  }
}
