import { ONBOARDING_PATHS, type SeekerSettingsProps } from '../../shared/seeker/onboarding';
import { EmailChoicesCard } from '../features/notifications/email-choices-card';
import { YourDataSection } from '../features/privacy/your-data-section';
import { SeekerNav } from '../features/seeker/seeker-nav';
import '../features/seeker/seeker.css';
import { countOf } from '../../shared/plural';
import { Button } from '../ui/button';

/** The job seeker's settings (decision 0234): signing in, sessions, emails and their data. Plain forms. */
export default function CandidateSettingsPage({ props }: { props: SeekerSettingsProps }) {
  const others = props.activeSessions - 1;
  return (
    <section className="seeker-page" aria-labelledby="settings-heading">
      <h1 id="settings-heading">Settings</h1>
      <SeekerNav current={ONBOARDING_PATHS.settings} />
      <section className="email-choices-card" aria-labelledby="sign-in-heading">
        <h2 id="sign-in-heading">Signing in</h2>
        <p>
          You sign in with <strong>{props.email}</strong>. Jobwise has no passwords: each time, we email you a one-time code.
        </p>
        <p>
          {others > 0
            ? `You are signed in here and on ${countOf(others, 'other device or browser', 'other devices or browsers')}.`
            : 'You are signed in on this device only.'}
        </p>
        <form method="post" action={ONBOARDING_PATHS.signOutEverywhere}>
          <Button type="submit" variant="secondary">
            Sign out everywhere
          </Button>
        </form>
      </section>
      <EmailChoicesCard choices={props.emailChoices} className="email-choices-card" />
      <YourDataSection />
    </section>
  );
}
