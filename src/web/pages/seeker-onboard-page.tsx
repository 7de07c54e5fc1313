import { EMPLOYMENT_TYPES, EMPLOYMENT_TYPE_LABELS, MIN_PAY_CHOICES, RADIUS_MILES } from '../../shared/jobs/enums';
import { MAX_WANTED_TITLES, ONBOARDING_PATHS, REMOTE_CHOICES, REMOTE_CHOICE_LABELS, type OnboardPageProps, type OnboardingStep } from '../../shared/seeker/onboarding';
import { minPayLabel } from '../features/job-pages/filters-form';
import { LOCATION_SUGGESTIONS_URL, TITLE_SUGGESTIONS_URL } from '../features/job-pages/search-form';
import { Typeahead } from '../features/job-pages/typeahead';
import { Button } from '../ui/button';
import '../features/job-pages/jobs.css';
import '../features/seeker/seeker.css';
import './seeker-onboard-page.css';

const QUESTIONS: Record<OnboardingStep, { title: string; hint: string }> = {
  titles: { title: 'What jobs do you want?', hint: `Up to ${MAX_WANTED_TITLES} job titles. We suggest jobs like them first.` },
  place: { title: 'Where do you want to work?', hint: 'A city and state, a ZIP code, or "Remote", and how far you would travel.' },
  pay: { title: 'What is the lowest pay you would take?', hint: 'Hourly pay counts as 2,080 hours a year.' },
  types: { title: 'What kind of job?', hint: 'Choose any that fit.' },
};

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
          <div className="field">
            <label htmlFor="onboard-radius">Within</label>
            <select id="onboard-radius" name="radius" defaultValue={String(answers.radius ?? 25)}>
              {RADIUS_MILES.map((miles) => (
                <option key={miles} value={miles}>
                  {miles} miles
                </option>
              ))}
            </select>
          </div>
        </div>
      );
    case 'pay':
      return (
        <fieldset className="onboard-choices">
          <legend className="visually-hidden">Lowest pay</legend>
          {MIN_PAY_CHOICES.map((amount) => (
            <div className="onboard-choice" key={amount}>
              <input id={`pay-${amount}`} type="radio" name="min_pay" value={amount} defaultChecked={answers.minPay === amount} />
              <label htmlFor={`pay-${amount}`}>
                {minPayLabel(amount)} <span className="field-hint">(about ${Math.round(amount / 2080)} an hour)</span>
              </label>
            </div>
          ))}
        </fieldset>
      );
    case 'types':
      return (
        <>
          <fieldset className="onboard-choices">
            <legend>Job types</legend>
            {EMPLOYMENT_TYPES.map((type) => (
              <div className="onboard-choice" key={type}>
                <input id={`type-${type}`} type="checkbox" name="type" value={type} defaultChecked={answers.employmentTypes.includes(type)} />
                <label htmlFor={`type-${type}`}>{EMPLOYMENT_TYPE_LABELS[type]}</label>
              </div>
            ))}
          </fieldset>
          <fieldset className="onboard-choices">
            <legend>Remote work</legend>
            {REMOTE_CHOICES.map((choice) => (
              <div className="onboard-choice" key={choice}>
                <input id={`remote-${choice}`} type="radio" name="remote" value={choice} defaultChecked={answers.remote === choice} />
                <label htmlFor={`remote-${choice}`}>{REMOTE_CHOICE_LABELS[choice]}</label>
              </div>
            ))}
          </fieldset>
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
            <button type="submit" name="rest" value="skip" className="onboard-skip-rest">
              Skip the rest
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
