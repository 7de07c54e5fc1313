// Page-view labels from the path table of spec 2.1. Pure and import-free: it ships with the first page load.

const EXACT: Record<string, string> = {
  // Candidate pages
  '/candidate/about': 'Candidate About',
  '/candidate/alerts': 'Candidate Alerts',
  '/candidate/my-jobs': 'Candidate My Jobs',
  '/candidate/resume': 'Candidate Resume',
  '/candidate/references': 'Candidate References',
  '/candidate/notifications': 'Candidate Notifications',
  '/candidate/password': 'Candidate Password',
  '/candidate/unsubscribe': 'Candidate Unsubscribe',
  '/candidate/saved-jobs': 'Candidate Saved Jobs',
  '/candidate/verify-identity': 'Candidate Verify Identity',
  '/candidate/gothired': 'Candidate Got Hired',
  '/candidate/onboard': 'Candidate Onboard',
  '/candidate/testimonials': 'Candidate Testimonials',
  '/jobs/resume': 'Candidate Resume',
  '/mobile': 'Mobile',
  '/jobseeker/home': 'Suggested Jobs',
  '/login': 'Login',
  // Employer pages
  '/employer': 'Employer Home',
  '/user/purchase-plan-simple': 'Paywall',
  '/quiz/create': 'Employer Quiz Create',
  '/user/create': 'Employer Create Account',
  '/user/account': 'Employer Account',
  '/user/employer-survey': 'Employer Survey',
  '/post-a-job': 'Post a Job',
  '/jobs/search': 'Employer Jobs Search',
  '/dashboard': 'Employer Dashboard',
  '/employer/reactivate': 'Employer Reactivate',
  '/user/purchase-upgrade': 'Employer Purchase Upgrade',
  '/user/set-plan': 'Employer Set Plan',
  '/user/change-card': 'Employer Change Card',
  '/user/unsubscribe': 'Employer Unsubscribe',
  // Marketing pages
  '/job-sites': 'Marketing Job Sites',
  '/pricing': 'Marketing Pricing',
  '/enterprise': 'Marketing Enterprise',
  '/features': 'Marketing Features',
  '/employer-reviews': 'Marketing Employer Reviews',
  '/guarantee': 'Marketing Guarantee',
  '/faq': 'Marketing FAQ',
  '/sales': 'Marketing Sales',
  '/about': 'Marketing About',
  '/scale': 'Marketing Scale',
  // Other
  '/find-a-job': 'Find a Job',
  '/video-call-faq': 'Video Call FAQ',
  '/blog': 'Blog',
};

/** Longest prefix first, so /candidate/unsubscribe/x is not read as a candidate page. */
const PREFIXES: [string, string][] = [
  ['/candidate/zipresume/verify/', 'Candidate Resume Verify'],
  ['/reference-giver/create-alert/', 'Reference Giver Create Alert'],
  ['/candidate/unsubscribe/', 'Candidate Unsubscribe Link'],
  ['/contact/survey/', 'Contact Survey'],
  ['/submit-reference/', 'Submit Reference'],
  ['/candidates', 'Employer Candidates'],
  ['/blog/', 'Blog Post'],
];

export const DRAFT_JOBS_LABEL = 'Employer Draft Jobs';
export const UNLABELLED_PAGE = 'Other';

/**
 * The label a page view is logged under. A page type set by the server (vanity URL, job search home,
 * organic job, ...) takes precedence over the path's label.
 */
export function pageViewLabel(pathname: string, search = '', serverPageType: string | null = null): string {
  if (serverPageType) return serverPageType;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/my-jobs' && new URLSearchParams(search).get('show') === 'draft') return DRAFT_JOBS_LABEL;
  const exact = EXACT[path];
  if (exact) return exact;
  for (const [prefix, label] of PREFIXES) if (path.startsWith(prefix) || path === prefix.replace(/\/$/, '')) return label;
  return UNLABELLED_PAGE;
}
