import type { Kysely } from 'kysely';

/**
 * Issue 16 (docs/decisions/0170-bounded-search.md): a search by state, remote or category lists its
 * page in index order, featured jobs first (decision 0114), then the newest. With `featured` after
 * `status` in these indexes, the page is read from the index in that order and stops after 20 rows;
 * without it every matching job was sorted (95,000 for Texas in a million jobs). `seq` ends them,
 * the last tie-breaker of the order.
 */
const BY_STATUS = [
  ['jobs_state_posted', 'state'],
  ['jobs_remote_posted', 'remote'],
  ['jobs_category_posted', 'category'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, column] of BY_STATUS) {
    await db.schema.dropIndex(name).execute();
    await db.schema.createIndex(name).on('jobs').columns([column, 'status', 'featured', 'posted_at', 'seq']).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name, column] of BY_STATUS) {
    await db.schema.dropIndex(name).execute();
    await db.schema.createIndex(name).on('jobs').columns([column, 'status', 'posted_at']).execute();
  }
}
