import { SEEKER_PATHS } from '../../shared/seeker/constants';
import type { AboutPageProps, ProfileFormValues } from '../../shared/seeker/page-props';
import { YourDataSection } from '../features/privacy/your-data-section';
import { FindMeSection } from '../features/resume-database/find-me-section';
import { EmailChoicesCard } from '../features/notifications/email-choices-card';
import { SeekerNav } from '../features/seeker/seeker-nav';
import { ProfileSectionsEditor } from '../features/seeker/profile-sections-editor';
import { Button } from '../ui/button';
import '../features/seeker/seeker.css';

const FIELDS: Array<{ name: keyof ProfileFormValues; label: string; hint?: string; autoComplete: string; type?: string; required: boolean }> = [
  { name: 'full_name', label: 'Full name', autoComplete: 'name', required: true },
  { name: 'phone', label: 'Phone', hint: 'A US, Canadian or UK number, or any number in international format (+...).', autoComplete: 'tel', type: 'tel', required: true },
  { name: 'location', label: 'Location', hint: 'City and state, or a ZIP code. We suggest jobs near it.', autoComplete: 'address-level2', required: true },
  { name: 'headline', label: 'Headline (optional)', hint: 'For example: Forklift operator with 5 years of experience.', autoComplete: 'off', required: false },
];

/** The profile an application sends. A plain form: the server validates and answers with errors beside each field. */
export default function CandidateAboutPage({ props }: { props: AboutPageProps }) {
  const errorCount = Object.keys(props.errors).length;
  return (
    <section className="seeker-page" aria-labelledby="about-heading">
      <h1 id="about-heading">About you</h1>
      <SeekerNav current={SEEKER_PATHS.about} />
      {props.saved ? (
        <p className="seeker-notice" role="status">
          Your profile is saved.
        </p>
      ) : null}
      {errorCount ? (
        <p className="seeker-notice is-error" role="alert">
          Please correct {errorCount === 1 ? 'the field' : `the ${errorCount} fields`} marked below.
        </p>
      ) : null}
      <form method="post" action={SEEKER_PATHS.about} className="seeker-form" noValidate>
        {props.next ? <input type="hidden" name="next" value={props.next} /> : null}
        {FIELDS.map((field) => {
          const error = props.errors[field.name];
          const describedBy = [field.hint ? `${field.name}-hint` : null, error ? `${field.name}-error` : null].filter(Boolean).join(' ') || undefined;
          return (
            <div key={field.name}>
              <label htmlFor={field.name}>{field.label}</label>
              <input
                id={field.name}
                name={field.name}
                type={field.type ?? 'text'}
                defaultValue={props.values[field.name]}
                autoComplete={field.autoComplete}
                required={field.required}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy}
                maxLength={field.name === 'headline' ? 120 : 100}
              />
              {field.hint ? (
                <p className="field-hint" id={`${field.name}-hint`}>
                  {field.hint}
                </p>
              ) : null}
              {error ? (
                <p className="field-error" id={`${field.name}-error`}>
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
        <div>
          <Button type="submit">
            {props.next ? 'Save and continue' : 'Save profile'}
          </Button>
        </div>
      </form>
      <ProfileSectionsEditor sections={props.sections} />
      <FindMeSection findMe={props.findMe} />
      <EmailChoicesCard choices={props.emailChoices} className="email-choices-card" />
      <YourDataSection />
    </section>
  );
}
