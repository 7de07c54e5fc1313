import { RADIUS_MILES } from '../../shared/jobs/enums';
import { ALERT_FREQUENCIES, ALERT_FREQUENCY_LABELS, SEEKER_PATHS } from '../../shared/seeker/constants';
import type { AlertView, AlertsPageProps } from '../../shared/seeker/page-props';
import { SeekerNav } from '../features/seeker/seeker-nav';
import { BellRing } from 'lucide';
import { EmptyState } from '../ui/empty-state';
import { Button } from '../ui/button';
import { SelectField } from '../ui/choice-inputs';
import '../features/seeker/seeker.css';

function AlertFields({ idPrefix, alert }: { idPrefix: string; alert?: AlertView }) {
  return (
    <>
      <div>
        <label htmlFor={`${idPrefix}-search`}>Job title or keywords</label>
        <input id={`${idPrefix}-search`} name="search" defaultValue={alert?.search ?? ''} maxLength={200} />
      </div>
      <div>
        <label htmlFor={`${idPrefix}-location`}>Location</label>
        <input id={`${idPrefix}-location`} name="location" defaultValue={alert?.location ?? ''} maxLength={100} />
      </div>
      <SelectField
        label="Distance"
        name="radius"
        defaultValue={String(alert?.radius ?? 25)}
        options={RADIUS_MILES.map((miles) => ({ value: String(miles), label: `Within ${miles} miles` }))}
      />
      <SelectField
        label="How often"
        name="frequency"
        defaultValue={alert?.frequency ?? 'daily'}
        options={ALERT_FREQUENCIES.map((frequency) => ({ value: frequency, label: ALERT_FREQUENCY_LABELS[frequency] }))}
      />
    </>
  );
}

export default function CandidateAlertsPage({ props }: { props: AlertsPageProps }) {
  const full = props.alerts.length >= props.max;
  return (
    <section className="seeker-page" aria-labelledby="alerts-heading">
      <h1 id="alerts-heading">Job alerts</h1>
      <SeekerNav current={SEEKER_PATHS.alerts} />
      {props.notice ? (
        <p className="seeker-notice" role="status">
          {props.notice}
        </p>
      ) : null}
      {props.error ? (
        <p className="seeker-notice is-error" role="alert">
          {props.error}
        </p>
      ) : null}
      {props.paused ? (
        <form className="seeker-notice" method="post" action={`${SEEKER_PATHS.alerts}/resume`}>
          <p>Your job alerts are paused since you told us you got a job. Congratulations!</p>
          <Button type="submit" variant="secondary">
            Resume alerts
          </Button>
        </form>
      ) : null}
      {props.unsubscribed ? (
        <p className="seeker-notice is-error">You unsubscribed from job alert emails, so these alerts are not being sent. Log in again to resubscribe.</p>
      ) : null}
      <p>
        We email you new jobs for each alert. You have {props.alerts.length} of {props.max}.
      </p>
      {props.alerts.length ? (
        <ul className="alert-list">
          {props.alerts.map((alert) => (
            <li key={alert.id} className="alert-item">
              <h2>{alert.label}</h2>
              <p>
                Within {alert.radius} miles · {ALERT_FREQUENCY_LABELS[alert.frequency as keyof typeof ALERT_FREQUENCY_LABELS] ?? alert.frequency} ·{' '}
                <a href={alert.searchHref}>See matching jobs</a>
              </p>
              <div className="alert-actions">
                <details>
                  <summary>
                    Edit<span className="visually-hidden"> alert {alert.label}</span>
                  </summary>
                  <form method="post" action={`${SEEKER_PATHS.alerts}/${alert.id}`} className="seeker-form">
                    <AlertFields idPrefix={`alert-${alert.id}`} alert={alert} />
                    <div>
                      <Button type="submit">
                        Save changes
                      </Button>
                    </div>
                  </form>
                </details>
                <form method="post" action={`${SEEKER_PATHS.alerts}/${alert.id}/delete`} className="inline-form">
                  <Button type="submit" variant="secondary">
                    Delete<span className="visually-hidden"> alert {alert.label}</span>
                  </Button>
                </form>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState icon={BellRing} title="You have no job alerts yet.">
          <p>Make one below, or from a search with “Get alerts for this search”.</p>
        </EmptyState>
      )}
      <h2>New alert</h2>
      {full ? (
        <p>You have {props.max} alerts, the most you can have. Delete one to add another.</p>
      ) : (
        <form method="post" action={SEEKER_PATHS.alerts} className="seeker-form">
          <AlertFields idPrefix="new" />
          <div>
            <Button type="submit">
              Create alert
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
