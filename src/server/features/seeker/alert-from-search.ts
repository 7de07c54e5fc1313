import { DEFAULT_RADIUS_MILES, RADIUS_MILES } from '../../../shared/jobs/enums';
import { MAX_ALERTS } from '../../../shared/seeker/constants';
import type { SearchContext } from '../../../shared/seeker/search-context';
import type { Db } from '../../db/database';
import { addAlert } from './seeker.repository';

/** The alert a registration from a results page creates (daily); nothing when the search was empty. */
export async function createAlertFromSearch(db: Db, accountId: string, context: SearchContext, now: number) {
  if (!context.jobTitle && !context.location) return 'empty' as const;
  const asked = Number.parseInt(context.radius, 10);
  // The nearest radius the search offers, so the alert's search is one the results page can show.
  const radius = Number.isFinite(asked) ? RADIUS_MILES.reduce((best, miles) => (Math.abs(miles - asked) < Math.abs(best - asked) ? miles : best)) : DEFAULT_RADIUS_MILES;
  return addAlert(db, accountId, { search: context.jobTitle, location: context.location, radius, frequency: 'daily' }, now, MAX_ALERTS);
}
