import type { ComponentType } from 'react';
import type { PageName, PagePropsMap } from '../shared/page-props';

export interface PageModule<Props = never> {
  default: ComponentType<{ props: Props }>;
}

interface PageEntry<Props> {
  load: () => Promise<PageModule<Props>>;
  /** The module's path from the project root, as Vite's manifest names it. */
  source: string;
}

/**
 * Every page the server can render, by name. Each is its own chunk, so a page loads only its code;
 * the server preloads the chunk named here, and the client imports it before hydrating.
 */
export const pageRegistry = {
  landing: { load: () => import('./pages/landing-page'), source: 'src/web/pages/landing-page.tsx' },
  content: { load: () => import('./pages/content-page'), source: 'src/web/pages/content-page.tsx' },
  'jobseeker-login': { load: () => import('./pages/registration-page'), source: 'src/web/pages/registration-page.tsx' },
  'jobseeker-register': { load: () => import('./pages/registration-page'), source: 'src/web/pages/registration-page.tsx' },
  'jobseeker-home': { load: () => import('./pages/jobseeker-home-page'), source: 'src/web/pages/jobseeker-home-page.tsx' },
  'not-found': { load: () => import('./pages/not-found-page'), source: 'src/web/pages/not-found-page.tsx' },
  'job-results': { load: () => import('./pages/job-results-page'), source: 'src/web/pages/job-results-page.tsx' },
  job: { load: () => import('./pages/job-page'), source: 'src/web/pages/job-page.tsx' },
  browse: { load: () => import('./pages/browse-page'), source: 'src/web/pages/browse-page.tsx' },
  salaries: { load: () => import('./pages/salaries-page'), source: 'src/web/pages/salaries-page.tsx' },
  salary: { load: () => import('./pages/salary-page'), source: 'src/web/pages/salary-page.tsx' },
  'jobs-near-me': { load: () => import('./pages/jobs-near-me-page'), source: 'src/web/pages/jobs-near-me-page.tsx' },
  'admin-analytics': { load: () => import('./pages/admin-analytics-page'), source: 'src/web/pages/admin-analytics-page.tsx' },
  'saved-jobs': { load: () => import('./pages/saved-jobs-page'), source: 'src/web/pages/saved-jobs-page.tsx' },
  'my-jobs': { load: () => import('./pages/my-jobs-page'), source: 'src/web/pages/my-jobs-page.tsx' },
  'candidate-about': { load: () => import('./pages/candidate-about-page'), source: 'src/web/pages/candidate-about-page.tsx' },
  'candidate-resume': { load: () => import('./pages/candidate-resume-page'), source: 'src/web/pages/candidate-resume-page.tsx' },
  'candidate-alerts': { load: () => import('./pages/candidate-alerts-page'), source: 'src/web/pages/candidate-alerts-page.tsx' },
  'candidate-unsubscribe': { load: () => import('./pages/candidate-unsubscribe-page'), source: 'src/web/pages/candidate-unsubscribe-page.tsx' },
  'employer-login': { load: () => import('./pages/employer-login-page'), source: 'src/web/pages/employer-login-page.tsx' },
  'company-create': { load: () => import('./pages/company-create-page'), source: 'src/web/pages/company-create-page.tsx' },
  'company-settings': { load: () => import('./pages/company-settings-page'), source: 'src/web/pages/company-settings-page.tsx' },
  'company-team': { load: () => import('./pages/company-team-page'), source: 'src/web/pages/company-team-page.tsx' },
  'company-invitation': { load: () => import('./pages/company-invitation-page'), source: 'src/web/pages/company-invitation-page.tsx' },
  company: { load: () => import('./pages/company-page'), source: 'src/web/pages/company-page.tsx' },
  plans: { load: () => import('./pages/plans-page'), source: 'src/web/pages/plans-page.tsx' },
  'post-job': { load: () => import('./pages/post-job-page'), source: 'src/web/pages/post-job-page.tsx' },
  'employer-dashboard': { load: () => import('./pages/employer-dashboard-page'), source: 'src/web/pages/employer-dashboard-page.tsx' },
  'admin-moderation': { load: () => import('./pages/admin-moderation-page'), source: 'src/web/pages/admin-moderation-page.tsx' },
  profile: { load: () => import('./pages/profile-page'), source: 'src/web/pages/profile-page.tsx' },
  'applicants-inbox': { load: () => import('./pages/applicants-inbox-page'), source: 'src/web/pages/applicants-inbox-page.tsx' },
  applicant: { load: () => import('./pages/applicant-page'), source: 'src/web/pages/applicant-page.tsx' },
  'user-account': { load: () => import('./pages/user-account-page'), source: 'src/web/pages/user-account-page.tsx' },
  'user-unsubscribe': { load: () => import('./pages/user-unsubscribe-page'), source: 'src/web/pages/user-unsubscribe-page.tsx' },
  'resume-database': { load: () => import('./pages/resume-database-page'), source: 'src/web/pages/resume-database-page.tsx' },
  'resume-database-profile': { load: () => import('./pages/resume-database-profile-page'), source: 'src/web/pages/resume-database-profile-page.tsx' },
} satisfies { [P in PageName]: PageEntry<PagePropsMap[P]> };

export type { PageName };

export function isPageName(name: string): name is PageName {
  return Object.hasOwn(pageRegistry, name);
}
