import { EMPLOYMENT_TYPES, EMPLOYMENT_TYPE_LABELS, MIN_PAY_CHOICES } from '../../shared/jobs/enums';
import { MAX_WANTED_TITLES, ONBOARDING_PATHS, REMOTE_CHOICES, REMOTE_CHOICE_LABELS, type OnboardPageProps, type OnboardingStep } from '../../shared/seeker/onboarding';
import { minPayLabel } from '../features/job-pages/filters-form';
import { RADIUS_OPTIONS } from '../features/job-pages/search-form';
import { LOCATION_SUGGESTIONS_URL, TITLE_SUGGESTIONS_URL } from '../features/job-pages/suggestions';
import { Typeahead } from '../features/job-pages/typeahead';
import { Button } from '../ui/button';
import { CheckboxField, RadioGroup, SelectField } from '../ui/choice-inputs';
import '../features/job-pages/jobs.css';
import '../features/seeker/seeker.css';
import './seeker-onboard-page.css';

const QUESTIONS: Record<OnboardingStep, { title: string; hint: string }> = {
  titles: { title: 'What jobs do you want?', hint: `Up to ${MAX_WANTED_TITLES} job titles. We suggest jobs like them first.` },
  place: { title: 'Where do you want to work?', hint: 'A city and state, a ZIP code, or "Remote", and how far you would travel.' },
  pay: { title: 'What is the lowest pay you would take?', hint: 'Hourly pay counts as 2,080 hours a year.' },
  types: { title: 'What kind of job?', hint: 'Choose any that fit.' },
};

const PAY_OPTIONS = MIN_PAY_CHOICES.map((amount) => ({
  value: String(amount),
  label: (
    <>
      {minPayLabel(amount)} <span className="field-hint">(about ${Math.round(amount / 2080)} an hour)</span>
    </>
  ),
}));
const REMOTE_OPTIONS = REMOTE_CHOICES.map((choice) => ({ value: choice, label: REMOTE_CHOICE_LABELS[choice] }));

const TITLE_LABELS = ['Job title', 'Another job title (optional)', 'One more (optional)'];

function Question({ props }: { props: OnboardPageProps }) {
  const { answers } = props;
  switch (props.step) {
    case 'titles':
      return (
        <div className="onboard-fields">
          {TITLE_LABELS.slice(0, MAX_WANTED_TITLES).map((label, index) => (
            <Typeahead key={label} name="title" label={label} endpoint={TITLE_SUGGESTIONS_URL} defaultValue={answers.titles[index] ?? ''} placeholder={index === 0 ? 'e.g. Registered nurse' : undefined} />
          ))}
        </div>
      );
    case 'place':
      return (
        <div className="onboard-fields">
          <Typeahead name="location" label="City, state or ZIP" endpoint={LOCATION_SUGGESTIONS_URL} defaultValue={answers.location} placeholder='e.g. Houston, TX or "Remote"' />
          <SelectField label="Within" name="radius" options={RADIUS_OPTIONS} defaultValue={String(answers.radius ?? 25)} />
        </div>
      );
    case 'pay':
      return (
        <RadioGroup
          legend="Lowest pay"
          legendHidden
          name="min_pay"
          className="onboard-choices"
          options={PAY_OPTIONS}
          defaultValue={answers.minPay === null ? undefined : String(answers.minPay)}
        />
      );
    case 'types':
      return (
        <>
          <fieldset className="onboard-choices">
            <legend>Job types</legend>
            {EMPLOYMENT_TYPES.map((type) => (
              <CheckboxField key={type} label={EMPLOYMENT_TYPE_LABELS[type]} name="type" value={type} defaultChecked={answers.employmentTypes.includes(type)} />
            ))}
          </fieldset>
          <RadioGroup legend="Remote work" name="remote" className="onboard-choices" options={REMOTE_OPTIONS} defaultValue={answers.remote ?? undefined} />
        </>
      );
  }
}

/**
 * Onboarding after sign-up (decision 0234): one question a screen, each skippable, as plain form
 * posts; the server stores each answer and, after the last, makes the first alert and shows the
 * suggestions that come from the answers.
 */
export default function CandidateOnboardPage({ props }: { props: OnboardPageProps }) {
  const question = QUESTIONS[props.step];
  const last = props.stepNumber === props.stepCount;
  return (
    <section className="seeker-page onboard-page" aria-labelledby="onboard-heading">
      <p className="onboard-progress" id="onboard-progress">
        {`Question ${props.stepNumber} of ${props.stepCount}`}
      </p>
      <h1 id="onboard-heading">{question.title}</h1>
      <p className="field-hint" id="onboard-hint">
        {question.hint} Every question can be skipped.
      </p>
      {props.error ? (
        <p className="seeker-notice is-error" role="alert">
          {props.error}
        </p>
      ) : null}
      <form method="post" action={ONBOARDING_PATHS.onboard} className="onboard-form" aria-describedby="onboard-progress onboard-hint">
        <input type="hidden" name="step" value={props.step} />
        <input type="hidden" name="next" value={props.next} />
        <Question props={props} />
        <div className="onboard-actions">
          <Button type="submit">
            {last ? 'See my jobs' : 'Next'}
          </Button>
          <Button type="submit" name="skip" value="1" variant="secondary">
            Skip this question
          </Button>
          {last ? null : (
            <Button type="submit" name="rest" value="skip" variant="plain">
              Skip the rest
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}
