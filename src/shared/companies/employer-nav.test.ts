import { describe, expect, it } from 'vitest';
import { currentEmployerNavItem, EMPLOYER_NAV, employerWorkspace } from './employer-nav';

describe('the employer navigation', () => {
  it('has the workspace links in order', () => {
    expect(EMPLOYER_NAV.map((item) => item.label)).toEqual(['Dashboard', 'Jobs', 'Candidates', 'Messages', 'Résumé database', 'Company', 'Team', 'Plans', 'Settings']);
  });

  it.each([
    ['/dashboard', 'Dashboard'],
    ['/dashboard/jobs/abc/figures', 'Jobs'],
    ['/my-jobs', 'Jobs'],
    ['/jobs/search', 'Jobs'],
    ['/post-a-job/abc/preview', 'Jobs'],
    ['/quiz/create', 'Jobs'],
    ['/quiz/create/set-1', 'Jobs'],
    ['/candidates/app-1', 'Candidates'],
    ['/interviews/int-1', 'Candidates'],
    ['/messages/c-1', 'Messages'],
    ['/resume-database/s-1', 'Résumé database'],
    ['/employer/company', 'Company'],
    ['/employer/team', 'Team'],
    ['/user/set-plan', 'Plans'],
    ['/user/account', 'Settings'],
  ])('%s belongs to %s', (path, label) => {
    expect(currentEmployerNavItem(path)?.label).toBe(label);
  });

  it('marks nothing for a path outside the workspace or one that only shares a prefix', () => {
    expect(currentEmployerNavItem('/jobs-search')).toBeNull();
    expect(currentEmployerNavItem('/dashboards')).toBeNull();
    expect(currentEmployerNavItem('/quiz/created')).toBeNull();
    expect(currentEmployerNavItem('/employer/company-logo')).toBeNull();
  });

  it('builds the workspace: every item with the current one marked, or only the company step before the company exists', () => {
    const workspace = employerWorkspace({ name: 'Acme', role: 'recruiter' }, '/employer/team');
    expect(workspace.roleLabel).toBe('Recruiter');
    expect(workspace.links.filter((link) => link.current).map((link) => link.label)).toEqual(['Team']);
    expect(workspace.links).toHaveLength(EMPLOYER_NAV.length);
    expect(employerWorkspace(null, '/dashboard').links).toEqual([{ href: '/employer/company/new', label: 'Create your company', current: false }]);
  });
});
