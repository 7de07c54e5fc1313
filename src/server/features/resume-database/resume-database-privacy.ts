// The résumé database's rows about a seeker: their searchable profile, the companies that opened it,
// and the invitations to apply they received (decision 0225).
import type { Db } from '../../db/database';

export async function resumeDatabaseRecord(db: Db, accountId: string) {
  const [profile, views, invitations] = await Promise.all([
    db
      .selectFrom('resume_seekers')
      .select(['initials', 'headline', 'experience', 'titles', 'place', 'state', 'opted_in_at', 'last_active_at', 'updated_at'])
      .where('account_id', '=', accountId)
      .executeTakeFirst(),
    db
      .selectFrom('resume_profile_views as v')
      .innerJoin('companies as c', 'c.id', 'v.company_id')
      .select(['c.name', 'v.month', 'v.viewed_at'])
      .where('v.seeker_account_id', '=', accountId)
      .orderBy('v.viewed_at', 'desc')
      .execute(),
    db
      .selectFrom('resume_invitations as i')
      .innerJoin('companies as c', 'c.id', 'i.company_id')
      .innerJoin('jobs as j', 'j.id', 'i.job_id')
      .select(['c.name', 'j.title', 'i.created_at'])
      .where('i.seeker_account_id', '=', accountId)
      .orderBy('i.created_at', 'desc')
      .execute(),
  ]);
  return {
    profile: profile
      ? {
          initials: profile.initials,
          headline: profile.headline,
          experience: profile.experience,
          titles: profile.titles,
          place: profile.place,
          state: profile.state,
          optedInAt: Number(profile.opted_in_at),
          lastActiveAt: Number(profile.last_active_at),
          updatedAt: Number(profile.updated_at),
        }
      : null,
    profileViews: views.map((row) => ({ company: row.name, month: row.month, viewedAt: Number(row.viewed_at) })),
    invitationsReceived: invitations.map((row) => ({ company: row.name, jobTitle: row.title, at: Number(row.created_at) })),
  };
}

/** Out of the résumé database, its views and its invitations. The companies' monthly counts stay (they are the quota). */
export async function eraseResumeDatabaseRows(db: Db, accountId: string): Promise<void> {
  await db.deleteFrom('resume_profile_views').where('seeker_account_id', '=', accountId).execute();
  await db.deleteFrom('resume_invitations').where('seeker_account_id', '=', accountId).execute();
  await db.deleteFrom('resume_seekers').where('account_id', '=', accountId).execute();
}
