import type { RegistrationPageProps } from '../../shared/registration/pages';
import { RegistrationFlow } from '../features/registration/registration-flow';

const HEADING_ID = 'registration-title';

/** The registration forms as a page (FORM container): server-rendered, then the whole flow. */
export default function RegistrationPage({ props }: { props: RegistrationPageProps }) {
  return (
    <section className="reg-page" aria-labelledby={HEADING_ID}>
      <div className="reg-page__card">
        <RegistrationFlow
          headingId={HEADING_ID}
          headingLevel={1}
          options={{
            copyVariant: props.variant,
            source: props.source,
            componentId: props.componentId,
            container: 'FORM',
            action: 'redirect',
            redirectUrl: props.redirectUrl,
            showRoleToggle: props.variant === 'jobseekerLoginPage',
          }}
        />
      </div>
    </section>
  );
}
