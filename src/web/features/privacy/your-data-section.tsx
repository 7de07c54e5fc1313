import { PRIVACY_PATHS } from '../../../shared/privacy/constants';
import { Button } from '../../ui/button';
import './privacy.css';

/** "Your data" on the seeker's About you page: download everything as a zip, or go to erase the account. */
export function YourDataSection() {
  return (
    <section className="your-data" id="your-data" aria-labelledby="your-data-heading">
      <h2 id="your-data-heading">Your data</h2>
      <p>Download everything Jobwise holds about you: a zip with your data as JSON, and your résumés and spotlight recordings.</p>
      <form method="post" action={PRIVACY_PATHS.seekerExport}>
        <Button type="submit" variant="outline">
          Download your data
        </Button>
      </form>
      <p>
        <a href={PRIVACY_PATHS.erase}>Erase your account</a>: delete your profile, résumés, applications’ personal details and everything else, for good.
      </p>
    </section>
  );
}

/** "Your data" on the employer's account page: their own account's data, never the applicants'. */
export function EmployerDataSection() {
  return (
    <section className="employer-card" aria-labelledby="your-data-heading">
      <h2 id="your-data-heading">Your data</h2>
      <p>Download what Jobwise holds about your own account: sign-ins, your team membership, the jobs you posted, the notes you wrote and your settings, as a zip.</p>
      <form method="post" action={PRIVACY_PATHS.employerExport}>
        <Button type="submit" variant="outline">
          Download your account’s data
        </Button>
      </form>
    </section>
  );
}
