import { RESUME_PROFILE_COPY, resumeProfilePath } from '../../shared/resume-database/constants';
import type { ResumeProfilePageProps } from '../../shared/resume-database/page-props';
import '../features/companies/employers.css';
import { QuotaLine } from '../features/resume-database/quota-line';
import { ProfileSectionsReadout } from '../features/seeker/profile-sections-view';
import '../features/seeker/seeker.css';
import { isEmptySectionsView } from '../../shared/seeker/profile-sections';
import '../features/resume-database/resume-database.css';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { SelectField } from '../ui/choice-inputs';

/** One job seeker in the résumé database: never a name, email or phone (they come with an application). */
export default function ResumeDatabaseProfilePage({ props }: { props: ResumeProfilePageProps }) {
  const { profile } = props;
  // A job they applied to is listed as Applied, not offered (decision 0296).
  const offered = props.jobs.filter((job) => !job.applied);
  return (
    <section className="employer-page" aria-labelledby="resume-profile-heading">
      <a className="resume-back" href={props.backHref}>
        Back to the results
      </a>
      <QuotaLine quota={props.quota} />
      {props.notice ? (
        <p className="employer-notice" role="status">
          {props.notice}
        </p>
      ) : null}
      {!profile && props.openAction ? (
        <>
          <h1 id="resume-profile-heading">Open this profile?</h1>
          <p>{props.message}</p>
          <form className="resume-form" method="post" action={props.openAction}>
            <input type="hidden" name="back" value={props.backHref} />
            <div>
              <Button type="submit">View profile</Button>
            </div>
          </form>
        </>
      ) : !profile ? (
        <>
          <h1 id="resume-profile-heading">No profile views left this month</h1>
          <p className="employer-notice is-error" role="alert">
            {props.message}
          </p>
          <p>
            <a href="/plans">See plans</a>
          </p>
        </>
      ) : (
        <>
          <div className="resume-profile-head">
            <span className="resume-initials resume-initials--large" aria-hidden="true">
              {profile.initials.replace(/[^\p{L}]/gu, '')}
            </span>
            <div>
              <h1 id="resume-profile-heading">{profile.headline}</h1>
              <p className="resume-meta">
                {profile.initials} · {profile.place} · {profile.lastActive}
              </p>
            </div>
          </div>
          <Card className="resume-box">
            <h2>Experience</h2>
            <p className="employer-prewrap">{profile.experience}</p>
            {profile.recentTitles.length ? (
              <>
                <h3>{RESUME_PROFILE_COPY.recentTitlesHeading}</h3>
                <ul className="resume-titles">
                  {profile.recentTitles.map((title) => (
                    <li key={title}>{title}</li>
                  ))}
                </ul>
              </>
            ) : null}
          </Card>
          {!isEmptySectionsView(profile.background) ? (
            <Card className="resume-box">
              <ProfileSectionsReadout sections={profile.background} level={2} />
            </Card>
          ) : null}
          <Card className="resume-box">
            <h2>Résumé</h2>
            {profile.resume ? (
              <p>
                <a href={profile.resume.href}>
                  Open résumé ({profile.resume.kind}){profile.resume.kind === 'Word' ? ', downloads' : ''}
                </a>
              </p>
            ) : (
              <p>No résumé file uploaded.</p>
            )}
            <p className="employer-muted">Name, email and phone reach you only if they apply.</p>
          </Card>
          <Card className="resume-box">
            <h2>Invite to apply</h2>
            {props.messageHref ? (
              <p>
                You invited them. <a href={props.messageHref}>Message them</a> about the job.
              </p>
            ) : null}
            {props.jobs.some((job) => job.applied) ? (
              <ul className="resume-applied" aria-label="Jobs they applied to">
                {props.jobs
                  .filter((job) => job.applied)
                  .map((job) => (
                    <li key={job.id}>
                      {job.title} · {job.place} <Badge tone="success">Applied</Badge>
                    </li>
                  ))}
              </ul>
            ) : null}
            {offered.length ? (
              <form className="resume-form" method="post" action={`${resumeProfilePath(props.publicId)}/invite`}>
                <SelectField
                  label="Job"
                  name="job_id"
                  required
                  options={offered.map((job) => ({ value: job.id, label: `${job.title} · ${job.place}${job.invited ? ' (invited)' : ''}`, disabled: job.invited }))}
                  hint="We email them the job with a link to apply. You get their contact details when they apply."
                />
                <div>
                  <Button type="submit">Invite to apply</Button>
                </div>
              </form>
            ) : props.jobs.length ? (
              <p>They have applied to each of your live jobs.</p>
            ) : (
              <p>
                You have no live jobs to invite them to. <a href="/post-a-job">Post a job</a>
              </p>
            )}
          </Card>
        </>
      )}
    </section>
  );
}
