import { SEEKER_PATHS } from '../../../shared/seeker/constants';

export function externalApplyPath(listingKey: string): string {
  return `${SEEKER_PATHS.externalApply}/${encodeURIComponent(listingKey)}`;
}

/** Our own path (starts with one slash, parses, stays on this site), or null. Used for every "next". */
export function ownPath(next: string | undefined | null): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  try {
    const url = new URL(next, 'http://jobwise.invalid');
    if (url.origin !== 'http://jobwise.invalid') return null;
    return `${url.pathname}${url.search}`;
  } catch {
    return null;
  }
}

export function loginPath(next: string): string {
  return `/authn/login?next=${encodeURIComponent(next)}`;
}
