// Issue 44, the employer's shell (decision 0259): an employer-side session gets the workspace header on
// every page (company, role, the employer navigation; no job-seeker marketing menus, no rating banner),
// and a person moves between the sides both ways.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EMPLOYER_NAV } from '../../src/shared/companies/employer-nav';
import { ownerOf, pageData, signInEmployer } from '../support/employer-helpers';
import { getPage, postForm, signIn } from '../support/seeker-helpers';
import { createTestApp, type TestApp } from '../support/test-app';

describe('the employer workspace shell', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const page = async (path: string, jar: Parameters<typeof getPage>[2]) => {
    const res = await getPage(t.app, path, jar);
    expect(res.statusCode, path).toBe(200);
    // React's text separators (<!-- -->) aside, the markup as a person's browser gets it.
    return { html: res.body.replaceAll('<!-- -->', ''), shell: pageData(res.body).shell };
  };
  const employerNav = (html: string) => /<nav class="workspace-nav" aria-label="Employer">(.*?)<\/nav>/s.exec(html)?.[1] ?? null;

  it('shows the same navigation on every employer page, the current one marked, without the seeker menus or the banner', async () => {
    const owner = await ownerOf(t.app, 'owner@acme.example', 'Acme Freight');
    for (const [path, current] of [
      ['/dashboard', 'Dashboard'],
      ['/my-jobs', 'Jobs'],
      ['/post-a-job', 'Jobs'],
      ['/candidates', 'Candidates'],
      ['/messages', 'Messages'],
      ['/resume-database', 'Résumé database'],
      ['/employer/company', 'Company'],
      ['/employer/team', 'Team'],
      ['/user/account', 'Settings'],
      ['/employer/notifications', null],
    ] as const) {
      const { html, shell } = await page(path, owner.jar);
      expect(shell.employer?.companyName, path).toBe('Acme Freight');
      expect(shell.employer?.roleLabel, path).toBe('Owner');
      const nav = employerNav(html);
      expect(nav, path).not.toBeNull();
      for (const item of EMPLOYER_NAV) expect(nav!.includes(`href="${item.href}"`), `${path}: ${item.label}`).toBe(true);
      const marked = [...nav!.matchAll(/<a href="[^"]*" aria-current="page">([^<]*)<\/a>/g)].map((match) => match[1]);
      expect(marked, path).toEqual(current ? [current] : []);
      expect(html.includes('aria-label="Main"'), `${path}: the marketing menus`).toBe(false);
      expect(html.includes('class="rating-banner"'), `${path}: the banner`).toBe(false);
      expect(html.includes('<span class="workspace-company-name">Acme Freight</span><span class="workspace-role">\u00a0· Owner</span>'), path).toBe(true);
    }
  });

  it('offers only the company step before the company exists', async () => {
    const jar = await signInEmployer(t.app, 'new@acme.example');
    const { html, shell } = await page('/employer/company/new', jar);
    expect(shell.employer).toEqual({ companyName: null, roleLabel: null, links: [{ href: '/employer/company/new', label: 'Create your company', current: true }] });
    const nav = employerNav(html)!;
    expect([...nav.matchAll(/<a href="([^"]*)"/g)].map((match) => match[1])).toEqual(['/employer/company/new']);
  });

  it('keeps the job seeker header for seekers and visitors', async () => {
    const jar = await signIn(t.app, 'sam@example.com');
    for (const cookies of [jar, undefined]) {
      const { html, shell } = await page('/jobs-search?search=driver', cookies);
      expect(shell.employer).toBeUndefined();
      expect(employerNav(html)).toBeNull();
      expect(html.includes('aria-label="Main"')).toBe(true);
    }
  });

  it('switches from hiring to job searching and back', async () => {
    const owner = await ownerOf(t.app, 'owner@acme.example', 'Acme Freight');
    const toSeeker = await postForm(t.app, '/authn/side', { side: 'seeker' }, { jar: owner.jar, xhr: false });
    expect(toSeeker.statusCode).toBe(303);
    const seekerSide = await page('/candidate/my-jobs', owner.jar);
    expect(seekerSide.shell.user?.side).toBe('seeker');
    expect(seekerSide.shell.employer).toBeUndefined();
    // The way back is offered to a company member on the seeker side.
    expect(seekerSide.shell.canSwitchToEmployer).toBe(true);
    expect(/<input type="hidden" name="side" value="employer"\/><button type="submit"[^>]*>Switch to hiring<\/button>/.test(seekerSide.html)).toBe(true);
    const back = await postForm(t.app, '/authn/side', { side: 'employer' }, { jar: owner.jar, xhr: false });
    expect(back.statusCode).toBe(303);
    const employerSide = await page('/dashboard', owner.jar);
    expect(employerSide.shell.employer?.companyName).toBe('Acme Freight');
    expect(/value="seeker"\/><button type="submit"[^>]*>Switch to job searching<\/button>/.test(employerSide.html)).toBe(true);
  });

  it('does not offer the switch to hiring to a seeker who belongs to no company', async () => {
    const jar = await signIn(t.app, 'sam@example.com');
    const { html, shell } = await page('/candidate/my-jobs', jar);
    expect(shell.canSwitchToEmployer).toBeUndefined();
    expect(html.includes('Switch to hiring')).toBe(false);
  });
});
