// The job pages show a few things owned by features above jobs (decision 0145): the viewer's saved and
// applied jobs and their searches (seeker), the screening questions (employer-jobs), the company's page
// (companies). Jobs may not import those features, so app.ts hands their functions in here.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/database';

/** A screening question as the job page shows it. */
export interface JobPageQuestion {
  position: number;
  text: string;
  /** 'yes_no' | 'text' */
  kind: string;
}

export interface JobPageSources {
  /** seeker: which of these jobs the person saved and applied to. */
  jobStates(db: Db, accountId: string, jobIds: string[]): Promise<{ saved: Set<string>; applied: Set<string> }>;
  /** seeker: keeps a signed-in person's search for their Suggested Jobs. */
  recordSearch(db: Db, accountId: string, search: string, location: string, now: number, keep?: number): Promise<void>;
  /** employer-jobs: the job's screening questions, in order. */
  listQuestions(db: Db, jobId: string): Promise<JobPageQuestion[]>;
  /** companies: the job's company, for the link to its page and its response figures (decision 0232). */
  findCompanyById(
    db: Db,
    companyId: string,
  ): Promise<{ slug: string; response_counted: number; response_answered: number; response_median_ms: number | null } | undefined>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobPageSources: JobPageSources;
  }
}

async function jobPageSourcesPlugin(app: FastifyInstance, sources: JobPageSources) {
  app.decorate('jobPageSources', sources);
}

export default fp(jobPageSourcesPlugin, { name: 'job-page-sources' });
