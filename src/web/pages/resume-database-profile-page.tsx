import { RESUME_PROFILE_COPY, resumeProfilePath } from '../../shared/resume-database/constants';
import type { ResumeProfilePageProps } from '../../shared/resume-database/page-props';
import '../features/companies/employers.css';
import { QuotaLine } from '../features/resume-database/quota-line';
import { ProfileSectionsReadout } from '../features/seeker/profile-sections-view';
import '../features/seeker/seeker.css';
import { isEmptySectionsView } from '../../shared/seeker/profile-sections';
import '../features/resume-database/resume-database.css';

/** One job seeker in the résumé database: never a name, email or phone (they come with an application). */
export default function ResumeDatabaseProfilePage({ props }: { props: ResumeProfilePageProps }) {
  const { profile } = props;
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
              <button type="submit" className="button button-primary">
                View profile
              </button>
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
          <div className="employer-card">
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
          </div>
          {!isEmptySectionsView(profile.background) ? (
            <div className="employer-card">
              <ProfileSectionsReadout sections={profile.background} level={2} />
            </div>
          ) : null}
          <div className="employer-card">
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
          </div>
          <div className="employer-card">
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
                      {job.title} · {job.place} <span className="resume-applied-badge">Applied</span>
                    </li>
                  ))}
              </ul>
            ) : null}
            {props.jobs.some((job) => !job.applied) ? (
              <form className="resume-form" method="post" action={`${resumeProfilePath(props.publicId)}/invite`}>
                <label htmlFor="invite-job">Job</label>
                <select id="invite-job" name="job_id" required>
                  {props.jobs
                    .filter((job) => !job.applied)
                    .map((job) => (
                    <option key={job.id} value={job.id} disabled={job.invited}>
                      {job.title} · {job.place}
                      {job.invited ? ' (invited)' : ''}
                    </option>
                  ))}
                </select>
                <p className="field-hint">We email them the job with a link to apply. You get their contact details when they apply.</p>
                <div>
                  <button type="submit" className="button button-primary">
                    Invite to apply
                  </button>
                </div>
              </form>
            ) : props.jobs.length ? (
              <p>They have applied to each of your live jobs.</p>
            ) : (
              <p>
                You have no live jobs to invite them to. <a href="/post-a-job">Post a job</a>
              </p>
            )}
          </div>
        </>
      )}
    </section>
  );
}
