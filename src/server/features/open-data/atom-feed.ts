// Atom feeds of jobs (RFC 4287), written by the `feed` library (decision 0265). An entry is what a
// results card shows: title, company, place, pay, type, a snippet and the job page's address; no
// personal data is in any feed.
import { Feed } from 'feed';
import type { EmploymentType, PayPeriod } from '../../../shared/jobs/enums';
import { employmentTypeLabel, formatPay, formatPlace } from '../jobs/job-view';
import { jobPath } from '../jobs/slugs';

export interface FeedJob {
  id: string;
  listing_key: string;
  title: string;
  company_name: string;
  city: string;
  state: string;
  remote: number;
  hybrid: number;
  pay_min: number;
  pay_max: number;
  pay_period: PayPeriod;
  pay_currency: string;
  employment_type: EmploymentType;
  posted_at: number;
  /** A few sentences of the description. */
  summary: string;
}

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
