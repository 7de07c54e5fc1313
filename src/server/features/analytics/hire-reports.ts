// Hires job seekers report on /candidate/gothired (issue 42, decision 0232): recorded here, without the
// person, and counted on /admin/analytics. The follow-up feature records them; analytics only counts.
import { randomUUID } from 'node:crypto';
import type { HireCounts } from '../../../shared/analytics/funnel';
import type { Db } from '../../db/database';
import type { DateRange } from './funnel.repository';
import { utcDay } from './observation.service';

export interface HireReport {
  source: 'jobwise' | 'elsewhere';
  /** At Jobwise: the company of the application. */
  companyId: string | null;
  employerName: string;
  jobTitle: string;
  now: number;
}

/** Takes the database or a transaction. */
export async function recordHire(db: Db, report: HireReport): Promise<void> {
  await db
    .insertInto('hire_reports')
    .values({
      id: randomUUID(),
      source: report.source,
      company_id: report.companyId,
      employer_name: report.employerName,
      job_title: report.jobTitle,
      day: utcDay(report.now),
      created_at: report.now,
    })
    .execute();
}

/** Hires reported in the range (UTC days, inclusive), at Jobwise and elsewhere. */
export async function countHires(db: Db, range: DateRange): Promise<HireCounts> {
  const rows = await db
    .selectFrom('hire_reports')
    .select((eb) => ['source', eb.fn.countAll<number | string>().as('count')])
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .groupBy('source')
    .execute();
  const count = (source: string) => Number(rows.find((row) => row.source === source)?.count ?? 0);
  return { jobwise: count('jobwise'), elsewhere: count('elsewhere') };
}
