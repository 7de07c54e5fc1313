import { sql, type Kysely } from 'kysely';

const BATCH = 500;
/** As many titles as the résumé database keeps (recentJobTitles). */
const TITLES_KEPT = 8;

/**
 * Brings every résumé-database row under decision 0226's two rules for what employers see.
 * - A place is kept only as the place list names it: a city or ZIP code (with its state and
 *   coordinates), a state (with its state) or Remote. Any other place (a street address, a ZIP code or
 *   postcode the list does not know) becomes empty, shown as "Location not shown"; the person's next
 *   profile save or daily visit reads their place again.
 * - Titles are those of the jobs the person applied to and did not withdraw from (the opt-in's promise),
 *   read again from their applications, never a job only saved.
 * Constant statements with bound values; the full-text index follows the rows (the SQLite triggers, the
 * PostgreSQL generated column).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update resume_seekers set place = '' where state is null and place <> 'Remote'`.execute(db);

  let after = '';
  for (;;) {
    const { rows: seekers } = await sql<{ account_id: string; titles: string }>`
      select account_id, titles from resume_seekers where account_id > ${after} order by account_id limit ${BATCH}
    `.execute(db);
    if (seekers.length === 0) break;
    after = seekers[seekers.length - 1]!.account_id;
    const ids = seekers.map((row) => row.account_id);
    const { rows: applied } = await sql<{ account_id: string; title: string }>`
      select a.account_id, j.title from job_applications a join jobs j on j.id = a.job_id
      where a.account_id in (${sql.join(ids)}) and a.withdrawn_at is null
      order by a.account_id, a.created_at desc
    `.execute(db);
    const titlesOf = new Map<string, string[]>();
    for (const row of applied) {
      const titles = titlesOf.get(row.account_id) ?? [];
      if (titles.length < TITLES_KEPT && !titles.some((title) => title.toLowerCase() === row.title.toLowerCase())) titles.push(row.title);
      titlesOf.set(row.account_id, titles);
    }
    for (const seeker of seekers) {
      const titles = (titlesOf.get(seeker.account_id) ?? []).join(' · ');
      if (titles !== seeker.titles) await sql`update resume_seekers set titles = ${titles} where account_id = ${seeker.account_id}`.execute(db);
    }
  }
}

/** Nothing to put back: the places and titles taken out were never meant to be kept. */
export async function down(): Promise<void> {}
