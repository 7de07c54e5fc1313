// Plain functions over the companies tables; each takes the database or a transaction.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import type { CompanyRole } from '../../../shared/companies/constants';
import type { PlanId } from '../../../shared/companies/plans';
import type { CompanyProfile } from '../../../shared/companies/contracts';
import { slugify } from '../jobs/slugs';
import { changeCompanyPlan } from './plan-limits';
import type { CompanyInvitationRow, CompanyRow } from './companies.table';

export interface Membership {
  companyId: string;
  role: CompanyRole;
  /** The owner closed the company (decision 0289): the route guard turns its members away. */
  closed: boolean;
}

export async function findCompanyById(db: Db, id: string): Promise<CompanyRow | undefined> {
  return db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findCompanyBySlug(db: Db, slug: string): Promise<CompanyRow | undefined> {
  return db.selectFrom('companies').selectAll().where('slug', '=', slug).executeTakeFirst();
}

/** The company a person works for and their role there, or null (one company a person: decision 0100). */
export async function findMembership(db: Db, accountId: string): Promise<Membership | null> {
  const row = await db
    .selectFrom('company_members')
    .innerJoin('companies', 'companies.id', 'company_members.company_id')
    .select(['company_members.company_id', 'company_members.role', 'companies.closed_at'])
    .where('company_members.account_id', '=', accountId)
    .executeTakeFirst();
  return row ? { companyId: row.company_id, role: row.role === 'owner' ? 'owner' : 'recruiter', closed: row.closed_at !== null } : null;
}

/** The company of a member, or undefined. */
export async function getCompanyForMember(db: Db, accountId: string): Promise<CompanyRow | undefined> {
  return db
    .selectFrom('company_members')
    .innerJoin('companies', 'companies.id', 'company_members.company_id')
    .selectAll('companies')
    .where('company_members.account_id', '=', accountId)
    .executeTakeFirst();
}

/** A slug no other company has: the name's slug, then -2, -3 ... */
async function freeSlug(db: Db, name: string): Promise<string> {
  const base = slugify(name) || 'company';
  const taken = new Set(
    (await db.selectFrom('companies').select('slug').where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)])).execute()).map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export type CreateCompanyResult = { ok: true; company: CompanyRow } | { ok: false; reason: 'already_member' };

/**
 * Makes the company with its owner. A person already in a company gets 'already_member'; two
 * companies with one name get different slugs (the unique index decides a race: tried again once).
 */
export async function createCompanyWithOwner(db: Db, input: { accountId: string; profile: CompanyProfile; now: number }): Promise<CreateCompanyResult> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      return await db.transaction().execute(async (trx) => {
        if (await findMembership(trx, input.accountId)) return { ok: false as const, reason: 'already_member' as const };
        const id = randomUUID();
        await trx
          .insertInto('companies')
          .values({
            id,
            name: input.profile.name,
            slug: await freeSlug(trx, input.profile.name),
            created_at: input.now,
            updated_at: input.now,
            website: input.profile.website,
            size_band: input.profile.size_band,
            industry: input.profile.industry,
            description: input.profile.description,
            logo_key: null,
            logo_content_type: null,
            plan: 'free',
            moderation_state: 'pending',
            created_by: input.accountId,
          })
          .execute();
        await trx.insertInto('company_members').values({ company_id: id, account_id: input.accountId, role: 'owner', created_at: input.now }).execute();
        const company = await findCompanyById(trx, id);
        if (!company) throw new Error('company vanished right after it was written');
        return { ok: true as const, company };
      });
    } catch (error) {
      // A unique index said no: the same person in another tab (member) or the same slug taken meanwhile.
      if (await findMembership(db, input.accountId)) return { ok: false, reason: 'already_member' };
      if (attempt === 2) throw error;
    }
  }
  throw new Error('unreachable');
}

/** Saves the profile; the name is copied onto the company's jobs (search and job pages show it). */
export async function updateCompanyProfile(db: Db, companyId: string, profile: CompanyProfile, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirst();
    await trx
      .updateTable('companies')
      .set({ name: profile.name, website: profile.website, size_band: profile.size_band, industry: profile.industry, description: profile.description, updated_at: now })
      .where('id', '=', companyId)
      .execute();
    if (before && before.name !== profile.name) await trx.updateTable('jobs').set({ company_name: profile.name }).where('company_id', '=', companyId).execute();
  });
}

/** Points the company at a new logo file; answers the key of the one it replaced (to delete). */
export async function setCompanyLogo(db: Db, companyId: string, logo: { key: string; contentType: string }, now: number): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('companies').select('logo_key').where('id', '=', companyId).executeTakeFirst();
    await trx.updateTable('companies').set({ logo_key: logo.key, logo_content_type: logo.contentType, updated_at: now }).where('id', '=', companyId).execute();
    return before?.logo_key ?? null;
  });
}

/** Sales puts a company on a plan; its live jobs fit the new limit (paused or running again: decision 0288). */
export async function setCompanyPlan(db: Db, slug: string, plan: PlanId, now = Date.now()): Promise<boolean> {
  const company = await db.selectFrom('companies').select('id').where('slug', '=', slug).executeTakeFirst();
  if (!company) return false;
  await changeCompanyPlan(db, company.id, plan, now);
  return true;
}

/** An admin approved the company's first job: its later jobs publish at once. */
export async function approveCompany(db: Db, companyId: string): Promise<void> {
  await db.updateTable('companies').set({ moderation_state: 'approved' }).where('id', '=', companyId).execute();
}

export async function recordPlanRequest(db: Db, input: { companyId: string; plan: PlanId; accountId: string; now: number }): Promise<void> {
  await db.insertInto('plan_requests').values({ id: randomUUID(), company_id: input.companyId, plan: input.plan, requested_by: input.accountId, created_at: input.now }).execute();
}

export interface MemberListRow {
  accountId: string;
  email: string;
  role: CompanyRole;
  joinedAt: number;
}

export async function listMembers(db: Db, companyId: string): Promise<MemberListRow[]> {
  const rows = await db
    .selectFrom('company_members')
    .innerJoin('accounts', 'accounts.id', 'company_members.account_id')
    .select(['company_members.account_id', 'accounts.email', 'company_members.role', 'company_members.created_at'])
    .where('company_members.company_id', '=', companyId)
    .orderBy('company_members.created_at')
    .orderBy('accounts.email')
    .execute();
  return rows.map((row) => ({ accountId: row.account_id, email: row.email, role: row.role === 'owner' ? 'owner' : 'recruiter', joinedAt: Number(row.created_at) }));
}

/** Removes a recruiter of this company; the owner and other companies' people are not touched. */
export async function removeRecruiter(db: Db, companyId: string, accountId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('company_members')
    .where('company_id', '=', companyId)
    .where('account_id', '=', accountId)
    .where('role', '=', 'recruiter')
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function insertInvitation(
  db: Db,
  invitation: { companyId: string; email: string; emailNormalized: string; tokenHash: string; invitedBy: string; now: number; expiresAt: number },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('company_invitations')
    .values({
      id,
      company_id: invitation.companyId,
      email: invitation.email,
      email_normalized: invitation.emailNormalized,
      role: 'recruiter',
      token_hash: invitation.tokenHash,
      invited_by: invitation.invitedBy,
      created_at: invitation.now,
      expires_at: invitation.expiresAt,
      accepted_at: null,
      accepted_by: null,
      revoked_at: null,
    })
    .execute();
  return id;
}

/** The invitation whose token hashes to one of `tokenHashes` (one per key accepted now). */
export async function findInvitationByTokenHash(db: Db, tokenHashes: readonly string[]): Promise<CompanyInvitationRow | undefined> {
  return db.selectFrom('company_invitations').selectAll().where('token_hash', 'in', tokenHashes).executeTakeFirst();
}

/** Open invitations of the company (not accepted, not revoked, not expired), newest first. */
export async function listOpenInvitations(db: Db, companyId: string, now: number): Promise<CompanyInvitationRow[]> {
  return db
    .selectFrom('company_invitations')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .execute();
}

export async function revokeInvitation(db: Db, companyId: string, invitationId: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('company_invitations')
    .set({ revoked_at: now })
    .where('id', '=', invitationId)
    .where('company_id', '=', companyId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export type AcceptResult = 'accepted' | 'used' | 'other_company';

/**
 * Uses the invitation once: one conditional update claims it, then the person joins as a recruiter,
 * in one transaction (a second click, or two tabs, finds it used).
 */
export async function acceptInvitation(db: Db, invitation: CompanyInvitationRow, accountId: string, now: number): Promise<AcceptResult> {
  return db.transaction().execute(async (trx) => {
    const member = await findMembership(trx, accountId);
    if (member && member.companyId !== invitation.company_id) return 'other_company';
    const claimed = await trx
      .updateTable('company_invitations')
      .set({ accepted_at: now, accepted_by: accountId })
      .where('id', '=', invitation.id)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return 'used';
    if (!member) await trx.insertInto('company_members').values({ company_id: invitation.company_id, account_id: accountId, role: invitation.role, created_at: now }).execute();
    return 'accepted';
  });
}

/** The company's jobs as its public page lists them: open, newest first. */
export async function listOpenJobsOfCompany(db: Db, companyId: string, limit: number) {
  return db
    .selectFrom('jobs')
    .select(['id', 'title', 'city', 'state', 'remote', 'employment_type', 'pay_min', 'pay_max', 'pay_period', 'posted_at'])
    .where('company_id', '=', companyId)
    .where('status', '=', 'open')
    .orderBy('posted_at', 'desc')
    .limit(limit)
    .execute();
}
