import { liveJobLimitMessage } from '../../../shared/companies/plans';
import type { Db } from '../../db/database';
import { approveCompany, companyPlan, findCompanyById, hasTeamBeyondOwner, isCompanyApproved, type CompanyRow } from '../companies/company.service';
import type { CompanyFacts } from './employer-jobs.service';

/** What posting needs to know about a company, read through the companies feature's public module. */
export function companyFacts(company: CompanyRow): CompanyFacts {
  const plan = companyPlan(company);
  return {
    id: company.id,
    name: company.name,
    approved: isCompanyApproved(company),
    liveJobLimit: plan.liveJobs,
    liveJobLimitMessage: liveJobLimitMessage(company),
    featuredJobs: plan.featuredJobs,
  };
}

export async function loadCompanyFacts(db: Db, companyId: string): Promise<CompanyFacts | null> {
  const company = await findCompanyById(db, companyId);
  return company ? companyFacts(company) : null;
}

export { approveCompany, findCompanyById, hasTeamBeyondOwner };
