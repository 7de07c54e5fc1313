import type { QuestionSetsPageProps } from '../../shared/employer-jobs/page-props';
import { EMPTY_QUESTION, QuestionBlocks, useQuestionBlocks } from '../features/employer-jobs/question-blocks';
import { useHydrated } from '../shell/use-hydrated';
import { ListChecks } from 'lucide';
import { Button, LinkButton } from '../ui/button';
import { Card } from '../ui/card';
import { EmptyState } from '../ui/empty-state';
import '../features/employer-jobs/employer-jobs.css';

/**
 * /quiz/create (spec 2.1): the company's saved screening-question sets (decision 0293). Plain forms:
 * creating, editing and deleting work without script; with it, questions are added one at a time.
 */
export default function QuestionSetsPage({ props }: { props: QuestionSetsPageProps }) {
  const enhanced = useHydrated();
  // A new set opens with one question to write: a set exists for its questions.
  const questions = useQuestionBlocks(props.editing.questions.length ? props.editing.questions : [EMPTY_QUESTION]);
  const errorFor = (name: string) => props.errors.find((error) => error.field === name)?.message ?? null;
  const nameError = errorFor('name');
  const editing = props.editing.id !== null;

  return (
    <section className="posting-page question-sets-page" aria-labelledby="question-sets-heading">
      <p className="posting-breadcrumb">
        <a href={props.postJobHref}>Post a job</a>
      </p>
      <h1 id="question-sets-heading">Screening question sets</h1>
      <p>Save the questions you ask often. In the Screening step of a job, “Use a saved set” fills them in.</p>
      {props.notice ? (
        <p className="posting-notice" role="status">
          {props.notice}
        </p>
      ) : null}

      <h2>Your sets</h2>
      {props.sets.length === 0 ? (
        <EmptyState icon={ListChecks} title="No saved sets yet." headingLevel={3}>
          <p>Save the questions you ask again and again, then use them in any job’s Screening step.</p>
        </EmptyState>
      ) : (
        <ul className="question-sets-list">
          {props.sets.map((set) => (
            <Card as="li" key={set.id} className="question-set">
              <h3>{set.name}</h3>
              <ol>
                {set.questions.map((question, index) => (
                  <li key={index}>
                    {question.text}
                    {question.deal_breaker ? ` (deal-breaker: ${question.expected === 'no' ? 'No' : 'Yes'})` : ''}
                  </li>
                ))}
              </ol>
              <div className="posting-actions">
                <LinkButton href={set.editHref} variant="secondary" aria-label={`Edit ${set.name}`}>
                  Edit
                </LinkButton>
                <details className="posting-delete">
                  <summary aria-label={`Delete ${set.name}`}>Delete</summary>
                  <form method="post" action={set.deleteHref}>
                    <p>Delete “{set.name}”? Jobs that already ask these questions keep them.</p>
                    <Button type="submit" variant="danger">
                      Yes, delete {set.name}
                    </Button>
                  </form>
                </details>
              </div>
            </Card>
          ))}
        </ul>
      )}

      <h2 id="question-set-form-heading">{editing ? `Edit “${props.editing.name}”` : 'New set'}</h2>
      {props.errors.length ? (
        <div className="posting-notice is-error" role="alert">
          <ul>
            {props.errors.map((error) => (
              <li key={error.field + error.message}>{error.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <form method="post" action={props.action} className="posting-form" aria-labelledby="question-set-form-heading" noValidate>
        <div className="posting-field">
          <label htmlFor="question-set-name">Name of the set</label>
          <input
            id="question-set-name"
            name="name"
            type="text"
            maxLength={100}
            defaultValue={props.editing.name}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? 'question-set-name-error' : 'question-set-name-hint'}
          />
          <p className="field-hint" id="question-set-name-hint">
            For example: Warehouse basics.
          </p>
          {nameError ? (
            <p className="field-error" id="question-set-name-error">
              {nameError}
            </p>
          ) : null}
        </div>
        <QuestionBlocks blocks={questions.blocks} enhanced={enhanced} errorFor={errorFor} onAdd={questions.add} onRemove={questions.remove} />
        <div className="posting-actions">
          <Button type="submit">{editing ? 'Save changes' : 'Save set'}</Button>
          {editing ? <a href="/quiz/create">Cancel</a> : null}
        </div>
      </form>
    </section>
  );
}
