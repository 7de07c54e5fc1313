// A person's side of companies: memberships, team invitations to their address, plan requests they made.
import type { Db } from '../../db/database';

/** Erasing a team member would leave a company without its person; they leave the team first (decision 0225). */
export async function isTeamMember(db: Db, accountId: string): Promise<boolean> {
  const row = await db.selectFrom('company_members').select('company_id').where('account_id', '=', accountId).executeTakeFirst();
  return row !== undefined;
}

export async function membershipsOf(db: Db, accountId: string) {
  const rows = await db
    .selectFrom('company_members as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .select(['c.name', 'c.slug', 'm.role', 'm.created_at'])
    .where('m.account_id', '=', accountId)
    .execute();
  return rows.map((row) => ({ company: row.name, companyPath: `/company/${row.slug}`, role: row.role, since: Number(row.created_at) }));
}

/** Team invitations sent to the address (never the token's hash, nor who else was invited). */
export async function teamInvitationsTo(db: Db, emailNormalized: string) {
  const rows = await db
    .selectFrom('company_invitations as i')
    .innerJoin('companies as c', 'c.id', 'i.company_id')
    .select(['c.name', 'i.role', 'i.created_at', 'i.expires_at', 'i.accepted_at', 'i.revoked_at'])
    .where('i.email_normalized', '=', emailNormalized)
    .execute();
  return rows.map((row) => ({
    company: row.name,
    role: row.role,
    sentAt: Number(row.created_at),
    expiresAt: Number(row.expires_at),
    acceptedAt: row.accepted_at === null ? null : Number(row.accepted_at),
    revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
  }));
}

export async function deleteTeamInvitationsTo(db: Db, emailNormalized: string): Promise<void> {
  await db.deleteFrom('company_invitations').where('email_normalized', '=', emailNormalized).execute();
}

export async function planRequestsBy(db: Db, accountId: string) {
  const rows = await db
    .selectFrom('plan_requests as p')
    .innerJoin('companies as c', 'c.id', 'p.company_id')
    .select(['c.name', 'p.plan', 'p.created_at'])
    .where('p.requested_by', '=', accountId)
    .execute();
  return rows.map((row) => ({ company: row.name, plan: row.plan, requestedAt: Number(row.created_at) }));
}
