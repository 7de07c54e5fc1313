import { SEEKER_PATHS } from '../../../shared/seeker/constants';

export function externalApplyPath(listingKey: string): string {
  return `${SEEKER_PATHS.externalApply}/${encodeURIComponent(listingKey)}`;
}
