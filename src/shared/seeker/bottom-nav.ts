// The signed-in job seeker's bottom navigation on phones (issue 43, decision 0301): the five most-used
// places and "More" for the rest. Data and one pure rule: the server marks the current item and hands
// the links to the shell, so these constants stay out of every page's first script.
import { SEARCH_PATH } from '../jobs/search-url';
import { MESSAGES_PATHS } from '../messages/constants';
import { NOTIFICATION_PATHS } from '../notifications/notifications';
import { REFERENCE_PATHS } from '../references/paths';
import { SPOTLIGHT_PATHS } from '../spotlight/constants';
import { SEEKER_PATHS } from './constants';
import { ONBOARDING_PATHS } from './onboarding';

export const BOTTOM_NAV_ICONS = ['search', 'saved', 'applied', 'messages', 'profile'] as const;
export type BottomNavIcon = (typeof BOTTOM_NAV_ICONS)[number];

interface SeekerNavItem {
  href: string;
  label: string;
  /** Further paths that belong to this item (the profile's edit form belongs to Profile). */
  also?: readonly string[];
}

export const SEEKER_BOTTOM_NAV: ReadonlyArray<SeekerNavItem & { icon: BottomNavIcon }> = [
  { href: SEARCH_PATH, label: 'Search', icon: 'search', also: ['/Search-Jobs-Near-Me'] },
  { href: SEEKER_PATHS.savedJobs, label: 'Saved', icon: 'saved' },
  { href: SEEKER_PATHS.myJobs, label: 'Applied', icon: 'applied', also: ['/candidate/gothired'] },
  { href: MESSAGES_PATHS.list, label: 'Messages', icon: 'messages' },
  { href: SPOTLIGHT_PATHS.profile, label: 'Profile', icon: 'profile', also: [SEEKER_PATHS.about] },
];

/** Behind "More": the seeker's other pages, in the tabs' order. */
export const SEEKER_MORE_NAV: readonly SeekerNavItem[] = [
  { href: SEEKER_PATHS.home, label: 'Suggested Jobs' },
  { href: SEEKER_PATHS.alerts, label: 'Job alerts' },
  { href: SEEKER_PATHS.resume, label: 'Résumé' },
  { href: REFERENCE_PATHS.references, label: 'References' },
  { href: NOTIFICATION_PATHS.seeker, label: 'Notifications' },
  { href: ONBOARDING_PATHS.settings, label: 'Settings' },
];

export interface SeekerBottomNav {
  links: Array<{ href: string; label: string; icon: BottomNavIcon; current: boolean }>;
  more: Array<{ href: string; label: string; current: boolean }>;
}

const within = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** The bottom navigation for a page's path (its query left off), the item it sits under marked current. */
export function seekerBottomNav(url: string): SeekerBottomNav {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  let best: { href: string; length: number } | null = null;
  for (const item of [...SEEKER_BOTTOM_NAV, ...SEEKER_MORE_NAV]) {
    for (const prefix of [item.href, ...(item.also ?? [])]) {
      if (within(path, prefix) && (!best || prefix.length > best.length)) best = { href: item.href, length: prefix.length };
    }
  }
  const current = best?.href ?? null;
  return {
    links: SEEKER_BOTTOM_NAV.map((item) => ({ href: item.href, label: item.label, icon: item.icon, current: item.href === current })),
    more: SEEKER_MORE_NAV.map((item) => ({ href: item.href, label: item.label, current: item.href === current })),
  };
}
