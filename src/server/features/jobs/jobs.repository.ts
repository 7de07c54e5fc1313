import type { JobCategory, PayPeriod } from '../../../shared/jobs/enums';
import type { Db } from '../../db/database';
import type { JobRow } from './jobs.table';
import { createTtlCache } from './ttl-cache';

const TEN_MINUTES = 10 * 60_000;

export async function findJob(db: Db, id: string): Promise<JobRow | undefined> {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface TitleCount {
  titleKey: string;
  title: string;
  category: JobCategory;
  count: number;
}
export interface PlaceCount {
  city: string;
  state: string;
  count: number;
}
export interface ListingOverview {
  titles: TitleCount[];
  cities: PlaceCount[];
  states: Array<{ state: string; count: number }>;
  categories: Array<{ category: JobCategory; count: number }>;
  remote: number;
}

const overviewCache = createTtlCache<ListingOverview>(TEN_MINUTES);

/** Counts of open jobs by title, city, state and category: type-ahead, browse and salary index read these. */
export function listingOverview(db: Db, now: number): Promise<ListingOverview> {
  return overviewCache(db, now, async () => {
    const [titles, cities, states, categories, remote] = await Promise.all([
      db
        .selectFrom('jobs')
        .select((eb) => ['title_key', eb.fn.min('title').as('title'), eb.fn.min('category').as('category'), eb.fn.countAll().as('count')])
        .where('status', '=', 'open')
        .groupBy('title_key')
        .orderBy('count', 'desc')
        .limit(5000)
        .execute(),
      db
        .selectFrom('jobs')
        .select((eb) => ['city', 'state', eb.fn.countAll().as('count')])
        .where('status', '=', 'open')
        .where('remote', '=', 0)
        .groupBy(['state', 'city'])
        .orderBy('count', 'desc')
        .limit(5000)
        .execute(),
      db
        .selectFrom('jobs')
        .select((eb) => ['state', eb.fn.countAll().as('count')])
        .where('status', '=', 'open')
        .groupBy('state')
        .orderBy('state')
        .execute(),
      db
        .selectFrom('jobs')
        .select((eb) => ['category', eb.fn.countAll().as('count')])
        .where('status', '=', 'open')
        .groupBy('category')
        .orderBy('count', 'desc')
        .execute(),
      db.selectFrom('jobs').select((eb) => eb.fn.countAll().as('count')).where('status', '=', 'open').where('remote', '=', 1).executeTakeFirst(),
    ]);
    return {
      titles: titles.map((row) => ({ titleKey: row.title_key, title: String(row.title), category: row.category as JobCategory, count: Number(row.count) })),
      cities: cities.map((row) => ({ city: row.city, state: row.state, count: Number(row.count) })),
      states: states.map((row) => ({ state: row.state, count: Number(row.count) })),
      categories: categories.map((row) => ({ category: row.category, count: Number(row.count) })),
      remote: Number(remote?.count ?? 0),
    };
  });
}

export interface PayRow {
  title: string;
  state: string;
  pay_min: number;
  pay_max: number;
  pay_period: PayPeriod;
}

/** Pay of every open listing with this title (salary page). */
export async function payForTitle(db: Db, titleKey: string): Promise<PayRow[]> {
  return db
    .selectFrom('jobs')
    .select(['title', 'state', 'pay_min', 'pay_max', 'pay_period'])
    .where('title_key', '=', titleKey)
    .where('status', '=', 'open')
    .execute();
}

export interface TitlePay {
  titleKey: string;
  pay_period: PayPeriod;
  pay_min: number;
  pay_max: number;
}

const allPayCache = createTtlCache<TitlePay[]>(TEN_MINUTES);

/** Pay of all open listings, for the salary index's medians; cached because it reads every row. */
export function payForAllTitles(db: Db, now: number): Promise<TitlePay[]> {
  return allPayCache(db, now, async () => {
    const rows = await db.selectFrom('jobs').select(['title_key', 'pay_period', 'pay_min', 'pay_max']).where('status', '=', 'open').execute();
    return rows.map((row) => ({ titleKey: row.title_key, pay_period: row.pay_period, pay_min: row.pay_min, pay_max: row.pay_max }));
  });
}

export interface SitemapJob {
  id: string;
  title: string;
  city: string;
  state: string;
  updated_at: number;
}

export async function openJobCount(db: Db): Promise<number> {
  const row = await db.selectFrom('jobs').select((eb) => eb.fn.countAll().as('count')).where('status', '=', 'open').executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** One sitemap file's worth of open jobs, in a stable order (by seq) so files do not reshuffle. */
export async function sitemapJobs(db: Db, offset: number, limit: number): Promise<SitemapJob[]> {
  return db
    .selectFrom('jobs')
    .select(['id', 'title', 'city', 'state', 'updated_at'])
    .where('status', '=', 'open')
    .orderBy('seq')
    .limit(limit)
    .offset(offset)
    .execute();
}
