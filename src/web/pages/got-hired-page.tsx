import type { GotHiredPageProps } from '../../shared/follow-up/follow-up';
import { SEEKER_PATHS } from '../../shared/seeker/constants';
import { SeekerNav } from '../features/seeker/seeker-nav';
import { Button } from '../ui/button';
import { CheckboxField, RadioGroup, SelectField } from '../ui/choice-inputs';
import '../features/seeker/seeker.css';
import '../features/follow-up/got-hired.css';

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p className="field-error" id={id}>
      {error}
    </p>
  ) : null;
}

/** /candidate/gothired: tell us about the new job, tidy up applications and alerts in one step. A plain form; the server checks it. */
export default function GotHiredPage({ props }: { props: GotHiredPageProps }) {
  const { values, errors } = props;
  const errorCount = Object.keys(errors).length;
  const withdraw = new Set(values.withdraw);
  return (
    <section className="seeker-page" aria-labelledby="got-hired-heading">
      <h1 id="got-hired-heading">You got a job?</h1>
      <SeekerNav current={SEEKER_PATHS.myJobs} />
      {props.done ? (
        <div className="seeker-notice got-hired-done" role="status">
          <h2>Congratulations on your new job!</h2>
          <p>
            {props.done.withdrawn === 0
              ? 'Thank you for telling us.'
              : `Thank you for telling us. ${props.done.withdrawn === 1 ? 'One application was' : `${props.done.withdrawn} applications were`} withdrawn.`}
          </p>
          {props.done.alertsPaused ? (
            <p>
              Your job alerts are paused. <a href={props.alertsHref}>Resume them</a> whenever you like.
            </p>
          ) : null}
          <p>
            <a href={props.myJobsHref}>Back to My jobs</a>
          </p>
        </div>
      ) : null}
      {errorCount ? (
        <p className="seeker-notice is-error" role="alert">
          Please correct {errorCount === 1 ? 'the field' : `the ${errorCount} fields`} marked below.
        </p>
      ) : null}
      <p>Tell us where you start, and we will tidy up your search: the employers you applied to stop waiting for you, and your alerts go quiet.</p>
      <form method="post" action={props.action} className="seeker-form got-hired-form" noValidate>
        <RadioGroup
          legend="Where is your new job?"
          name="where"
          options={[
            { value: 'jobwise', label: 'Through one of my applications on Jobwise', disabled: props.applications.length === 0 },
            { value: 'elsewhere', label: 'Somewhere else' },
          ]}
          defaultValue={values.where}
          error={errors.where}
        />

        {props.applications.length ? (
          <SelectField
            label="The application that got you the job (Jobwise)"
            name="application_id"
            options={[{ value: '', label: 'Choose an application' }, ...props.applications.map((application) => ({ value: application.id, label: `${application.jobTitle} at ${application.companyName}` }))]}
            defaultValue={values.applicationId}
            error={errors.applicationId}
          />
        ) : null}

        <div>
          <label htmlFor="employer">Employer (somewhere else)</label>
          <input
            id="employer"
            name="employer"
            defaultValue={values.employer}
            autoComplete="organization"
            maxLength={120}
            aria-invalid={errors.employer ? true : undefined}
            aria-describedby={errors.employer ? 'employer-error' : undefined}
          />
          <FieldError id="employer-error" error={errors.employer} />
        </div>
        <div>
          <label htmlFor="title">Job title (somewhere else)</label>
          <input
            id="title"
            name="title"
            defaultValue={values.title}
            autoComplete="organization-title"
            maxLength={120}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={errors.title ? 'title-error' : undefined}
          />
          <FieldError id="title-error" error={errors.title} />
        </div>

        {props.applications.length || props.activeAlerts ? (
          <fieldset>
            <legend>Tidy up</legend>
            {props.applications.length ? <p className="got-hired-muted">Withdraw the applications you no longer need (the one you got is kept):</p> : null}
            {props.applications.map((application) => (
              <CheckboxField
                key={application.id}
                name="withdraw"
                value={application.id}
                defaultChecked={withdraw.has(application.id)}
                label={`Withdraw ${application.jobTitle} at ${application.companyName} (applied ${application.applied})`}
              />
            ))}
            {props.activeAlerts ? <CheckboxField name="pause_alerts" value="on" defaultChecked={values.pauseAlerts} label={`Pause my job alerts (${props.activeAlerts})`} /> : null}
          </fieldset>
        ) : null}

        <div>
          <Button type="submit">
            Tell us
          </Button>
        </div>
      </form>
    </section>
  );
}
