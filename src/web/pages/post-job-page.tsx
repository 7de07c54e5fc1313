import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import {
  APPLY_METHODS,
  APPLY_METHOD_LABELS,
  BENEFIT_CHOICES,
  CURRENCIES,
  DESCRIPTION_MAX,
  EXPIRY_MAX_DAYS,
  FIELD_LABELS,
  MAX_QUESTIONS,
  PAY_PERIOD_LABELS,
  PLACE_TYPES,
  PLACE_TYPE_LABELS,
  type PostingError,
} from '../../shared/employer-jobs/fields';
import { DASHBOARD_STATUS_LABELS, EMPLOYER_JOBS_PATHS, editJobPath, type PaySuggestion, type PostJobPageProps } from '../../shared/employer-jobs/page-props';
import { LAST_STEP, POSTING_STEPS, SCHEDULE_TIME_ZONES, initialStepper, stepperStep, type StepperEvent, type StepperState } from '../../shared/employer-jobs/posting-steps';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../../shared/interviews/time-zones';
import { request } from '../../shared/http/request';
import { countOf } from '../../shared/plural';
import { EMPLOYMENT_TYPES, EMPLOYMENT_TYPE_LABELS, JOB_CATEGORIES, JOB_CATEGORY_LABELS, PAY_PERIODS } from '../../shared/jobs/enums';
import { Typeahead } from '../features/job-pages/typeahead';
import { useHydrated } from '../shell/use-hydrated';
import { QuestionBlocks, useQuestionBlocks } from '../features/employer-jobs/question-blocks';
import { Button } from '../ui/button';
import { CheckboxField, RadioGroup, SelectField } from '../ui/choice-inputs';
import '../features/employer-jobs/employer-jobs.css';

const fieldId = (name: string) => `job-${name.replace(/_/g, '-')}`;
const stepHeadingId = (index: number) => `posting-step-${POSTING_STEPS[index]!.id}`;
/** The place field takes a city and state or a ZIP code: the search's states and "Remote" are left out. */
const isCityOrZip = (suggestion: string) => /,\s*[A-Z]{2}(\s+\d{5})?$/.test(suggestion);

/** The form's fields as the server reads them (benefits repeated, questions in slots). */
function formValues(form: HTMLFormElement): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const [name, value] of new FormData(form)) {
    if (typeof value !== 'string' || name === 'intent') continue;
    if (name === 'benefits') values.benefits = [...((values.benefits as string[] | undefined) ?? []), value];
    else values[name] = value;
  }
  return values;
}

function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

function isCheckAnswer(body: unknown): body is { errors: PostingError[] } {
  return typeof body === 'object' && body !== null && Array.isArray((body as { errors?: unknown }).errors);
}

function isPaySuggestion(body: unknown): body is { suggestion: PaySuggestion | null } {
  return typeof body === 'object' && body !== null && 'suggestion' in body;
}

/**
 * The job posting form, in five steps (decision 0291). Without script it is one plain form post: every
 * step a fieldset on one page, the server checks it and answers with the same page, each problem beside
 * its field. With script the steps show one at a time: Next asks the server to check the step, focus
 * moves to the step's heading and a live region says where the person is or what stops them.
 */
export default function PostJobPage({ props }: { props: PostJobPageProps }) {
  const { values } = props;
  const live = props.status === 'open' || props.status === 'closed' || props.status === 'expired';
  const action = props.jobId ? editJobPath(props.jobId) : EMPLOYER_JOBS_PATHS.postJob;
  const savedSets = props.savedSets ?? [];

  // The first render matches the server's (all steps); the steps take over once the script runs.
  const enhanced = useHydrated();
  const [flow, setFlow] = useState<StepperState>(() => initialStepper(props.errors));
  const flowRef = useRef(flow);
  const formRef = useRef<HTMLFormElement>(null);
  const headingFocus = useRef<number | null>(null);
  const [applyMethod, setApplyMethod] = useState(values.apply_method);
  const [placeType, setPlaceType] = useState(values.place_type);
  const questions = useQuestionBlocks(values.questions.slice(0, MAX_QUESTIONS));
  const [chosenSet, setChosenSet] = useState(savedSets[0]?.id ?? '');
  const [setNotice, setSetNotice] = useState('');
  const [pay, setPay] = useState<PaySuggestion | null>(null);
  // The schedule's time zone is the employer's own (the browser's) unless one was chosen before (decision 0292).
  const [chosenZone, setChosenZone] = useState<string | null>(props.schedule?.timeZone ?? null);
  const timeZone = chosenZone ?? (enhanced ? browserTimeZone() : DEFAULT_TIME_ZONE);
  const zones: string[] = (SCHEDULE_TIME_ZONES as readonly string[]).includes(timeZone) ? [...SCHEDULE_TIME_ZONES] : [timeZone, ...SCHEDULE_TIME_ZONES];

  useEffect(() => {
    if (headingFocus.current === null) return;
    document.getElementById(stepHeadingId(headingFocus.current))?.focus();
    headingFocus.current = null;
  }, [flow]);

  const dispatch = (event: StepperEvent) => {
    const { state, commands } = stepperStep(flowRef.current, event);
    flowRef.current = state;
    setFlow(state);
    for (const command of commands) {
      if (command.type === 'focus_heading') headingFocus.current = command.step;
      else void checkStep();
    }
  };

  const checkStep = async () => {
    const form = formRef.current;
    if (!form) return;
    const answer = await request({ method: 'POST', path: EMPLOYER_JOBS_PATHS.check, json: formValues(form), timeoutMs: 10_000 });
    if (answer.ok && isCheckAnswer(answer.body)) dispatch({ type: 'checked', errors: answer.body.errors });
    else dispatch({ type: 'check_failed' });
  };

  const payStep = POSTING_STEPS.findIndex((step) => step.id === 'pay');
  useEffect(() => {
    if (!enhanced || flow.step !== payStep || !formRef.current) return;
    const current = formValues(formRef.current);
    const query = new URLSearchParams({ title: String(current.title ?? ''), location: String(current.location ?? ''), place_type: String(current.place_type ?? '') });
    const controller = new AbortController();
    void request({ path: `${EMPLOYER_JOBS_PATHS.paySuggestion}?${query}`, signal: controller.signal }).then((answer) => {
      if (!controller.signal.aborted) setPay(answer.ok && isPaySuggestion(answer.body) ? answer.body.suggestion : null);
    });
    return () => controller.abort();
  }, [enhanced, flow.step, payStep]);

  const applyPay = (suggestion: PaySuggestion) => {
    const form = formRef.current;
    if (!form) return;
    const set = (name: string, value: string) => {
      const element = form.elements.namedItem(name);
      if (element instanceof HTMLInputElement || element instanceof HTMLSelectElement) element.value = value;
    };
    set('pay_min', String(suggestion.low));
    set('pay_max', String(suggestion.high));
    set('pay_period', suggestion.period);
    set('pay_currency', 'USD');
    document.getElementById(fieldId('pay_min'))?.focus();
  };

  const shownErrors = enhanced ? flow.errors : props.errors;
  const errorFor = (name: string) => shownErrors.find((error) => error.field === name)?.message ?? null;
  const stepHidden = (index: number) => enhanced && flow.step !== index;

  // Enter in a field means Next on an earlier step; on the last it publishes (or schedules, from the
  // publish time), as it did on the one-page form, rather than pressing whichever button comes first.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    if (!enhanced || event.key !== 'Enter' || target.tagName !== 'INPUT' || event.defaultPrevented) return;
    event.preventDefault();
    if (flow.step < LAST_STEP) return dispatch({ type: 'next' });
    const intent = target.getAttribute('name') === 'publish_at' ? 'schedule' : 'publish';
    const button = formRef.current?.querySelector<HTMLButtonElement>(`button[name="intent"][value="${intent}"]`);
    if (button) formRef.current?.requestSubmit(button);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (flowRef.current.checking) event.preventDefault();
  };

  const field = (name: keyof typeof FIELD_LABELS, control: (describedBy: string | undefined, invalid: boolean) => ReactNode, hint?: string, label: string = FIELD_LABELS[name], hidden = false) => {
    const error = errorFor(name);
    const describedBy = [hint ? `${fieldId(name)}-hint` : null, error ? `${fieldId(name)}-error` : null].filter(Boolean).join(' ') || undefined;
    return (
      <div className={`posting-field posting-field-${name.replace(/_/g, '-')}`} hidden={hidden || undefined}>
        <label htmlFor={fieldId(name)}>{label}</label>
        {control(describedBy, error !== null)}
        {hint ? (
          <p className="field-hint" id={`${fieldId(name)}-hint`}>
            {hint}
          </p>
        ) : null}
        {error ? (
          <p className="field-error" id={`${fieldId(name)}-error`}>
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  // The fields the server checks by name keep their ids (`job-category` ...): the list of problems links to them.
  const select = (name: 'category' | 'employment_type' | 'pay_period' | 'pay_currency', options: ReadonlyArray<{ value: string; label: string }>) => (
    <SelectField id={fieldId(name)} name={name} label={FIELD_LABELS[name]} defaultValue={values[name]} options={options} error={errorFor(name)} />
  );
  const choice = (name: 'place_type' | 'apply_method', options: readonly string[], labels: Record<string, string>, value: string, onChange: (value: string) => void) => (
    <RadioGroup
      legend={FIELD_LABELS[name]}
      name={name}
      options={options.map((option) => ({ value: option, label: labels[option] }))}
      value={value}
      onValueChange={onChange}
      error={errorFor(name)}
    />
  );
  const step = (index: number, children: ReactNode) => (
    <fieldset className="posting-section posting-step" hidden={stepHidden(index) || undefined} aria-labelledby={stepHeadingId(index)}>
      <legend className="posting-step-legend">
        <h2 id={stepHeadingId(index)} tabIndex={-1}>
          {enhanced ? `Step ${index + 1} of ${POSTING_STEPS.length}: ${POSTING_STEPS[index]!.title}` : POSTING_STEPS[index]!.title}
        </h2>
      </legend>
      {enhanced && flow.step === index && flow.errors.length ? (
        <div className="posting-notice is-error" aria-labelledby={`${stepHeadingId(index)}-errors`}>
          <h3 id={`${stepHeadingId(index)}-errors`}>Fix {flow.errors.length === 1 ? 'this' : `these ${flow.errors.length} things`} to go on</h3>
          <ul>
            {flow.errors.map((error) => (
              <li key={error.field}>
                <a href={`#${fieldId(error.field)}`}>{error.message}</a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {children}
    </fieldset>
  );

  const onLastStep = !enhanced || flow.step === LAST_STEP;

  return (
    <section className="posting-page" aria-labelledby="post-job-heading">
      <p className="posting-breadcrumb">
        <a href={props.dashboardHref}>Your jobs</a>
      </p>
      <h1 id="post-job-heading">{props.jobId ? `Edit job${values.title ? `: ${values.title}` : ''}` : 'Post a job'}</h1>
      {props.status ? <p className="posting-status">Status: {DASHBOARD_STATUS_LABELS[props.status]}</p> : null}
      {props.scheduledFor ? <p className="posting-notice posting-scheduled">{props.scheduledFor}</p> : null}
      {props.scheduleProblem ? (
        <div className="posting-notice is-error" role="alert">
          <p>This job was not published at its scheduled time: {props.scheduleProblem}</p>
        </div>
      ) : null}
      {props.rejectionReason ? (
        <div className="posting-notice is-error" role="alert">
          <p>This job was not approved: {props.rejectionReason}</p>
          <p>Change what the reason names and publish again.</p>
        </div>
      ) : null}
      {props.notice ? (
        <p className="posting-notice" role="status">
          {props.notice}
        </p>
      ) : null}
      {props.problem ? (
        <div className="posting-notice is-error" role="alert">
          <p>{props.problem.message}</p>
          {props.problem.plansHref ? (
            <p>
              <a href={props.problem.plansHref}>See plans</a>
            </p>
          ) : null}
        </div>
      ) : null}
      {!enhanced && props.errors.length ? (
        <div className="posting-notice is-error" role="alert" aria-labelledby="posting-errors-heading">
          <h2 id="posting-errors-heading">Fix {props.errors.length === 1 ? 'this' : `these ${props.errors.length} things`} before publishing</h2>
          <ul>
            {props.errors.map((error) => (
              <li key={error.field}>
                <a href={`#${fieldId(error.field)}`}>{error.message}</a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {enhanced ? (
        <ol className="posting-steps" aria-label="Steps">
          {POSTING_STEPS.map((item, index) => (
            <li key={item.id} aria-current={index === flow.step ? 'step' : undefined} className={index < flow.step ? 'is-done' : index === flow.step ? 'is-current' : undefined}>
              <span className="posting-steps-number" aria-hidden="true">
                {index + 1}
              </span>{' '}
              {item.title}
              {index < flow.step ? <span className="visually-hidden"> (done)</span> : null}
            </li>
          ))}
        </ol>
      ) : null}
      <p className="visually-hidden" role="status" aria-live="polite">
        {enhanced ? flow.announcement : ''}
      </p>

      <form ref={formRef} method="post" action={action} className="posting-form" noValidate onKeyDown={onKeyDown} onSubmit={onSubmit}>
        {step(
          0,
          <>
            {field('title', (describedBy, invalid) => (
              <input id={fieldId('title')} name="title" type="text" defaultValue={values.title} maxLength={200} aria-invalid={invalid || undefined} aria-describedby={describedBy} />
            ), 'For example: Night Forklift Operator.')}
            {select('category', [{ value: '', label: 'Choose a category' }, ...JOB_CATEGORIES.map((category) => ({ value: category, label: JOB_CATEGORY_LABELS[category] }))])}
            {select('employment_type', EMPLOYMENT_TYPES.map((type) => ({ value: type, label: EMPLOYMENT_TYPE_LABELS[type] })))}
          </>,
        )}

        {step(
          1,
          <>
            {field('description', (describedBy, invalid) => (
              <textarea id={fieldId('description')} name="description" rows={12} defaultValue={values.description} aria-invalid={invalid || undefined} aria-describedby={describedBy} />
            ), `Markdown: ## a heading, - a list item, **bold**, _italic_, [a link](https://...). At most ${DESCRIPTION_MAX.toLocaleString('en-US')} characters.`)}
            {choice('place_type', PLACE_TYPES, PLACE_TYPE_LABELS, placeType, setPlaceType)}
            <div className="posting-field posting-field-location" hidden={(enhanced && placeType === 'remote') || undefined}>
              <Typeahead
                name="location"
                label={FIELD_LABELS.location}
                endpoint="/api/typeahead/locations"
                defaultValue={values.location}
                inputId={fieldId('location')}
                maxLength={120}
                accept={isCityOrZip}
                invalid={errorFor('location') !== null}
                describedBy={[`${fieldId('location')}-hint`, errorFor('location') ? `${fieldId('location')}-error` : null].filter(Boolean).join(' ')}
              />
              <p className="field-hint" id={`${fieldId('location')}-hint`}>
                City and state (Austin, TX) or a ZIP code. Not needed for a remote job.
              </p>
              {errorFor('location') ? (
                <p className="field-error" id={`${fieldId('location')}-error`}>
                  {errorFor('location')}
                </p>
              ) : null}
            </div>
          </>,
        )}

        {step(
          2,
          <>
            {enhanced && pay ? (
              <div className="pay-suggestion">
                <p>{pay.text}</p>
                <Button variant="secondary" onClick={() => applyPay(pay)}>
                  Use this pay
                </Button>
              </div>
            ) : null}
            <div className="posting-row">
              {field('pay_min', (describedBy, invalid) => (
                <input id={fieldId('pay_min')} name="pay_min" type="text" inputMode="decimal" defaultValue={values.pay_min} aria-invalid={invalid || undefined} aria-describedby={describedBy} />
              ), 'One figure, or the lowest of a range.')}
              {field('pay_max', (describedBy, invalid) => (
                <input id={fieldId('pay_max')} name="pay_max" type="text" inputMode="decimal" defaultValue={values.pay_max} aria-invalid={invalid || undefined} aria-describedby={describedBy} />
              ), 'Optional: the highest of the range.', 'Pay up to (optional)')}
            </div>
            <div className="posting-row">
              {select('pay_period', PAY_PERIODS.map((period) => ({ value: period, label: PAY_PERIOD_LABELS[period] })))}
              {select('pay_currency', CURRENCIES.map((currency) => ({ value: currency, label: currency })))}
            </div>
            <fieldset className="posting-benefits" aria-describedby={errorFor('benefits') ? `${fieldId('benefits')}-error` : undefined}>
              <legend>{FIELD_LABELS.benefits}</legend>
              {BENEFIT_CHOICES.map((benefit) => (
                <CheckboxField key={benefit} name="benefits" value={benefit} label={benefit} defaultChecked={values.benefits.includes(benefit)} />
              ))}
              {errorFor('benefits') ? (
                <p className="field-error" id={`${fieldId('benefits')}-error`}>
                  {errorFor('benefits')}
                </p>
              ) : null}
            </fieldset>
          </>,
        )}

        {step(
          3,
          <>
            {choice('apply_method', APPLY_METHODS, APPLY_METHOD_LABELS, applyMethod, setApplyMethod)}
            {field(
              'apply_url',
              (describedBy, invalid) => (
                <input id={fieldId('apply_url')} name="apply_url" type="url" defaultValue={values.apply_url} aria-invalid={invalid || undefined} aria-describedby={describedBy} />
              ),
              'Only for applying on your website: https://...',
              FIELD_LABELS.apply_url,
              enhanced && applyMethod !== 'url',
            )}
            {field(
              'apply_email',
              (describedBy, invalid) => (
                <input id={fieldId('apply_email')} name="apply_email" type="email" defaultValue={values.apply_email} aria-invalid={invalid || undefined} aria-describedby={describedBy} />
              ),
              'Only for applying by email.',
              FIELD_LABELS.apply_email,
              enhanced && applyMethod !== 'email',
            )}
            {field('expires_in_days', (describedBy, invalid) => (
              <input id={fieldId('expires_in_days')} name="expires_in_days" type="number" min={1} max={EXPIRY_MAX_DAYS} defaultValue={values.expires_in_days} aria-invalid={invalid || undefined} aria-describedby={describedBy} />
            ), `30 days unless you choose otherwise; ${EXPIRY_MAX_DAYS} at most. You can renew it later.`)}
          </>,
        )}

        {step(
          4,
          <>
            <p className="field-hint">
              Optional, up to {MAX_QUESTIONS}. Asked when someone applies on Jobwise. A yes or no question can be a deal-breaker: the application is marked when the answer is not the one you need.
            </p>
            {errorFor('questions') ? <p className="field-error">{errorFor('questions')}</p> : null}
            {savedSets.length ? (
              <div className="posting-saved-sets">
                <div className="posting-saved-sets-row">
                  <SelectField
                    id="posting-saved-set"
                    name="question_set"
                    label="Use a saved set"
                    value={chosenSet}
                    onChange={(event) => setChosenSet(event.target.value)}
                    options={savedSets.map((set) => ({ value: set.id, label: `${set.name} (${countOf(set.questions.length, 'question', 'questions')})` }))}
                  />
                  <Button
                    type={enhanced ? 'button' : 'submit'}
                    name={enhanced ? undefined : 'intent'}
                    value={enhanced ? undefined : 'use_set'}
                    variant="secondary"
                    onClick={
                      enhanced
                        ? () => {
                            const set = savedSets.find((item) => item.id === chosenSet);
                            if (!set) return;
                            questions.replace(set.questions);
                            setSetNotice(`The questions of “${set.name}” were filled in.`);
                          }
                        : undefined
                    }
                  >
                    Fill in these questions
                  </Button>
                </div>
                <p className="field-hint" role="status">
                  {setNotice || (
                    <>
                      Sets are made at <a href={EMPLOYER_JOBS_PATHS.questionSets}>Screening question sets</a>.
                    </>
                  )}
                </p>
              </div>
            ) : (
              <p className="field-hint">
                Ask the same questions often? <a href={EMPLOYER_JOBS_PATHS.questionSets}>Save them as a set</a>.
              </p>
            )}
            <QuestionBlocks blocks={questions.blocks} enhanced={enhanced} errorFor={errorFor} onAdd={questions.add} onRemove={questions.remove} />
          </>,
        )}

        <div className="posting-actions">
          {enhanced && flow.step > 0 ? (
            <Button variant="secondary" onClick={() => dispatch({ type: 'back' })}>
              Back
            </Button>
          ) : null}
          {enhanced && flow.step < LAST_STEP ? (
            <Button aria-disabled={flow.checking || undefined} onClick={() => dispatch({ type: 'next' })}>
              Next
            </Button>
          ) : null}
          {onLastStep ? (
            <Button type="submit" name="intent" value="publish">
              {live ? 'Save changes' : 'Publish job'}
            </Button>
          ) : null}
          {live ? null : (
            <>
              <Button type="submit" name="intent" value="draft" variant="secondary">
                Save draft
              </Button>
              {onLastStep ? (
                <Button type="submit" name="intent" value="preview" variant="secondary">
                  Preview
                </Button>
              ) : null}
            </>
          )}
          {props.previewHref ? <a href={props.previewHref}>See the saved version as job seekers will</a> : null}
        </div>

        {onLastStep && !live ? (
          <fieldset className="posting-section posting-schedule">
            <legend>Publish later (optional)</legend>
            {props.scheduledFor ? <p>{props.scheduledFor}.</p> : null}
            <div className="posting-row">
              <div className="posting-field">
                <label htmlFor="job-publish-at">Publish on</label>
                <input
                  id="job-publish-at"
                  name="publish_at"
                  type="datetime-local"
                  defaultValue={props.schedule?.publishAt ?? ''}
                  aria-invalid={errorFor('publish_at') ? true : undefined}
                  aria-describedby={['job-publish-at-hint', errorFor('publish_at') ? 'job-publish-at-error' : null].filter(Boolean).join(' ')}
                />
                <p className="field-hint" id="job-publish-at-hint">
                  The job stays a draft until then, then goes live on its own.
                </p>
                {errorFor('publish_at') ? (
                  <p className="field-error" id="job-publish-at-error">
                    {errorFor('publish_at')}
                  </p>
                ) : null}
              </div>
              <SelectField
                id="job-time-zone"
                name="time_zone"
                label="Time zone"
                value={timeZone}
                onChange={(event) => setChosenZone(event.target.value)}
                options={zones.map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }))}
                error={errorFor('time_zone')}
              />
            </div>
            <div className="posting-actions">
              <Button type="submit" name="intent" value="schedule" variant="secondary">
                Schedule
              </Button>
              {props.scheduledFor ? (
                <Button type="submit" name="intent" value="unschedule" variant="secondary">
                  Don’t publish at that time
                </Button>
              ) : null}
            </div>
          </fieldset>
        ) : null}
      </form>

      {props.deleteHref ? (
        <details className="posting-delete">
          <summary>Delete this draft</summary>
          <form method="post" action={props.deleteHref}>
            <p>The draft is deleted for good. This cannot be undone.</p>
            <Button type="submit" variant="danger">
              Yes, delete the draft
            </Button>
          </form>
        </details>
      ) : null}
    </section>
  );
}
