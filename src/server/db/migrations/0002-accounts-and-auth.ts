import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('email_normalized', 'text', (col) => col.notNull().unique())
    .addColumn('role', 'text', (col) => col.notNull().defaultTo('job_seeker'))
    .addColumn('country_code', 'text')
    .addColumn('email_alerts_opt_in', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('email_unsubscribed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('last_login_at', 'bigint')
    .execute();

  await db.schema
    .createTable('one_time_codes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('email_normalized', 'text', (col) => col.notNull())
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('code_hmac', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('last_sent_at', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('details', 'text', (col) => col.notNull().defaultTo('{}'))
    .addUniqueConstraint('one_time_codes_email_purpose', ['email_normalized', 'purpose'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (col) => col.primaryKey())
    .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sessions_account').on('sessions').column('account_id').execute();

  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('rate_limit_counters_expires').on('rate_limit_counters').column('expires_at').execute();

  await db.schema
    .createTable('dev_mailbox')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('to_address', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('html', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('dev_mailbox_sent').on('dev_mailbox').column('sent_at').execute();
  // Browser tests and the bench read one address's newest code: /dev/mailbox.json?to=...
  await db.schema.createIndex('dev_mailbox_to').on('dev_mailbox').expression(sql`lower(to_address)`).execute();

  await db.schema
    .createTable('sms_opt_ins')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('phone_e164', 'text', (col) => col.notNull())
    .addColumn('consent_text', 'text', (col) => col.notNull())
    .addColumn('consented_at', 'bigint', (col) => col.notNull())
    .addColumn('client_address', 'text', (col) => col.notNull())
    .addColumn('reg_method', 'text')
    .execute();

  await db.schema
    .createTable('error_reports')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('error_message', 'text')
    .addColumn('path', 'text')
    .addColumn('form_type', 'text')
    .addColumn('account_id', 'text')
    .addColumn('ptid', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['error_reports', 'sms_opt_ins', 'dev_mailbox', 'rate_limit_counters', 'sessions', 'one_time_codes', 'accounts']) {
    await db.schema.dropTable(table).execute();
  }
}
