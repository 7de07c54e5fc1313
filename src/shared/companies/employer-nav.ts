// The employer's workspace navigation (decision 0259): the same links on every page an employer-side
// session sees, in the header. Data only: the shell renders it and the tests read it.
import { APPLICANTS_PATHS } from '../applicants/page-props';
import { APPLICANT_MAIL_PATHS } from '../applicant-mail/settings';
import { EMPLOYER_JOBS_PATHS } from '../employer-jobs/page-props';
import { INTERVIEW_PATHS } from '../interviews/interviews';
import { MESSAGES_PATHS } from '../messages/constants';
import { RESUME_DATABASE_PATHS } from '../resume-database/constants';
import { COMPANY_PATHS, COMPANY_ROLE_LABELS, type CompanyRole } from './constants';

export interface EmployerNavItem {
  href: string;
  label: string;
  /** Further paths that belong to this item (the application pages belong to Candidates). */
  also?: readonly string[];
}

export const EMPLOYER_NAV: readonly EmployerNavItem[] = [
  { href: EMPLOYER_JOBS_PATHS.dashboard, label: 'Dashboard' },
  { href: EMPLOYER_JOBS_PATHS.jobSearch, label: 'Jobs', also: [EMPLOYER_JOBS_PATHS.myJobs, EMPLOYER_JOBS_PATHS.postJob, EMPLOYER_JOBS_PATHS.questionSets, `${EMPLOYER_JOBS_PATHS.dashboard}/jobs`] },
  { href: APPLICANTS_PATHS.inbox, label: 'Candidates', also: [INTERVIEW_PATHS.list] },
  { href: MESSAGES_PATHS.list, label: 'Messages' },
  { href: RESUME_DATABASE_PATHS.search, label: 'Résumé database' },
  { href: COMPANY_PATHS.settings, label: 'Company' },
  { href: COMPANY_PATHS.team, label: 'Team' },
  { href: COMPANY_PATHS.plans, label: 'Plans', also: ['/user/set-plan', '/user/purchase-plan-simple', '/user/purchase-upgrade', '/user/change-card', '/employer/close', '/employer/reactivate'] },
  { href: APPLICANT_MAIL_PATHS.account, label: 'Settings' },
];

/**
 * The employer's side of the shell: their company (null before they create one), their role's label and
 * the navigation with the current item marked. The server builds it, so the constants behind the links
 * stay out of every page's first script.
 */
export interface EmployerWorkspace {
  companyName: string | null;
  roleLabel: string | null;
  links: Array<{ href: string; label: string; current: boolean }>;
}

const within = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`);

/** The item a path belongs to: the longest href or extra path it sits under, so /employer/team is Team, not Company. */
export function currentEmployerNavItem(path: string): EmployerNavItem | null {
  let best: { item: EmployerNavItem; length: number } | null = null;
  for (const item of EMPLOYER_NAV) {
    for (const prefix of [item.href, ...(item.also ?? [])]) {
      if (within(path, prefix) && (!best || prefix.length > best.length)) best = { item, length: prefix.length };
    }
  }
  return best?.item ?? null;
}

/** The workspace for a page's path: every item once the company exists, before that the one step of creating it. */
export function employerWorkspace(company: { name: string; role: CompanyRole } | null, path: string): EmployerWorkspace {
  if (!company) return { companyName: null, roleLabel: null, links: [{ href: COMPANY_PATHS.create, label: 'Create your company', current: within(path, COMPANY_PATHS.create) }] };
  const current = currentEmployerNavItem(path);
  return { companyName: company.name, roleLabel: COMPANY_ROLE_LABELS[company.role], links: EMPLOYER_NAV.map((item) => ({ href: item.href, label: item.label, current: item === current })) };
}
