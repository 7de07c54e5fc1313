import type { ComponentType } from 'react';
import type { PageName, PagePropsMap } from '../shared/page-props';

export interface PageModule<Props = never> {
  default: ComponentType<{ props: Props }>;
}

/**
 * Every page the server can render, by name. Each is its own chunk, so a page loads only its code;
 * the client imports the page's chunk before hydrating.
 */
export const pageRegistry = {
  landing: () => import('./pages/landing-page'),
  content: () => import('./pages/content-page'),
  'jobseeker-login': () => import('./pages/registration-page'),
  'jobseeker-register': () => import('./pages/registration-page'),
  'jobseeker-home': () => import('./pages/seeker-home-page'),
  'not-found': () => import('./pages/not-found-page'),
  'job-results': () => import('./pages/job-results-page'),
  job: () => import('./pages/job-page'),
  browse: () => import('./pages/browse-page'),
  salaries: () => import('./pages/salaries-page'),
  salary: () => import('./pages/salary-page'),
  'jobs-near-me': () => import('./pages/jobs-near-me-page'),
  'admin-analytics': () => import('./pages/admin-analytics-page'),
  'saved-jobs': () => import('./pages/saved-jobs-page'),
  'my-jobs': () => import('./pages/my-jobs-page'),
  'got-hired': () => import('./pages/got-hired-page'),
  'candidate-references': () => import('./pages/seeker-references-page'),
  'submit-reference': () => import('./pages/submit-reference-page'),
  'reference-giver-alert': () => import('./pages/reference-giver-alert-page'),
  'candidate-about': () => import('./pages/seeker-about-page'),
  'candidate-onboard': () => import('./pages/seeker-onboard-page'),
  'candidate-settings': () => import('./pages/seeker-settings-page'),
  'candidate-resume': () => import('./pages/seeker-resume-page'),
  'candidate-apply': () => import('./pages/seeker-apply-page'),
  'candidate-alerts': () => import('./pages/seeker-alerts-page'),
  'candidate-unsubscribe': () => import('./pages/seeker-unsubscribe-page'),
  'employer-login': () => import('./pages/employer-login-page'),
  'company-create': () => import('./pages/company-create-page'),
  'company-settings': () => import('./pages/company-settings-page'),
  'company-team': () => import('./pages/company-team-page'),
  'company-invitation': () => import('./pages/company-invitation-page'),
  company: () => import('./pages/company-page'),
  plans: () => import('./pages/plans-page'),
  'post-job': () => import('./pages/post-job-page'),
  'question-sets': () => import('./pages/question-sets-page'),
  'employer-dashboard': () => import('./pages/employer-dashboard-page'),
  'admin-moderation': () => import('./pages/admin-moderation-page'),
  'admin-queue': () => import('./pages/admin-queue-page'),
  profile: () => import('./pages/profile-page'),
  'applicants-inbox': () => import('./pages/applicants-inbox-page'),
  applicant: () => import('./pages/applicant-page'),
  'user-account': () => import('./pages/user-account-page'),
  notifications: () => import('./pages/notifications-page'),
  'user-unsubscribe': () => import('./pages/user-unsubscribe-page'),
  'resume-database': () => import('./pages/resume-database-page'),
  'resume-database-profile': () => import('./pages/resume-database-profile-page'),
  'account-erase': () => import('./pages/account-erase-page'),
  'applicant-erased': () => import('./pages/applicant-erased-page'),
  interview: () => import('./pages/interview-page'),
  'interview-propose': () => import('./pages/interview-propose-page'),
  messages: () => import('./pages/messages-page'),
  conversation: () => import('./pages/conversation-page'),
  'admin-message-reports': () => import('./pages/admin-message-reports-page'),
} satisfies { [P in PageName]: () => Promise<PageModule<PagePropsMap[P]>> };

/**
 * Each page module's path from the project root, as Vite's manifest names it: the server preloads the
 * page's chunk. A separate object, so the client's bundle (which never reads it) leaves it out.
 */
export const pageSources = {
  landing: 'src/web/pages/landing-page.tsx',
  content: 'src/web/pages/content-page.tsx',
  'jobseeker-login': 'src/web/pages/registration-page.tsx',
  'jobseeker-register': 'src/web/pages/registration-page.tsx',
  'jobseeker-home': 'src/web/pages/seeker-home-page.tsx',
  'not-found': 'src/web/pages/not-found-page.tsx',
  'job-results': 'src/web/pages/job-results-page.tsx',
  job: 'src/web/pages/job-page.tsx',
  browse: 'src/web/pages/browse-page.tsx',
  salaries: 'src/web/pages/salaries-page.tsx',
  salary: 'src/web/pages/salary-page.tsx',
  'jobs-near-me': 'src/web/pages/jobs-near-me-page.tsx',
  'admin-analytics': 'src/web/pages/admin-analytics-page.tsx',
  'saved-jobs': 'src/web/pages/saved-jobs-page.tsx',
  'my-jobs': 'src/web/pages/my-jobs-page.tsx',
  'got-hired': 'src/web/pages/got-hired-page.tsx',
  'candidate-references': 'src/web/pages/seeker-references-page.tsx',
  'submit-reference': 'src/web/pages/submit-reference-page.tsx',
  'reference-giver-alert': 'src/web/pages/reference-giver-alert-page.tsx',
  'candidate-about': 'src/web/pages/seeker-about-page.tsx',
  'candidate-onboard': 'src/web/pages/seeker-onboard-page.tsx',
  'candidate-settings': 'src/web/pages/seeker-settings-page.tsx',
  'candidate-resume': 'src/web/pages/seeker-resume-page.tsx',
  'candidate-apply': 'src/web/pages/seeker-apply-page.tsx',
  'candidate-alerts': 'src/web/pages/seeker-alerts-page.tsx',
  'candidate-unsubscribe': 'src/web/pages/seeker-unsubscribe-page.tsx',
  'employer-login': 'src/web/pages/employer-login-page.tsx',
  'company-create': 'src/web/pages/company-create-page.tsx',
  'company-settings': 'src/web/pages/company-settings-page.tsx',
  'company-team': 'src/web/pages/company-team-page.tsx',
  'company-invitation': 'src/web/pages/company-invitation-page.tsx',
  company: 'src/web/pages/company-page.tsx',
  plans: 'src/web/pages/plans-page.tsx',
  'post-job': 'src/web/pages/post-job-page.tsx',
  'question-sets': 'src/web/pages/question-sets-page.tsx',
  'employer-dashboard': 'src/web/pages/employer-dashboard-page.tsx',
  'admin-moderation': 'src/web/pages/admin-moderation-page.tsx',
  'admin-queue': 'src/web/pages/admin-queue-page.tsx',
  profile: 'src/web/pages/profile-page.tsx',
  'applicants-inbox': 'src/web/pages/applicants-inbox-page.tsx',
  applicant: 'src/web/pages/applicant-page.tsx',
  'user-account': 'src/web/pages/user-account-page.tsx',
  notifications: 'src/web/pages/notifications-page.tsx',
  'user-unsubscribe': 'src/web/pages/user-unsubscribe-page.tsx',
  'resume-database': 'src/web/pages/resume-database-page.tsx',
  'resume-database-profile': 'src/web/pages/resume-database-profile-page.tsx',
  'account-erase': 'src/web/pages/account-erase-page.tsx',
  'applicant-erased': 'src/web/pages/applicant-erased-page.tsx',
  interview: 'src/web/pages/interview-page.tsx',
  'interview-propose': 'src/web/pages/interview-propose-page.tsx',
  messages: 'src/web/pages/messages-page.tsx',
  conversation: 'src/web/pages/conversation-page.tsx',
  'admin-message-reports': 'src/web/pages/admin-message-reports-page.tsx',
} satisfies { [P in PageName]: string };

export type { PageName };

export function isPageName(name: string): name is PageName {
  return Object.hasOwn(pageRegistry, name);
}
