import { SEEKER_PATHS } from '../../../shared/seeker/constants';

export function externalApplyPath(listingKey: string): string {
  return `${SEEKER_PATHS.externalApply}/${encodeURIComponent(listingKey)}`;
}

export function loginPath(next: string): string {
  return `/authn/login?next=${encodeURIComponent(next)}`;
}
