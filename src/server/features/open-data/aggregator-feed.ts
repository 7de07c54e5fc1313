// Every open job in the XML job-feed format the big aggregators take (Indeed's <source><job>…, which
// the others read too; decision 0267), written a page of jobs at a time: the document is a stream, so a
// million jobs never sit in memory together.
import { Readable } from 'node:stream';
import { XMLBuilder } from 'fast-xml-parser';
import { JOB_CATEGORY_LABELS, type EmploymentType } from '../../../shared/jobs/enums';
import { externalApplyPath } from '../../../shared/seeker/paths';
import type { Db } from '../../db/database';
import { escapeHtml } from '../../plugins/ssr';
import { formatPay } from '../jobs/job-view';
import { renderJobMarkdown } from '../jobs/markdown';
import { jobPath } from '../jobs/slugs';
import { openJobsInPages, type PublishedJob } from './open-jobs.repository';

/** Jobs read per query: a page's rows and its XML are all that is held at once. */
export const AGGREGATOR_FEED_PAGE_SIZE = 500;

/** The aggregators' job types. */
const JOB_TYPES: Record<EmploymentType, string> = { full_time: 'fulltime', part_time: 'parttime', contract: 'contract', temporary: 'temporary', internship: 'internship' };

// Characters XML 1.0 does not allow in a document, which a pasted description may carry.
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const clean = (text: string) => text.replace(NOT_XML, '');

const builder = new XMLBuilder({ cdataPropName: 'cdata', format: false });

/** The description as HTML: the employer's sanitised Markdown, or the plain text's paragraphs. */
function descriptionHtml(job: PublishedJob): string {
  if (job.description_markdown !== null) return renderJobMarkdown(job.description_markdown);
  return job.description
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
}

export function jobElement(job: PublishedJob, publicUrl: string): string {
  const url = publicUrl + jobPath(job);
  const ends = job.expires_at ?? job.closes_at;
  const element = {
    job: {
      title: { cdata: clean(job.title) },
      date: { cdata: new Date(Number(job.posted_at)).toUTCString() },
      referencenumber: { cdata: job.listing_key },
      url: { cdata: url },
      applyurl: { cdata: job.apply_type === 'external' ? publicUrl + externalApplyPath(job.listing_key) : url },
      company: { cdata: clean(job.company_name) },
      city: { cdata: clean(job.city) },
      state: { cdata: clean(job.state) },
      country: { cdata: 'US' },
      postalcode: { cdata: clean(job.zip) },
      ...(job.remote ? { remotetype: { cdata: 'Fully remote' } } : job.hybrid ? { remotetype: { cdata: 'Hybrid remote' } } : {}),
      description: { cdata: clean(descriptionHtml(job)) },
      salary: { cdata: formatPay(job.pay_min, job.pay_max, job.pay_period, job.pay_currency) },
      jobtype: { cdata: JOB_TYPES[job.employment_type] },
      category: { cdata: JOB_CATEGORY_LABELS[job.category] ?? job.category },
      ...(ends ? { expirationdate: { cdata: new Date(Number(ends)).toUTCString() } } : {}),
    },
  };
  return builder.build(element) as string;
}

/** The whole feed as a stream of text: the head, a chunk per page of jobs, the end. */
export function aggregatorFeed(db: Db, publicUrl: string, now: number, pageSize = AGGREGATOR_FEED_PAGE_SIZE): Readable {
  async function* document() {
    yield `<?xml version="1.0" encoding="utf-8"?>\n<source>\n${builder.build({ publisher: 'Jobwise', publisherurl: publicUrl, lastBuildDate: new Date(now).toUTCString() }) as string}\n`;
    for await (const page of openJobsInPages(db, pageSize)) yield `${page.map((job) => jobElement(job, publicUrl)).join('\n')}\n`;
    yield '</source>\n';
  }
  return Readable.from(document(), { objectMode: false });
}
