import type { Insertable, Selectable } from 'kysely';
import type { ApplyType, EmploymentType, JobCategory, JobStatus, PayPeriod } from '../../../shared/jobs/enums';

// Companies are the companies feature's table; jobs name theirs by company_id.
export type { CompanyRow, CompanyTable, NewCompany } from '../companies/companies.table';

export interface JobTable {
  id: string;
  /**
   * A stable integer per job. SQLite's full-text index (an external-content FTS5 table) is keyed
   * by it: the implicit rowid of a table without an INTEGER PRIMARY KEY may change on VACUUM.
   */
  seq: number;
  company_id: string;
  /** Kept on the job so full-text search covers it without a join, and pages show it without one. */
  company_name: string;
  title: string;
  /** Lower-case, hyphenated title: groups listings for salary pages and type-ahead. */
  title_key: string;
  description: string;
  category: JobCategory;
  employment_type: EmploymentType;
  city: string;
  state: string;
  zip: string;
  latitude: number;
  longitude: number;
  remote: number;
  pay_min: number;
  pay_max: number;
  pay_period: PayPeriod;
  /** pay_max as dollars a year (hourly times 2,080): one column for the minimum-pay filter. */
  pay_max_annual: number;
  /** JSON array of benefit names. */
  benefits: string;
  status: JobStatus;
  apply_type: ApplyType;
  external_url: string | null;
  listing_key: string;
  listing_version_key: string;
  posted_at: number;
  closes_at: number | null;
  created_at: number;
  updated_at: number;
}

export type JobRow = Selectable<JobTable>;
export type NewJob = Insertable<JobTable>;
