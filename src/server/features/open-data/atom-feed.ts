// Atom feeds of jobs (RFC 4287), written by the `feed` library (decision 0265). An entry is what a
// results card shows: title, company, place, pay, type, a snippet and the job page's address; no
// personal data is in any feed.
import { Feed } from 'feed';
import { employmentTypeLabel, formatPay, formatPlace } from '../jobs/job-view';
import { jobPath } from '../jobs/slugs';
import type { JobSummaryRow } from '../jobs/search.repository';

/** A job as a feed shows it: the search's summary row, with a few sentences of the description. */
export type FeedJob = Pick<
  JobSummaryRow,
  'id' | 'listing_key' | 'title' | 'company_name' | 'city' | 'state' | 'remote' | 'hybrid' | 'pay_min' | 'pay_max' | 'pay_period' | 'pay_currency' | 'employment_type' | 'posted_at'
> & {
  summary: string;
};

export interface AtomFeedInput {
  title: string;
  /** The feed's own absolute address (rel="self"). */
  selfUrl: string;
  /** The page the feed follows (the results page, the company page). */
  pageUrl: string;
  publicUrl: string;
  jobs: FeedJob[];
  /** When there are no jobs, the feed's updated time. */
  now: number;
}

export const ATOM_CONTENT_TYPE = 'application/atom+xml; charset=utf-8';

export function atomFeed({ title, selfUrl, pageUrl, publicUrl, jobs, now }: AtomFeedInput): string {
  // Updated is the newest job's posting time: the same jobs make the same bytes (and ETag).
  const updated = jobs.reduce((newest, job) => Math.max(newest, Number(job.posted_at)), 0) || now;
  const feed = new Feed({
    id: selfUrl,
    title,
    link: pageUrl,
    updated: new Date(updated),
    generator: 'Jobwise',
    language: 'en',
    feedLinks: { atom: selfUrl },
    author: { name: 'Jobwise', link: publicUrl },
    copyright: 'Jobwise',
  });
  for (const job of jobs) {
    const url = publicUrl + jobPath(job);
    const facts = [job.company_name, formatPlace(job), formatPay(job.pay_min, job.pay_max, job.pay_period, job.pay_currency), employmentTypeLabel(job.employment_type)];
    feed.addItem({
      id: url,
      title: `${job.title} at ${job.company_name}`,
      link: url,
      date: new Date(Number(job.posted_at)),
      published: new Date(Number(job.posted_at)),
      description: `${facts.join(' · ')}. ${job.summary}`,
      author: [{ name: job.company_name }],
    });
  }
  return feed.atom1();
}

/** The description's first sentences as a feed summary, cut at a word. */
export function summaryOf(text: string, max = 280): string {
  const flat = text.replace(/\n- /g, ' ').replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  return `${cut.slice(0, cut.lastIndexOf(' '))}...`;
}
