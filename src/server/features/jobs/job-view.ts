import { EMPLOYMENT_TYPE_LABELS, REMOTE_LOCATION, type EmploymentType, type PayPeriod } from '../../../shared/jobs/enums';
import type { JobCard } from '../../../shared/jobs/page-props';
import type { JobSummaryRow } from './search.repository';
import { jobPath } from './slugs';
import { DAY_MS } from '../../../shared/time';

const counts = new Intl.NumberFormat('en-US');
const moneyFormats = new Map<string, Intl.NumberFormat>();
const PER: Record<PayPeriod, string> = { hour: 'an hour', day: 'a day', week: 'a week', month: 'a month', year: 'a year' };

/** Whole units for yearly and monthly pay, cents for shorter periods: "$52,000", "$18.50", "CA$22.00". */
export function formatMoney(amount: number, period: PayPeriod, currency = 'USD'): string {
  const cents = period === 'hour' || period === 'day' || period === 'week' || !Number.isInteger(amount);
  const key = `${currency}|${cents}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: cents ? 2 : 0, maximumFractionDigits: cents ? 2 : 0 });
    moneyFormats.set(key, format);
  }
  return format.format(amount);
}

/** "$17.00 - $24.00 an hour", "$48,000 - $68,000 a year", "€3,000 a month" */
export function formatPay(min: number, max: number, period: PayPeriod, currency = 'USD'): string {
  const per = PER[period] ?? `a ${period}`;
  if (min === max) return `${formatMoney(min, period, currency)} ${per}`;
  return `${formatMoney(min, period, currency)} - ${formatMoney(max, period, currency)} ${per}`;
}

export function formatCount(value: number): string {
  return counts.format(value);
}

/** A search's total: "83", or "1,000+" where the search stopped counting at its bound (decision 0170). */
export function formatTotal(result: { total: number; totalIsLowerBound: boolean }): string {
  return `${formatCount(result.total)}${result.totalIsLowerBound ? '+' : ''}`;
}

/** "Posted today", "Posted 1 day ago", "Posted 30+ days ago" */
export function formatPosted(postedAt: number, now: number): string {
  const days = Math.max(0, Math.floor((now - postedAt) / DAY_MS));
  if (days === 0) return 'Posted today';
  if (days === 1) return 'Posted 1 day ago';
  if (days > 30) return 'Posted 30+ days ago';
  return `Posted ${days} days ago`;
}

export function formatDistance(miles: number | null): string | null {
  if (miles === null) return null;
  if (miles < 1) return 'Less than 1 mile away';
  return `${miles.toFixed(1)} miles away`;
}

/** "Austin, TX", "Remote (TX)" (a demo job open to one state), "Remote", "Austin, TX (hybrid)". */
export function formatPlace(job: { city: string; state: string; remote: number; hybrid?: number }): string {
  if (job.remote) return job.state ? `${REMOTE_LOCATION} (${job.state})` : REMOTE_LOCATION;
  return job.hybrid ? `${job.city}, ${job.state} (hybrid)` : `${job.city}, ${job.state}`;
}

export function employmentTypeLabel(type: EmploymentType): string {
  return EMPLOYMENT_TYPE_LABELS[type] ?? type;
}

export function toJobCard(row: JobSummaryRow, now: number): JobCard {
  return {
    id: row.id,
    listingKey: row.listing_key,
    path: jobPath(row),
    title: row.title,
    company: row.company_name,
    place: formatPlace(row),
    distance: formatDistance(row.distance),
    pay: formatPay(row.pay_min, row.pay_max, row.pay_period, row.pay_currency),
    employmentType: employmentTypeLabel(row.employment_type),
    posted: formatPosted(row.posted_at, now),
    snippet: snippet(row.snippet),
    remote: row.remote === 1,
    featured: row.featured === 1,
  };
}

/** The description's first sentences, without list markers, cut at a word. */
function snippet(text: string): string {
  const flat = text.replace(/\n- /g, ' ').replace(/\n/g, ' ').replace(/\s+/g, ' ').trim();
  if (flat.length <= 180) return flat;
  const cut = flat.slice(0, 180);
  return `${cut.slice(0, cut.lastIndexOf(' '))}...`;
}
