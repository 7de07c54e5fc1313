import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

/**
 * Issue 16, decision 0210 (PostgreSQL only): every text search asks the words-and-tokens expression
 * of `jobs_search_tokens_open` (migrations 0036, 0051) and the search ranges (0054), words alone
 * too, so the words' own GIN index (0007) is dropped: a million jobs' seed built it in 18 s of CPU for
 * the words alone. The planner had statistics for `search_vector` and none for the expression (a
 * partial index's expression gets none): extended statistics on the expression give it the words'
 * frequencies again ("forklift": 117,433 estimated, 118,425 there at 1M). ANALYZE fills them.
 * SQLite unchanged.
 */
const EXPRESSION = 'search_vector || jobs_search_tokens(latitude, longitude, employment_type, category, state, remote, pay_max_annual, seq)';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql.raw(`create statistics jobs_words_and_tokens on (${EXPRESSION}) from jobs`).execute(db);
  await sql`drop index if exists jobs_search_vector_open`.execute(db);
  await sql`analyze jobs`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create index jobs_search_vector_open on jobs using gin (search_vector) where status = 'open'`.execute(db);
  await sql`drop statistics jobs_words_and_tokens`.execute(db);
}
