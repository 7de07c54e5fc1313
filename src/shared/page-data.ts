// No runtime imports here: this module ships in every page's first script.
import type { EmployerWorkspace } from './companies/employer-nav';
import type { SeekerBottomNav } from './seeker/bottom-nav';
/**
 * Spec 2.4's footer audiences (general shows everything, logged-out and employers add their own links),
 * plus signed-in job seekers, who see no link restricted to another audience (decision 0094).
 */
export const AUDIENCES = ['general', 'logged-out', 'employers', 'job-seekers'] as const;
export type Audience = (typeof AUDIENCES)[number];

/**
 * The audience rule, once (decision 0094): a visitor is the general audience (everything, including
 * Create Free Account); an employer sees the employer links; a signed-in job seeker sees neither the
 * employer-only links nor Create Free Account.
 */
export function audienceFor(user: object | null | undefined): Audience {
  if (!user) return 'general';
  // An employer session says so by its role or side (however the session names it).
  const employer = ('role' in user && user.role === 'employer') || ('side' in user && user.side === 'employer');
  return employer ? 'employers' : 'job-seekers';
}

/** What every page's shell (header, footer, banner) needs to know, decided by the server per request. */
export interface ShellData {
  audience: Audience;
  /** The signed-in person, or null for a visitor; side: where they signed in (job seeker or employer, decision 0100). */
  user: { email: string; side?: 'seeker' | 'employer' } | null;
  /** The bell in the header: the signed-in person's unread notifications on this side (absent for visitors). */
  unreadNotifications?: number;
  /** An employer-side session: the workspace header and navigation (decision 0259). */
  employer?: EmployerWorkspace;
  /** A seeker-side session: the bottom navigation on phones, its current item marked (decision 0301). */
  seekerNav?: SeekerBottomNav;
  /** A seeker-side session of a company member: My Account offers the way back to hiring. */
  canSwitchToEmployer?: boolean;
  /** An admin's session: My Account lists the admin pages (decision 0298). */
  isAdmin?: boolean;
  year: number;
  ratingClaimDate: string;
  accessibilityEmail: string;
  showLogoCredit: boolean;
  /** Minimal footer: legal line only (used on focused pages such as sign-in). */
  minimalFooter: boolean;
  /**
   * The page view's label (src/shared/analytics/page-labels.ts: the route's page type, else the path's),
   * worked out by the server so the rule ships in no page's first script.
   */
  pageViewLabel: string;
  /** Where the event logger posts (config EVENT_LOG_PATH); absent means the default /events/log. */
  eventLogPath?: string;
  /** Google sign-in for this host (public values); absent or null: no button, nothing loaded from Google. */
  googleSignIn?: GoogleSignInShell | null;
}

export interface GoogleSignInShell {
  /** The OAuth client id for this host name (spec 9). */
  clientId: string;
  /** Google Identity Services script address. */
  scriptUrl: string;
}

/** The JSON the server embeds in each page for hydration. */
export interface PageData<Props = unknown> {
  page: string;
  props: Props;
  shell: ShellData;
}

export const PAGE_DATA_ELEMENT_ID = 'page-data';
export const ROOT_ELEMENT_ID = 'root';
export const MAIN_CONTENT_ID = 'main-content';
