import { create as contentDisposition } from 'content-disposition';
import { z } from 'zod';
import type { AdminAnalyticsProps } from '../../../shared/analytics/funnel';
import { InputValidationError, parseInput } from '../../plugins/errors';
import { CSV_CONTENT_TYPE } from '../../shared/csv';
import type { RoutesApp } from '../../shared/route-contracts';
import { funnelCsv } from './funnel-csv';
import { funnelReport, type DateRange } from './funnel.repository';
import { countHires } from './hire-reports';
import { utcDay } from './observation.service';
import { DAY_MS } from '../../../shared/time';

export const DEFAULT_RANGE_DAYS = 14;
export const MAX_RANGE_DAYS = 366;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date such as 2026-11-21')
  .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text), 'is not a real date');

const RangeQuerySchema = z.object({ from: isoDate.optional(), to: isoDate.optional() });

/** The chosen range (format, order and span checked whole here; the route's schema checks the format first), or the last 14 days to today (UTC); at most 366 days, from not after to. */
export function parseRange(query: unknown, now: number): DateRange {
  const parsed = parseInput(RangeQuerySchema, query);
  const to = parsed.to ?? utcDay(now);
  const from = parsed.from ?? utcDay(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_RANGE_DAYS - 1) * DAY_MS);
  const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;
  if (span < 0) throw new InputValidationError([{ code: 'custom', path: ['from'], message: 'must not be after to', input: from }]);
  if (span >= MAX_RANGE_DAYS) {
    throw new InputValidationError([{ code: 'custom', path: ['to'], message: `the range may span at most ${MAX_RANGE_DAYS} days`, input: to }]);
  }
  return { from, to };
}

export default async function dashboardRoutes(app: RoutesApp) {
  // Admins only; anyone else gets the ordinary 404, so the address reveals nothing (decision 0052).
  const admin = { config: { requireRole: 'admin' }, schema: { querystring: RangeQuerySchema } } as const;
  app.get('/admin/analytics', admin, async (request, reply) => {
    const range = parseRange(request.query, app.now());
    const [report, hires] = await Promise.all([funnelReport(app.db, range), countHires(app.db, range)]);
    const props: AdminAnalyticsProps = { report, hires, csvHref: `/admin/analytics.csv?${new URLSearchParams({ from: range.from, to: range.to })}` };
    return reply.header('cache-control', 'private, no-store').renderPage('admin-analytics', props, { title: 'Sign-up funnel', noIndex: true });
  });

  app.get('/admin/analytics.csv', admin, async (request, reply) => {
    const range = parseRange(request.query, app.now());
    const report = await funnelReport(app.db, range);
    return reply
      .header('content-type', CSV_CONTENT_TYPE)
      .header('content-disposition', contentDisposition(`signup-funnel-${range.from}-to-${range.to}.csv`))
      .header('cache-control', 'private, no-store')
      .send(funnelCsv(report));
  });
}
