import type { ComponentType } from 'react';

export interface PageModule {
  default: ComponentType<{ props: never }>;
}

interface PageEntry {
  load: () => Promise<PageModule>;
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
  profile: { load: () => import('./pages/profile-page'), source: 'src/web/pages/profile-page.tsx' },
} satisfies Record<string, PageEntry>;

export type PageName = keyof typeof pageRegistry;

export function isPageName(name: string): name is PageName {
  return Object.hasOwn(pageRegistry, name);
}
