/**
 * A hire a job seeker reported on /candidate/gothired (decision 0232), kept without the person: what the
 * admin analytics count. source 'jobwise' (one of their applications; company_id is its company) or
 * 'elsewhere'. day: the UTC date, as the funnel's observations have it.
 */
export interface HireReportsTable {
  id: string;
  source: string;
  company_id: string | null;
  /** The employer and the job as reported (at Jobwise: the application's company and job). */
  employer_name: string;
  job_title: string;
  day: string;
  created_at: number;
}
