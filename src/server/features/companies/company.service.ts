// The companies feature's public module: what other features (posting, moderation, applicants) use.
// Rows become the objects pages and the API show here; rules about companies live here once.
import { COMPANY_PATHS } from '../../../shared/companies/constants';
import { planFor, type Plan } from '../../../shared/companies/plans';
import type { Db } from '../../db/database';
import type { CompanyRow } from './companies.table';

export {
  approveCompany,
  findCompanyById,
  findCompanyBySlug,
  findMembership,
  getCompanyForMember,
  type Membership,
} from './company.repository';
export type { CompanyRow } from './companies.table';
export { companyResponseText, storeResponseFigures } from './response-figures';
export { companyPath } from '../../../shared/companies/company-path';

/** Address of the company's logo (changes when the logo does, so it can be cached for long), or null. */
export function companyLogoUrl(company: Pick<CompanyRow, 'id' | 'logo_key'>): string | null {
  if (!company.logo_key) return null;
  const version = /([0-9a-f]{8})[0-9a-f-]*\.\w+$/.exec(company.logo_key)?.[1] ?? '0';
  return `${COMPANY_PATHS.logo}/${encodeURIComponent(company.id)}?v=${version}`;
}

/**
 * A company whose jobs publish at once. A new company's first job waits for an admin at
 * /admin/moderation; approving it calls approveCompany() (issue 11, moderation).
 */
export function isCompanyApproved(company: Pick<CompanyRow, 'moderation_state'>): boolean {
  return company.moderation_state === 'approved';
}

/** The plan a company is on, with its limits (live jobs, résumé database, featured jobs). */
export function companyPlan(company: Pick<CompanyRow, 'plan'>): Plan {
  return planFor(company);
}

/** Whether the company has more than its owner: another member, or an invitation still open. */
export async function hasTeamBeyondOwner(db: Db, companyId: string, now: number): Promise<boolean> {
  const [members, invitations] = await Promise.all([
    db.selectFrom('company_members').select((eb) => eb.fn.countAll<number | string>().as('n')).where('company_id', '=', companyId).executeTakeFirstOrThrow(),
    db.selectFrom('company_invitations').select('id').where('company_id', '=', companyId).where('expires_at', '>', now).where('accepted_at', 'is', null).where('revoked_at', 'is', null).limit(1).executeTakeFirst(),
  ]);
  return Number(members.n) > 1 || invitations !== undefined;
}

