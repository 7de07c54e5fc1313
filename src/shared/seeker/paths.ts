// Seeker addresses that other features link to (the job page's external apply link).
import { SEEKER_PATHS } from './constants';

export function externalApplyPath(listingKey: string): string {
  return `${SEEKER_PATHS.externalApply}/${encodeURIComponent(listingKey)}`;
}
