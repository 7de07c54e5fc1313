import { SIGN_IN_FORM_PATHS, type RegistrationPageProps } from '../../shared/registration/pages';
import { CodeStepForm, ConfirmStepForm } from '../features/registration/forms/code-step-form';
import { RegistrationFlow } from '../features/registration/registration-flow';

const HEADING_ID = 'registration-title';
const PAGE_PATHS = { login: '/authn/login', register: '/jobseeker/register', employer: '/authn/employer/login' } as const;

/**
 * The registration forms as a page (FORM container): server-rendered, then the whole flow. Before its
 * script runs (or without script) the email form posts to the server, which answers with the code step.
 */
export default function RegistrationPage({ props }: { props: RegistrationPageProps }) {
  const form = props.form;
  return (
    <section className="reg-page" aria-labelledby={HEADING_ID}>
      <div className="reg-page__card">
        {form?.step === 'confirm' ? (
          <ConfirmStepForm
            headingId={HEADING_ID}
            headingLevel={1}
            kind={props.kind}
            redirectUrl={props.redirectUrl}
            state={form}
            pagePath={`${PAGE_PATHS[props.kind]}?next=${encodeURIComponent(props.redirectUrl)}`}
          />
        ) : form?.step === 'code' ? (
          <CodeStepForm
            headingId={HEADING_ID}
            headingLevel={1}
            kind={props.kind}
            redirectUrl={props.redirectUrl}
            state={form}
            pagePath={`${PAGE_PATHS[props.kind]}?next=${encodeURIComponent(props.redirectUrl)}`}
          />
        ) : (
          <RegistrationFlow
            headingId={HEADING_ID}
            headingLevel={1}
            options={{
              copyVariant: props.variant === 'employerLoginPage' ? 'jobseekerLoginPage' : props.variant,
              source: props.source,
              componentId: props.componentId,
              container: 'FORM',
              action: 'redirect',
              redirectUrl: props.redirectUrl,
              showRoleToggle: props.variant === 'jobseekerLoginPage',
              initialEmail: form?.email ?? props.prefillEmail,
              prefillEmail: form ? undefined : props.prefillEmail,
              initialError: form?.step === 'email' ? form.error : undefined,
              nativeForm: { action: SIGN_IN_FORM_PATHS.email, fields: { next: props.redirectUrl, kind: props.kind } },
            }}
          />
        )}
      </div>
    </section>
  );
}
