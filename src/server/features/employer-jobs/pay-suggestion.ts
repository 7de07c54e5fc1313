import type { PaySuggestion } from '../../../shared/employer-jobs/page-props';
import type { Db } from '../../db/database';
import { formatMoney } from '../jobs/job-view';
import { stateName } from '../jobs/places';
import { salaryStats } from '../jobs/salary';
import { titleKey } from '../jobs/slugs';
import { resolveJobPlace } from './job-posting';

/**
 * Decision 0291: a suggestion needs at least this many open listings of the title, paid by the same
 * period, in the place: the salary pages' threshold for a state's figure. With fewer, nothing is shown.
 */
export const PAY_SUGGESTION_MIN_LISTINGS = 3;

interface PayRowWithCity {
  city: string;
  state: string;
  remote: number;
  pay_min: number;
  pay_max: number;
  pay_period: 'hour' | 'day' | 'week' | 'month' | 'year';
}

function suggestionFrom(rows: PayRowWithCity[], title: string, place: string): PaySuggestion | null {
  const stats = salaryStats(rows);
  if (!stats || stats.count < PAY_SUGGESTION_MIN_LISTINGS) return null;
  const per = stats.period === 'hour' ? 'an hour' : 'a year';
  return {
    title,
    place,
    low: stats.p25,
    high: stats.p75,
    period: stats.period,
    text: `Typical pay for ${title} in ${place}: ${formatMoney(stats.p25, stats.period)}–${formatMoney(stats.p75, stats.period)} ${per}`,
  };
}

/**
 * Typical pay (the middle half: 25th to 75th percentile, as the salary pages show) of open listings
 * with the same title in the city, else in its state; remote jobs compare with remote listings.
 */
export async function suggestPay(db: Db, input: { title: string; location: string; placeType: string }): Promise<PaySuggestion | null> {
  const title = input.title.replace(/\s+/g, ' ').trim();
  const key = titleKey(title);
  if (!key) return null;
  const base = db.selectFrom('jobs').select(['city', 'state', 'remote', 'pay_min', 'pay_max', 'pay_period']).where('title_key', '=', key).where('status', '=', 'open').where('pay_max', '>', 0);
  if (input.placeType === 'remote') return suggestionFrom(await base.where('remote', '=', 1).limit(2000).execute(), title, 'remote jobs');
  const place = resolveJobPlace(input.location);
  if (!place) return null;
  const rows = await base.where('state', '=', place.state).where('remote', '=', 0).limit(2000).execute();
  const inCity = suggestionFrom(
    rows.filter((row) => row.city === place.city),
    title,
    `${place.city}, ${place.state}`,
  );
  return inCity ?? suggestionFrom(rows, title, stateName(place.state) ?? place.state);
}
