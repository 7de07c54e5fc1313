import { describe, expect, it } from 'vitest';
import { audienceFor } from './page-data';
import {
  EXTERNAL_URLS,
  FOOTER_COLUMNS,
  HEADER_MENUS,
  SOCIAL_LINKS,
  filterByAudience,
  withFooterTracking,
  type NavItem,
} from './navigation';

const flatten = (items: readonly NavItem[]): NavItem[] => items.flatMap((item) => [item, ...flatten(item.items ?? [])]);
const titles = (items: readonly NavItem[]) => flatten(items).map((item) => item.title);
const hrefs = (items: readonly NavItem[]) => flatten(items).flatMap((item) => (item.href ? [item.href] : []));

describe('navigation data', () => {
  it('has the three header menus and the five footer columns of spec 2.3 and 2.4', () => {
    expect(HEADER_MENUS.map((menu) => menu.title)).toEqual(['Job Seekers', 'Small & Medium Businesses', 'Enterprise Businesses']);
    expect(FOOTER_COLUMNS.map((column) => column.title)).toEqual([
      'Job Seekers',
      'Small & Medium Businesses',
      'Enterprise Businesses',
      'Partner with Us',
      'Company',
    ]);
    for (const top of [...HEADER_MENUS, ...FOOTER_COLUMNS]) {
      expect(top.type).toBe('section');
      expect(top.items?.length).toBeGreaterThan(0);
    }
  });

  it('places every internal path of spec 2.1 in the header or the footer', () => {
    const all = new Set(hrefs([...HEADER_MENUS, ...FOOTER_COLUMNS]));
    const spec = [
      '/Search-Jobs-Near-Me', '/browse', '/Salaries', '/who-is-jobwise', '/job-seeker-reviews', '/mobile',
      '/mobile-app-redirect?area=_header_light', '/trust/awareness',
      '/authn/login?onboarding_method=fe.footer_seo.jobseeker_link',
      '/authn/login?onboarding_method=fe.header_logged_out_global_nav.jobseeker_link&realm=candidates',
      '/post-a-job', '/resume-database', '/how-it-works', '/plans', '/job-sites', '/employer-reviews', '/sales', '/contact',
      '/enterprise', '/enterprise_how_it_works', '/enterprise-customer-stories', '/enterprise_faq',
      '/jobboard.io', '/ats-partners', '/about', '/careers', '/careers/engineering', '/blog', '/press', '/privacy',
      '/california-privacy-notice', '/notices', '/corporate-responsibility', '/authn/employer/login', '/login',
    ];
    for (const path of spec) expect(all, path).toContain(path);
    expect(hrefs(FOOTER_COLUMNS)).toContain('/enterprise_contactus');
    expect(hrefs(HEADER_MENUS)).toContain('/enterprise-contact-us');
  });

  it('opens every external link in a new tab, on our own domains only', () => {
    const externals = flatten([...HEADER_MENUS, ...FOOTER_COLUMNS, ...SOCIAL_LINKS]).filter((item) => item.href?.startsWith('http'));
    expect(externals.length).toBeGreaterThanOrEqual(13);
    for (const item of externals) {
      expect(item.target, item.title).toBe('_blank');
      expect(new URL(item.href ?? '').hostname, item.title).toMatch(/(^|\.)jobwise(-foundation)?\.example$/);
    }
    expect(SOCIAL_LINKS).toHaveLength(4);
    for (const url of Object.values(EXTERNAL_URLS)) expect(url.startsWith('https://')).toBe(true);
  });

  it('offers Call support with a phone link among the employer items', () => {
    const call = flatten(HEADER_MENUS).find((item) => item.title.startsWith('Call support'));
    expect(call?.href).toMatch(/^tel:\+1888555\d{4}$/);
    expect(titles(HEADER_MENUS)).toEqual(expect.arrayContaining(['Employer Support', 'New Account Help', 'Plans']));
  });

  it('logs the header Post a Job and Log In clicks', () => {
    const items = flatten(HEADER_MENUS);
    expect(items.find((item) => item.title === 'Post a Job')?.logging?.event).toBe('post_a_job_click');
    expect(items.find((item) => item.title === 'Log In')?.logging?.event).toBe('header_sign_in_click');
  });
});

describe('filterByAudience', () => {
  const restricted = ['Create Free Account', 'Search Resumes', 'Plans', 'Job Posting Rules'];
  const footerTitles = (audience: Parameters<typeof filterByAudience>[1]) => titles(filterByAudience(FOOTER_COLUMNS, audience));

  it('shows everything to the general audience', () => {
    expect(footerTitles('general')).toEqual(titles(FOOTER_COLUMNS));
    expect(footerTitles('general')).toEqual(expect.arrayContaining(restricted));
  });

  it('adds Create Free Account for logged-out visitors, and no employer-only links', () => {
    const seen = footerTitles('logged-out');
    expect(seen).toContain('Create Free Account');
    for (const title of ['Search Resumes', 'Plans', 'Job Posting Rules']) expect(seen).not.toContain(title);
  });

  it('shows signed-in job seekers neither the employer-only links nor Create Free Account', () => {
    const seen = footerTitles('job-seekers');
    for (const title of restricted) expect(seen).not.toContain(title);
    expect(seen).toContain('Job Seeker Login');
  });

  it.each([
    ['a visitor', null, 'general'],
    ['a signed-in job seeker', {}, 'job-seekers'],
    ['an employer session (role)', { role: 'employer' }, 'employers'],
    ['an employer session (side)', { side: 'employer' }, 'employers'],
    ['a job seeker with another role', { role: 'admin' }, 'job-seekers'],
  ] as const)('the audience of %s is %s', (_who, user, audience) => {
    expect(audienceFor(user)).toBe(audience);
  });

  it('adds Search Resumes, Plans and Job Posting Rules for employers, and not Create Free Account', () => {
    const seen = footerTitles('employers');
    expect(seen).toEqual(expect.arrayContaining(['Search Resumes', 'Plans', 'Job Posting Rules']));
    expect(seen).not.toContain('Create Free Account');
  });

  it('keeps unrestricted links for every audience and filters nested sections without changing the input', () => {
    const items = [
      { title: 'A', type: 'section', items: [{ title: 'open', type: 'link', href: '/a' }, { title: 'emp', type: 'link', href: '/b', audience: 'employers' }] },
      { title: 'only visitors', type: 'link', href: '/c', audience: 'logged-out' },
    ] satisfies NavItem[];
    expect(filterByAudience(items, 'logged-out')).toEqual([
      { title: 'A', type: 'section', items: [{ title: 'open', type: 'link', href: '/a' }] },
      { title: 'only visitors', type: 'link', href: '/c', audience: 'logged-out' },
    ]);
    expect(items[0]?.items).toHaveLength(2);
  });
});

describe('withFooterTracking', () => {
  it('appends the intsrc fragment to internal and external web links', () => {
    expect(withFooterTracking('/about')).toBe('/about#intsrc=zr.fe.footer_light');
    expect(withFooterTracking('/mobile-app-redirect?area=_header_light')).toBe('/mobile-app-redirect?area=_header_light#intsrc=zr.fe.footer_light');
    expect(withFooterTracking('https://support.jobwise.example/job-seekers')).toBe('https://support.jobwise.example/job-seekers#intsrc=zr.fe.footer_light');
  });

  it('replaces an existing fragment instead of adding a second one', () => {
    expect(withFooterTracking('/faq#top')).toBe('/faq#intsrc=zr.fe.footer_light');
  });

  it('leaves phone and mail links alone', () => {
    expect(withFooterTracking('tel:+18885550142')).toBe('tel:+18885550142');
    expect(withFooterTracking('mailto:a@jobwise.example')).toBe('mailto:a@jobwise.example');
  });
});
