// Header and footer navigation as data (spec 2.1, 2.3, 2.4, 3 "Navigation item").
// No runtime imports: this module ships in every page's first script, so keep it compact.
import type { Audience } from './page-data';

/** An audience a link is restricted to (spec 2.4); unrestricted links show for everyone. */
export type NavRestriction = Extract<Audience, 'logged-out' | 'employers'>;

export interface NavItem {
  title: string;
  type: 'section' | 'link';
  href?: string;
  subtitle?: string;
  bold?: boolean;
  target?: '_blank';
  items?: NavItem[];
  /** Sent to the event log when the link is clicked. */
  logging?: { event: string; properties?: Record<string, string> };
  audience?: NavRestriction;
}

export const FOOTER_INTSRC = 'intsrc=zr.fe.footer_light';
export const JOBSEEKER_LOGIN_HREF = '/authn/login?onboarding_method=fe.header_logged_out_global_nav.jobseeker_link&realm=candidates';
export const FOOTER_LOGIN_HREF = '/authn/login?onboarding_method=fe.footer_seo.jobseeker_link';
export const REGISTER_HREF = '/jobseeker/register';
export const SUPPORT_PHONE = '1-888-555-0142';

const link = (title: string, href: string, extra?: Partial<NavItem>): NavItem => ({ title, type: 'link', href, ...extra });
/** External links open in a new tab (the components add rel="noopener noreferrer"). */
const external = (title: string, href: string, extra?: Partial<NavItem>): NavItem => link(title, href, { target: '_blank', ...extra });
const section = (title: string, items: NavItem[], extra?: Partial<NavItem>): NavItem => ({ title, type: 'section', items, ...extra });

const SUPPORT = 'https://support.jobwise.example';
const LEGAL = 'https://legal.jobwise.example';

export const EXTERNAL_URLS = {
  careerAdvice: 'https://advice.jobwise.example/',
  jobSeekerSupport: `${SUPPORT}/job-seekers`,
  employerSupport: `${SUPPORT}/employers`,
  newAccountHelp: `${SUPPORT}/employers/new-account`,
  investors: 'https://investors.jobwise.example/',
  nonProfit: 'https://jobwise-foundation.example/',
  ukSite: 'https://uk.jobwise.example/',
  terms: `${LEGAL}/terms`,
  privacy: `${LEGAL}/privacy`,
  smsTerms: `${LEGAL}/sms-terms`,
  cookies: `${LEGAL}/cookies`,
  jobPostingRules: `${LEGAL}/job-posting-rules`,
  security: 'https://security.jobwise.example/',
} as const;

const searchJobs = link('Search Jobs', '/Search-Jobs-Near-Me');
const browseJobs = link('Browse Jobs', '/browse');
const salaries = link('Salaries', '/Salaries');
const jobSeekerReviews = link('Job Seeker Reviews', '/job-seeker-reviews');
const careerAdvice = external('Career Advice', EXTERNAL_URLS.careerAdvice);
const jobSeekerSupport = external('Job Seeker Support', EXTERNAL_URLS.jobSeekerSupport);
const trust = link('Safe Job Search', '/trust/awareness');
const postAJob = link('Post a Job', '/post-a-job', { bold: true, logging: { event: 'post_a_job_click' } });
const resumeDatabase = link('Search Resumes', '/resume-database');
const howItWorks = link('How It Works', '/how-it-works');
const plans = link('Plans', '/plans');
const jobSites = link('Job Sites', '/job-sites');
const employerReviews = link('Employer Reviews', '/employer-reviews');
const employerLogin = link('Employer Login', '/authn/employer/login');
const contactSales = link('Contact Sales', '/sales');
const enterpriseItems = (contactHref: string) => [
  link('Enterprise Overview', '/enterprise', { subtitle: 'Hiring for 5,000+ employees' }),
  link('How It Works', '/enterprise_how_it_works'),
  link('Customer Stories', '/enterprise-customer-stories'),
  link('Enterprise FAQ', '/enterprise_faq'),
  link('Contact Enterprise Sales', contactHref),
];

/** The header's three audience menus (dropdowns at 1367 px and wider). */
export const HEADER_MENUS: NavItem[] = [
  section('Job Seekers', [
    searchJobs,
    browseJobs,
    salaries,
    link('Who Is Jobwise?', '/who-is-jobwise'),
    jobSeekerReviews,
    link('Mobile App', '/mobile-app-redirect?area=_header_light'),
    trust,
    careerAdvice,
    jobSeekerSupport,
    link('Log In', JOBSEEKER_LOGIN_HREF, { bold: true, logging: { event: 'header_sign_in_click' } }),
  ]),
  section(
    'Small & Medium Businesses',
    [
      postAJob,
      resumeDatabase,
      howItWorks,
      plans,
      jobSites,
      employerReviews,
      employerLogin,
      link(`Call support: ${SUPPORT_PHONE}`, 'tel:+18885550142', { subtitle: 'Monday to Friday, 8am to 6pm ET' }),
      external('Employer Support', EXTERNAL_URLS.employerSupport),
      external('New Account Help', EXTERNAL_URLS.newAccountHelp),
      contactSales,
      link('Contact Us', '/contact'),
    ],
    { subtitle: '1 to 5,000 employees' },
  ),
  section('Enterprise Businesses', enterpriseItems('/enterprise-contact-us'), { subtitle: '5,000+ employees' }),
];

/**
 * The footer's five columns (accordions under 640 px). The server alone renders the footer (decision
 * 0185): built by a call marked pure, so a client bundle that never reads them leaves the lists out.
 */
export const FOOTER_COLUMNS: NavItem[] = /* @__PURE__ */ (() => [
  section('Job Seekers', [
    searchJobs,
    browseJobs,
    salaries,
    link('Create Free Account', REGISTER_HREF, { audience: 'logged-out' }),
    link('Job Seeker Login', FOOTER_LOGIN_HREF),
    jobSeekerReviews,
    link('Mobile App', '/mobile'),
    trust,
    careerAdvice,
    jobSeekerSupport,
  ]),
  section('Small & Medium Businesses', [
    link('Post Jobs', '/post-a-job'),
    link('Search Resumes', '/resume-database', { audience: 'employers' }),
    howItWorks,
    link('Plans', '/plans', { audience: 'employers' }),
    jobSites,
    employerReviews,
    external('Job Posting Rules', EXTERNAL_URLS.jobPostingRules, { audience: 'employers' }),
    employerLogin,
    contactSales,
    link('Contact Us', '/contact'),
  ]),
  section('Enterprise Businesses', enterpriseItems('/enterprise_contactus')),
  section('Partner with Us', [
    link('Job Board Software', '/jobboard.io'),
    link('ATS Partners', '/ats-partners'),
    external('Jobwise Foundation', EXTERNAL_URLS.nonProfit, { subtitle: 'Our non-profit' }),
    external('Investors', EXTERNAL_URLS.investors),
  ]),
  section('Company', [
    link('About Us', '/about'),
    link('Careers', '/careers'),
    link('Engineering', '/careers/engineering'),
    link('Blog', '/blog'),
    link('Press', '/press'),
    link('Privacy', '/privacy'),
    link('California Privacy Notice', '/california-privacy-notice'),
    link('Notices', '/notices'),
    link('Corporate Responsibility', '/corporate-responsibility'),
    external('Terms of Use', EXTERNAL_URLS.terms),
    external('Cookie Policy', EXTERNAL_URLS.cookies),
    external('Security', EXTERNAL_URLS.security),
    external('Jobwise UK', EXTERNAL_URLS.ukSite),
    link('Login', '/login'),
  ]),
])();

export const SOCIAL_LINKS: NavItem[] = /* @__PURE__ */ (() =>
  ['Facebook', 'X', 'LinkedIn', 'Instagram'].map((network) => external(`Jobwise on ${network}`, `https://social.jobwise.example/${network.toLowerCase()}`)))();

/**
 * Keeps the items an audience may see (spec 2.4): general shows everything; the other audiences see
 * unrestricted items plus their own (signed-in job seekers have none of their own). Sections keep their
 * filtered children.
 */
export function filterByAudience(items: readonly NavItem[], audience: Audience): NavItem[] {
  return items
    .filter((item) => audience === 'general' || !item.audience || item.audience === audience)
    .map((item) => (item.items ? { ...item, items: filterByAudience(item.items, audience) } : item));
}

/** Adds the footer's tracking fragment to web links; a fragment already present is replaced. */
export function withFooterTracking(href: string): string {
  if (!href.startsWith('/') && !href.startsWith('https://')) return href;
  const hash = href.indexOf('#');
  return `${hash === -1 ? href : href.slice(0, hash)}#${FOOTER_INTSRC}`;
}
