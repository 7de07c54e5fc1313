import type { Db } from '../../db/database';

/** Who hears about a company's jobs (expiry notices, moderation decisions): the people who posted them. */
export async function companyRecipients(db: Db, companyId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('jobs as j')
    .innerJoin('accounts as a', 'a.id', 'j.posted_by')
    .select('a.email')
    .distinct()
    .where('j.company_id', '=', companyId)
    .execute();
  return rows.map((row) => row.email);
}
