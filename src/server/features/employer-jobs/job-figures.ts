import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { DAY_MS } from '../../../shared/time';

export const FIGURE_KINDS = ['views', 'search_appearances', 'apply_clicks', 'applications'] as const;
export type FigureKind = (typeof FIGURE_KINDS)[number];
export type DayFigures = Record<FigureKind, number>;

export const FIGURE_DAYS = 30;
/** Rows per upsert statement (4 counters + 2 keys = 6 parameters a row; far under both databases' limits). */
const ROWS_PER_STATEMENT = 500;

export function utcDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/**
 * Per-job figures counted cheaply (decision 0113): a view, a search appearance or a click adds to a
 * counter in this process's memory (no database work on the request path); flush() writes the sums
 * with one upsert per 500 (job, day) pairs that ADDS to the stored row, so any number of instances
 * flushing at any time give the right totals. Counts still in memory when a process dies are lost
 * (at most one flush interval of them), which figures for a chart can afford.
 */
export class JobFigureCounter {
  private pending = new Map<string, DayFigures>();
  private flushing: Promise<number> | null = null;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  count(jobId: string, kind: FigureKind, by = 1): void {
    const key = `${jobId}|${utcDay(this.now())}`;
    let figures = this.pending.get(key);
    if (!figures) {
      figures = { views: 0, search_appearances: 0, apply_clicks: 0, applications: 0 };
      this.pending.set(key, figures);
    }
    figures[kind] += by;
  }

  countMany(jobIds: readonly string[], kind: FigureKind): void {
    for (const id of jobIds) this.count(id, kind);
  }

  get pendingKeys(): number {
    return this.pending.size;
  }

  /** Writes what was counted; answers how many (job, day) rows it touched. One flush at a time. */
  flush(): Promise<number> {
    this.flushing ??= this.write().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async write(): Promise<number> {
    if (this.pending.size === 0) return 0;
    const batch = this.pending;
    this.pending = new Map();
    const rows = [...batch].map(([key, figures]) => {
      const [jobId, day] = key.split('|') as [string, string];
      return { job_id: jobId, day, ...figures };
    });
    try {
      for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
        await this.db
          .insertInto('job_daily_figures')
          .values(rows.slice(start, start + ROWS_PER_STATEMENT))
          .onConflict((conflict) =>
            conflict.columns(['job_id', 'day']).doUpdateSet({
              views: sql<number>`job_daily_figures.views + excluded.views`,
              search_appearances: sql<number>`job_daily_figures.search_appearances + excluded.search_appearances`,
              apply_clicks: sql<number>`job_daily_figures.apply_clicks + excluded.apply_clicks`,
              applications: sql<number>`job_daily_figures.applications + excluded.applications`,
            }),
          )
          .execute();
      }
    } catch (error) {
      // Put the counts back so the next flush tries again.
      for (const [key, figures] of batch) {
        const current = this.pending.get(key);
        if (!current) this.pending.set(key, figures);
        else for (const kind of FIGURE_KINDS) current[kind] += figures[kind];
      }
      throw error;
    }
    return rows.length;
  }
}

export interface FigureSeries {
  /** 'YYYY-MM-DD', oldest first, FIGURE_DAYS of them ending today (UTC). */
  days: string[];
  views: number[];
  search_appearances: number[];
  apply_clicks: number[];
  applications: number[];
  totals: DayFigures;
}

/** The last FIGURE_DAYS days of one job's figures, every day present (zeros where nothing happened). */
export async function figureSeries(db: Db, jobId: string, now: number): Promise<FigureSeries> {
  const days = Array.from({ length: FIGURE_DAYS }, (_, i) => utcDay(now - (FIGURE_DAYS - 1 - i) * DAY_MS));
  const rows = await db.selectFrom('job_daily_figures').selectAll().where('job_id', '=', jobId).where('day', '>=', days[0]!).execute();
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const series: FigureSeries = { days, views: [], search_appearances: [], apply_clicks: [], applications: [], totals: { views: 0, search_appearances: 0, apply_clicks: 0, applications: 0 } };
  for (const day of days) {
    const row = byDay.get(day);
    for (const kind of FIGURE_KINDS) {
      const value = Number(row?.[kind] ?? 0);
      series[kind].push(value);
      series.totals[kind] += value;
    }
  }
  return series;
}

/** 30-day totals for many jobs at once (the dashboard's rows). */
export async function figureTotals(db: Db, jobIds: string[], now: number): Promise<Map<string, DayFigures>> {
  const totals = new Map<string, DayFigures>();
  if (jobIds.length === 0) return totals;
  const from = utcDay(now - (FIGURE_DAYS - 1) * DAY_MS);
  const rows = await db
    .selectFrom('job_daily_figures')
    .select((eb) => [
      'job_id',
      eb.fn.sum<number>('views').as('views'),
      eb.fn.sum<number>('search_appearances').as('search_appearances'),
      eb.fn.sum<number>('apply_clicks').as('apply_clicks'),
      eb.fn.sum<number>('applications').as('applications'),
    ])
    .where('job_id', 'in', jobIds)
    .where('day', '>=', from)
    .groupBy('job_id')
    .execute();
  for (const row of rows) {
    totals.set(row.job_id, { views: Number(row.views), search_appearances: Number(row.search_appearances), apply_clicks: Number(row.apply_clicks), applications: Number(row.applications) });
  }
  return totals;
}
