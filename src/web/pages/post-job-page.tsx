import type { ReactNode } from 'react';
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
  QUESTION_KINDS,
  QUESTION_KIND_LABELS,
  questionFieldName,
  questionLabel,
} from '../../shared/employer-jobs/fields';
import { DASHBOARD_STATUS_LABELS, EMPLOYER_JOBS_PATHS, editJobPath, type PostJobPageProps } from '../../shared/employer-jobs/page-props';
import { EMPLOYMENT_TYPES, EMPLOYMENT_TYPE_LABELS, JOB_CATEGORIES, JOB_CATEGORY_LABELS, PAY_PERIODS } from '../../shared/jobs/enums';
import '../features/employer-jobs/employer-jobs.css';

const fieldId = (name: string) => `job-${name.replace(/_/g, '-')}`;

/**
 * The job posting form. A plain form post (it works without JavaScript): the server checks it and
 * answers with the same page, every field as typed and each problem beside its field.
 */
export default function PostJobPage({ props }: { props: PostJobPageProps }) {
  const { values } = props;
  const errorFor = (name: string) => props.errors.find((error) => error.field === name)?.message ?? null;
  const live = props.status === 'open' || props.status === 'closed' || props.status === 'expired';
  const action = props.jobId ? editJobPath(props.jobId) : EMPLOYER_JOBS_PATHS.postJob;

  const field = (name: keyof typeof FIELD_LABELS, control: (describedBy: string | undefined, invalid: boolean) => ReactNode, hint?: string, label: string = FIELD_LABELS[name]) => {
    const error = errorFor(name);
    const describedBy = [hint ? `${fieldId(name)}-hint` : null, error ? `${fieldId(name)}-error` : null].filter(Boolean).join(' ') || undefined;
    return (
      <div className="posting-field">
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
  const choice = (name: 'place_type' | 'apply_method', options: readonly string[], labels: Record<string, string>) => {
    const error = errorFor(name);
    return (
      <fieldset className="posting-choice" aria-describedby={error ? `${fieldId(name)}-error` : undefined}>
        <legend>{FIELD_LABELS[name]}</legend>
        {options.map((option) => (
          <label key={option}>
            <input type="radio" name={name} value={option} defaultChecked={values[name] === option} /> {labels[option]}
          </label>
        ))}
        {error ? (
          <p className="field-error" id={`${fieldId(name)}-error`}>
            {error}
          </p>
        ) : null}
      </fieldset>
    );
  };

  const questions = Array.from({ length: MAX_QUESTIONS }, (_, index) => values.questions[index] ?? { text: '', kind: 'yes_no', deal_breaker: false, expected: 'yes' });

  return (
    <section className="posting-page" aria-labelledby="post-job-heading">
      <p className="posting-breadcrumb">
        <a href={props.dashboardHref}>Your jobs</a>
      </p>
      <h1 id="post-job-heading">{props.jobId ? `Edit job${values.title ? `: ${values.title}` : ''}` : 'Post a job'}</h1>
      {props.status ? <p className="posting-status">Status: {DASHBOARD_STATUS_LABELS[props.status]}</p> : null}
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
      {props.errors.length ? (
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

      <form method="post" action={action} className="posting-form" noValidate>
        <fieldset className="posting-section">
          <legend>The job</legend>
          {field('title', (describedBy, invalid) => (
            <input id={fieldId('title')} name="title" type="text" defaultValue={values.title} maxLength={200} aria-invalid={invalid || undefined} aria-describedby={describedBy} />
          ), 'For example: Night Forklift Operator.')}
          {field('category', (describedBy, invalid) => (
            <select id={fieldId('category')} name="category" defaultValue={values.category} aria-invalid={invalid || undefined} aria-describedby={describedBy}>
              <option value="">Choose a category</option>
              {JOB_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {JOB_CATEGORY_LABELS[category]}
                </option>
              ))}
            </select>
          ))}
          {field('employment_type', (describedBy, invalid) => (
            <select id={fieldId('employment_type')} name="employment_type" defaultValue={values.employment_type} aria-invalid={invalid || undefined} aria-describedby={describedBy}>
              {EMPLOYMENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {EMPLOYMENT_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          ))}
          {field('description', (describedBy, invalid) => (
            <textarea id={fieldId('description')} name="description" rows={12} defaultValue={values.description} aria-invalid={invalid || undefined} aria-describedby={describedBy} />
          ), `Markdown: ## a heading, - a list item, **bold**, _italic_, [a link](https://...). At most ${DESCRIPTION_MAX.toLocaleString('en-US')} characters.`)}
        </fieldset>

        <fieldset className="posting-section">
          <legend>Where</legend>
          {choice('place_type', PLACE_TYPES, PLACE_TYPE_LABELS)}
          {field('location', (describedBy, invalid) => (
            <input id={fieldId('location')} name="location" type="text" defaultValue={values.location} maxLength={120} autoComplete="off" aria-invalid={invalid || undefined} aria-describedby={describedBy} />
          ), 'City and state (Austin, TX) or a ZIP code. Not needed for a remote job.')}
        </fieldset>

        <fieldset className="posting-section">
          <legend>Pay and benefits</legend>
          <div className="posting-row">
            {field('pay_min', (describedBy, invalid) => (
              <input id={fieldId('pay_min')} name="pay_min" type="text" inputMode="decimal" defaultValue={values.pay_min} aria-invalid={invalid || undefined} aria-describedby={describedBy} />
            ), 'One figure, or the lowest of a range.')}
            {field('pay_max', (describedBy, invalid) => (
              <input id={fieldId('pay_max')} name="pay_max" type="text" inputMode="decimal" defaultValue={values.pay_max} aria-invalid={invalid || undefined} aria-describedby={describedBy} />
            ), 'Optional: the highest of the range.', 'Pay up to (optional)')}
          </div>
          <div className="posting-row">
            {field('pay_period', (describedBy, invalid) => (
              <select id={fieldId('pay_period')} name="pay_period" defaultValue={values.pay_period} aria-invalid={invalid || undefined} aria-describedby={describedBy}>
                {PAY_PERIODS.map((period) => (
                  <option key={period} value={period}>
                    {PAY_PERIOD_LABELS[period]}
                  </option>
                ))}
              </select>
            ))}
            {field('pay_currency', (describedBy, invalid) => (
              <select id={fieldId('pay_currency')} name="pay_currency" defaultValue={values.pay_currency} aria-invalid={invalid || undefined} aria-describedby={describedBy}>
                {CURRENCIES.map((currency) => (
                  <option key={currency} value={currency}>
                    {currency}
                  </option>
                ))}
              </select>
            ))}
          </div>
          <fieldset className="posting-benefits" aria-describedby={errorFor('benefits') ? `${fieldId('benefits')}-error` : undefined}>
            <legend>{FIELD_LABELS.benefits}</legend>
            {BENEFIT_CHOICES.map((benefit) => (
              <label key={benefit}>
                <input type="checkbox" name="benefits" value={benefit} defaultChecked={values.benefits.includes(benefit)} /> {benefit}
              </label>
            ))}
            {errorFor('benefits') ? (
              <p className="field-error" id={`${fieldId('benefits')}-error`}>
                {errorFor('benefits')}
              </p>
            ) : null}
          </fieldset>
        </fieldset>

        <fieldset className="posting-section">
          <legend>Applications</legend>
          {choice('apply_method', APPLY_METHODS, APPLY_METHOD_LABELS)}
          {field('apply_url', (describedBy, invalid) => (
            <input id={fieldId('apply_url')} name="apply_url" type="url" defaultValue={values.apply_url} aria-invalid={invalid || undefined} aria-describedby={describedBy} />
          ), 'Only for applying on your website: https://...')}
          {field('apply_email', (describedBy, invalid) => (
            <input id={fieldId('apply_email')} name="apply_email" type="email" defaultValue={values.apply_email} aria-invalid={invalid || undefined} aria-describedby={describedBy} />
          ), 'Only for applying by email.')}
          <fieldset className="posting-questions">
            <legend>Screening questions (optional, up to {MAX_QUESTIONS})</legend>
            <p className="field-hint">Asked when someone applies on Jobwise. A yes or no question can be a deal-breaker: the application is marked when the answer is not the one you need.</p>
            {errorFor('questions') ? <p className="field-error">{errorFor('questions')}</p> : null}
            {questions.map((question, index) => {
              const textName = questionFieldName(index, 'text');
              const errors = [textName, questionFieldName(index, 'kind'), questionFieldName(index, 'deal_breaker')].map(errorFor).filter((message): message is string => message !== null);
              return (
                <fieldset key={textName} className="posting-question">
                  <legend>{questionLabel(index)}</legend>
                  <label htmlFor={fieldId(textName)}>Question</label>
                  <input
                    id={fieldId(textName)}
                    name={textName}
                    type="text"
                    defaultValue={question.text}
                    maxLength={300}
                    aria-invalid={errors.length ? true : undefined}
                    aria-describedby={errors.length ? `${fieldId(textName)}-error` : undefined}
                  />
                  <div className="posting-question-options">
                    <label>
                      Answer{' '}
                      <select name={questionFieldName(index, 'kind')} defaultValue={question.kind}>
                        {QUESTION_KINDS.map((kind) => (
                          <option key={kind} value={kind}>
                            {QUESTION_KIND_LABELS[kind]}
                          </option>
                        ))}
                      </select>
                    </label>
                    <label>
                      <input type="checkbox" name={questionFieldName(index, 'deal_breaker')} defaultChecked={question.deal_breaker} /> Deal-breaker, needs
                    </label>
                    <label>
                      <span className="visually-hidden">The answer a deal-breaker needs</span>
                      <select name={questionFieldName(index, 'expected')} defaultValue={question.expected === 'no' ? 'no' : 'yes'}>
                        <option value="yes">Yes</option>
                        <option value="no">No</option>
                      </select>
                    </label>
                  </div>
                  {errors.length ? (
                    <p className="field-error" id={`${fieldId(textName)}-error`}>
                      {errors.join(' ')}
                    </p>
                  ) : null}
                </fieldset>
              );
            })}
          </fieldset>
        </fieldset>

        <fieldset className="posting-section">
          <legend>Expiry</legend>
          {field('expires_in_days', (describedBy, invalid) => (
            <input id={fieldId('expires_in_days')} name="expires_in_days" type="number" min={1} max={EXPIRY_MAX_DAYS} defaultValue={values.expires_in_days} aria-invalid={invalid || undefined} aria-describedby={describedBy} />
          ), `30 days unless you choose otherwise; ${EXPIRY_MAX_DAYS} at most. You can renew it later.`)}
        </fieldset>

        <div className="posting-actions">
          <button type="submit" name="intent" value="publish" className="button button-primary">
            {live ? 'Save changes' : 'Publish job'}
          </button>
          {live ? null : (
            <>
              <button type="submit" name="intent" value="draft" className="button posting-secondary">
                Save draft
              </button>
              <button type="submit" name="intent" value="preview" className="button posting-secondary">
                Preview
              </button>
            </>
          )}
          {props.previewHref ? <a href={props.previewHref}>See the saved version as job seekers will</a> : null}
        </div>
      </form>
    </section>
  );
}
