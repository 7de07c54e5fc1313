import { useEffect, useRef, useState } from 'react';
import { MAX_QUESTIONS, QUESTION_KINDS, QUESTION_KIND_LABELS, questionFieldName, questionLabel, type DraftQuestion } from '../../../shared/employer-jobs/fields';
import { Button } from '../../ui/button';
import { CheckboxField, SelectField } from '../../ui/choice-inputs';

export const EMPTY_QUESTION: DraftQuestion = { text: '', kind: 'yes_no', deal_breaker: false, expected: 'yes' };
const fieldId = (name: string) => `job-${name.replace(/_/g, '-')}`;
const KIND_OPTIONS = QUESTION_KINDS.map((kind) => ({ value: kind, label: QUESTION_KIND_LABELS[kind] }));
const EXPECTED_OPTIONS = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

export interface QuestionBlock {
  key: number;
  question: DraftQuestion;
}

/** The question blocks' state: each block keeps a key, so its inputs keep what was typed when one above is removed. */
export function useQuestionBlocks(initial: DraftQuestion[]) {
  const next = useRef(initial.length);
  const [blocks, setBlocks] = useState<QuestionBlock[]>(() => initial.map((question, key) => ({ key, question })));
  const newKey = () => {
    next.current += 1;
    return next.current;
  };
  return {
    blocks,
    add: () => setBlocks((current) => (current.length >= MAX_QUESTIONS ? current : [...current, { key: newKey(), question: EMPTY_QUESTION }])),
    remove: (key: number) => setBlocks((current) => current.filter((block) => block.key !== key)),
    replace: (questions: DraftQuestion[]) => setBlocks(questions.slice(0, MAX_QUESTIONS).map((question) => ({ key: newKey(), question }))),
  };
}

interface QuestionBlocksProps {
  blocks: QuestionBlock[];
  enhanced: boolean;
  errorFor: (field: string) => string | null;
  onAdd: () => void;
  onRemove: (key: number) => void;
}

/**
 * The screening questions, in the posting form's slots (q1_text ...). With script, blocks are added one
 * at a time and removed; without it, the filled ones show with one empty block, and the rest wait
 * behind "More questions" (decision 0291).
 */
export function QuestionBlocks({ blocks, enhanced, errorFor, onAdd, onRemove }: QuestionBlocksProps) {
  // "Add a question" moves focus to the new block's question; "Remove" to the button that adds one.
  const moveFocus = useRef<'new' | 'add' | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (moveFocus.current === 'new') document.getElementById(fieldId(questionFieldName(blocks.length - 1, 'text')))?.focus();
    else if (moveFocus.current === 'add') addRef.current?.focus();
    moveFocus.current = null;
  }, [blocks.length]);
  const spare = enhanced ? [] : Array.from({ length: MAX_QUESTIONS - blocks.length }, (_, index) => blocks.length + index);
  const block = (question: DraftQuestion, index: number, key: number | string, removable: boolean) => {
    const textName = questionFieldName(index, 'text');
    const errors = [textName, questionFieldName(index, 'kind'), questionFieldName(index, 'deal_breaker')].map(errorFor).filter((message): message is string => message !== null);
    return (
      <fieldset key={key} className="posting-question">
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
          <SelectField className="posting-question-kind" label="Answer" name={questionFieldName(index, 'kind')} defaultValue={question.kind} options={KIND_OPTIONS} />
          {/* "Deal-breaker, needs [Yes]" reads as one phrase: the select's own label is for screen readers. */}
          <div className="posting-question-deal-breaker">
            <CheckboxField label="Deal-breaker, needs" name={questionFieldName(index, 'deal_breaker')} defaultChecked={question.deal_breaker} />
            <SelectField label="The answer a deal-breaker needs" labelHidden name={questionFieldName(index, 'expected')} defaultValue={question.expected === 'no' ? 'no' : 'yes'} options={EXPECTED_OPTIONS} />
          </div>
          {removable ? (
            <Button
              variant="plain"
              onClick={() => {
                moveFocus.current = 'add';
                onRemove(key as number);
              }}
            >
              Remove {questionLabel(index).toLowerCase()}
            </Button>
          ) : null}
        </div>
        {errors.length ? (
          <p className="field-error" id={`${fieldId(textName)}-error`}>
            {errors.join(' ')}
          </p>
        ) : null}
      </fieldset>
    );
  };
  // Without script, an empty slot to fill: the first shows, the rest wait behind "More questions".
  const spareBlock = (index: number) => block(EMPTY_QUESTION, index, `spare-${index}`, false);
  return (
    <div className="posting-question-blocks">
      {blocks.map((item, index) => block(item.question, index, item.key, enhanced))}
      {spare.slice(0, 1).map(spareBlock)}
      {spare.length > 1 ? (
        <details className="posting-more-questions">
          <summary>More questions</summary>
          {spare.slice(1).map(spareBlock)}
        </details>
      ) : null}
      {enhanced && blocks.length < MAX_QUESTIONS ? (
        <Button
          ref={addRef}
          variant="secondary"
          onClick={() => {
            moveFocus.current = 'new';
            onAdd();
          }}
        >
          {blocks.length === 0 ? 'Add a question' : 'Add another question'}
        </Button>
      ) : null}
      {enhanced && blocks.length >= MAX_QUESTIONS ? <p className="field-hint">You have {MAX_QUESTIONS} questions, the most a job can ask.</p> : null}
    </div>
  );
}
