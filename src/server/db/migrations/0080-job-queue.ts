import { sql, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import { isPostgres } from './dialect';

/** pg-boss's schema on PostgreSQL (decision 0270); the queue feature names the same one. */
const PG_BOSS_SCHEMA = 'pgboss';

/**
 * The one job queue for background work (issue 46, decision 0270). PostgreSQL: pg-boss's own schema,
 * created here from the installed pg-boss's construction plans, so every instance (and every test
 * database copied from the template) starts with it; pg-boss upgrades it on start from its version row.
 * SQLite: queue_jobs, one row a job, unique per (queue, idempotency key), read by the queue's own SQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    // The plans come wrapped in BEGIN and COMMIT; the migration's own transaction holds them instead.
    const plans = PgBoss.getConstructionPlans(PG_BOSS_SCHEMA).trim().replace(/^BEGIN;/, '').replace(/COMMIT;$/, '');
    await sql.raw(plans).execute(db);
    return;
  }
  await db.schema
    .createTable('queue_jobs')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('queue', 'text', (col) => col.notNull())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull())
    .addColumn('max_attempts', 'integer', (col) => col.notNull())
    .addColumn('retry_delay_ms', 'integer', (col) => col.notNull())
    .addColumn('run_after', 'bigint', (col) => col.notNull())
    .addColumn('lease_until', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('finished_at', 'bigint')
    .addUniqueConstraint('queue_jobs_queue_key', ['queue', 'key'])
    .execute();
  // The worker's question: which of this queue's jobs are due (waiting and past run_after, or active past their lease).
  await db.schema.createIndex('queue_jobs_due').on('queue_jobs').columns(['queue', 'state', 'run_after']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw(`drop schema if exists ${PG_BOSS_SCHEMA} cascade`).execute(db);
    return;
  }
  await db.schema.dropTable('queue_jobs').ifExists().execute();
}
