import {
  FIRST_RUN_PATHS,
  SURVEY_HIRES,
  SURVEY_HIRES_LABELS,
  SURVEY_LIMITS,
  SURVEY_PLACE_TYPES,
  SURVEY_STARTS,
  SURVEY_START_LABELS,
  type EmployerSurveyPageProps,
  type SurveyValues,
} from '../../shared/employer-jobs/first-run';
import { PLACE_TYPE_LABELS } from '../../shared/employer-jobs/fields';
import { Button } from '../ui/button';
import { RadioGroup } from '../ui/choice-inputs';
import '../features/companies/employers.css';
import '../features/employer-jobs/first-run.css';

type ChoiceField = 'hires' | 'place_type' | 'start';

/** One optional question's radio buttons: the same names and values the no-script form posts. */
function Choices<T extends string>({ name, legend, choices, labels, value }: { name: ChoiceField; legend: string; choices: readonly T[]; labels: Record<T, string>; value: string }) {
  return <RadioGroup legend={legend} name={name} options={choices.map((choice) => ({ value: choice, label: labels[choice] }))} defaultValue={value} />;
}

function describedBy(name: keyof SurveyValues, hint: boolean, error: string | undefined) {
  return [hint ? `${name}-hint` : null, error ? `${name}-error` : null].filter(Boolean).join(' ') || undefined;
}

/**
 * Hiring needs, asked once after the company is created (decision 0297): every question optional,
 * Skip as easy as Continue. The answers start the first job's form.
 */
export default function EmployerSurveyPage({ props }: { props: EmployerSurveyPageProps }) {
  const { values, errors } = props;
  const errorCount = Object.keys(errors).length;
  return (
    <section className="employer-page employer-page--narrow" aria-labelledby="survey-heading">
      <h1 id="survey-heading">Who are you hiring?</h1>
      <p className="employer-lead">A few optional questions so we can start your first job for you. We ask once; you can skip them.</p>
      {errorCount ? (
        <p className="employer-notice is-error" role="alert">
          Please correct {errorCount === 1 ? 'the field' : `the ${errorCount} fields`} marked below.
        </p>
      ) : null}
      <form method="post" action={FIRST_RUN_PATHS.survey} className="employer-form" noValidate>
        <input type="hidden" name="next" value={props.next} />
        <div>
          <label htmlFor="roles">Roles you’re hiring for</label>
          <input
            id="roles"
            name="roles"
            type="text"
            maxLength={SURVEY_LIMITS.rolesMax + 20}
            defaultValue={values.roles}
            placeholder="Forklift operator, Warehouse associate"
            aria-invalid={errors.roles ? true : undefined}
            aria-describedby={describedBy('roles', true, errors.roles)}
          />
          <p className="field-hint" id="roles-hint">
            Separate roles with commas. The first one becomes your first job’s title.
          </p>
          {errors.roles ? (
            <p className="field-error" id="roles-error">
              {errors.roles}
            </p>
          ) : null}
        </div>
        <Choices name="hires" legend="How many people do you want to hire?" choices={SURVEY_HIRES} labels={SURVEY_HIRES_LABELS} value={values.hires} />
        <Choices name="place_type" legend="Where will they work?" choices={SURVEY_PLACE_TYPES} labels={PLACE_TYPE_LABELS} value={values.place_type} />
        <div>
          <label htmlFor="location">City and state</label>
          <input
            id="location"
            name="location"
            type="text"
            autoComplete="address-level2"
            maxLength={SURVEY_LIMITS.locationMax + 20}
            defaultValue={values.location}
            placeholder="Austin, TX"
            aria-invalid={errors.location ? true : undefined}
            aria-describedby={describedBy('location', true, errors.location)}
          />
          <p className="field-hint" id="location-hint">
            Where the job is, unless it is remote. A ZIP code works too.
          </p>
          {errors.location ? (
            <p className="field-error" id="location-error">
              {errors.location}
            </p>
          ) : null}
        </div>
        <Choices name="start" legend="When should they start?" choices={SURVEY_STARTS} labels={SURVEY_START_LABELS} value={values.start} />
        <div className="survey-actions">
          <Button type="submit" name="intent" value="answer">
            Continue
          </Button>
          <Button type="submit" name="intent" value="skip" variant="secondary" formNoValidate>
            Skip
          </Button>
        </div>
      </form>
    </section>
  );
}
