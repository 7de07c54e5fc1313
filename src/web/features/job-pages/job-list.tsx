import type { MouseEvent } from 'react';
import type { JobCard } from '../../../shared/jobs/page-props';
import { CompanyLogo } from '../../ui/company-logo';
import type { SearchContextCopy } from '../seeker/registration-bridge';
import { SaveJobButton } from '../seeker/save-job-button';
import { Badge } from '../../ui/badge';
import '../seeker/seeker.css';

export interface JobListProps {
  jobs: JobCard[];
  headingLevel?: 2 | 3;
  /** With a path to come back to, each card has a Save control; these ids show as saved. */
  save?: { next: string; savedJobIds: string[]; appliedJobIds?: string[]; searchContext?: SearchContextCopy };
  /** The results page's selected job (its listing key), marked for the detail pane. */
  selectedKey?: string | null;
  /** Called on a click of a job's title link (still a real link to the job page). */
  onOpen?: (job: JobCard, event: MouseEvent<HTMLAnchorElement>) => void;
}

export function JobList({ jobs, headingLevel = 2, save, selectedKey = null, onOpen }: JobListProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ol className="job-list">
      {jobs.map((job) => (
        <li key={job.id} className={`job-card${job.featured ? ' job-card-featured' : ''}${job.listingKey === selectedKey ? ' is-selected' : ''}`}>
          <CompanyLogo name={job.company} />
          <div className="job-card-body">
            <Heading className="job-card-title">
              <a href={job.path} aria-current={job.listingKey === selectedKey ? 'true' : undefined} onClick={onOpen ? (event) => onOpen(job, event) : undefined}>
                {job.title}
              </a>
            </Heading>
            {job.featured ? <p className="job-featured">Featured</p> : null}
            <p className="job-card-where">
              <span className="job-card-company">{job.company}</span>{' '}
              <span className="job-card-place">
                {job.place}
                {job.distance ? <span className="job-card-distance"> · {job.distance}</span> : null}
              </span>
            </p>
            <ul className="job-card-facts" aria-label="Details">
              <li className="job-card-pay">{job.pay}</li>
              <li>{job.employmentType}</li>
              <li>{job.posted}</li>
            </ul>
            <p className="job-card-snippet">{job.snippet}</p>
          </div>
          {save ? (
            <div className="job-card-actions">
              <SaveJobButton
                listingKey={job.listingKey}
                jobTitle={job.title}
                saved={save.savedJobIds.includes(job.id)}
                next={save.next}
                source="serp"
                componentId="left_pane_save"
                searchContext={save.searchContext}
                jobSummary={{ companyName: job.company, title: job.title, location: job.place }}
              />
              {save.appliedJobIds?.includes(job.id) ? <Badge tone="success">Applied</Badge> : null}
            </div>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
