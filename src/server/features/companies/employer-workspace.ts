// The employer's side of every page's shell (decision 0259): an employer-side session gets the workspace
// header (company, role, the employer navigation); a seeker-side session of a company member is offered
// the way back to hiring. One indexed lookup per signed-in page.
import type { Db } from '../../db/database';
import { employerWorkspace } from '../../../shared/companies/employer-nav';
import { PLAN_USAGE_PATHS } from '../../../shared/companies/plan-usage';
import type { ShellData } from '../../../shared/page-data';

export async function workspaceShell(db: Db, user: { id: string; side?: 'seeker' | 'employer' }, url: string): Promise<Pick<ShellData, 'employer' | 'canSwitchToEmployer'>> {
  const member = await db
    .selectFrom('company_members')
    .innerJoin('companies', 'companies.id', 'company_members.company_id')
    .select(['companies.name', 'company_members.role', 'companies.closed_at'])
    .where('company_members.account_id', '=', user.id)
    .executeTakeFirst();
  if (user.side !== 'employer') return member ? { canSwitchToEmployer: true } : {};
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const workspace = employerWorkspace(member ? { name: member.name, role: member.role === 'owner' ? 'owner' : 'recruiter' } : null, path);
  // A closed company's team has one page left, the one that says so (decision 0289): the navigation offers only it.
  if (member && member.closed_at !== null) return { employer: { ...workspace, links: [{ href: PLAN_USAGE_PATHS.reactivate, label: 'Company closed', current: path === PLAN_USAGE_PATHS.reactivate }] } };
  return { employer: workspace };
}
