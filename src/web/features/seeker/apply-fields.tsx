import type { ApplyQuestion } from '../../../shared/seeker/apply-flow';
import { RadioGroup } from '../../ui/choice-inputs';

export const CONTACT_FIELDS = [
  { name: 'full_name', label: 'Full name', autoComplete: 'name', type: 'text' },
  { name: 'phone', label: 'Phone', hint: 'A US, Canadian or UK number, or any number in international format (+...).', autoComplete: 'tel', type: 'tel' },
  { name: 'location', label: 'City and state, or ZIP code', hint: 'We suggest jobs near it.', autoComplete: 'address-level2', type: 'text' },
] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number]['name'];

interface ContactFieldsProps {
  values: Record<ContactField, string>;
  errors: Partial<Record<ContactField, string>>;
  /** Controlled (the dialog) when given; the page's plain form otherwise. */
  onChange?: (name: ContactField, value: string) => void;
  idPrefix: string;
}

/** Name, phone and place: what an application needs of the profile, with the server's word on each. */
export function ContactFields({ values, errors, onChange, idPrefix }: ContactFieldsProps) {
  return (
    <>
      {CONTACT_FIELDS.map((field) => {
        const id = `${idPrefix}-${field.name}`;
        const error = errors[field.name];
        const describedBy = ['hint' in field ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
        const valueProps = onChange ? { value: values[field.name], onChange: (event: { target: { value: string } }) => onChange(field.name, event.target.value) } : { defaultValue: values[field.name] };
        return (
          <div key={field.name}>
            <label htmlFor={id}>{field.label}</label>
            <input id={id} name={field.name} type={field.type} autoComplete={field.autoComplete} required maxLength={100} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...valueProps} />
            {'hint' in field ? (
              <p className="field-hint" id={`${id}-hint`}>
                {field.hint}
              </p>
            ) : null}
            {error ? (
              <p className="field-error" id={`${id}-error`}>
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
    </>
  );
}

interface QuestionFieldsProps {
  questions: ApplyQuestion[];
  answers: Record<string, string>;
  onAnswer?: (name: string, value: string) => void;
  idPrefix: string;
}

/** A yes-or-no screening question's answers, as the form sends them (answer_N=yes|no). */
export const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/** The job's screening questions (answer_1 ...), as the one-click form names them. */
export function QuestionFields({ questions, answers, onAnswer, idPrefix }: QuestionFieldsProps) {
  return (
    <>
      {questions.map((question) =>
        question.kind === 'yes_no' ? (
          <RadioGroup
            key={question.name}
            className="apply-question"
            legend={question.text}
            name={question.name}
            required
            options={YES_NO}
            {...(onAnswer ? { value: answers[question.name] ?? '', onValueChange: (value: string) => onAnswer(question.name, value) } : { defaultValue: answers[question.name] })}
          />
        ) : (
          <div key={question.name} className="apply-question">
            <label htmlFor={`${idPrefix}-${question.name}`}>{question.text}</label>
            <input
              id={`${idPrefix}-${question.name}`}
              name={question.name}
              type="text"
              maxLength={500}
              required
              {...(onAnswer ? { value: answers[question.name] ?? '', onChange: (event: { target: { value: string } }) => onAnswer(question.name, event.target.value) } : { defaultValue: answers[question.name] ?? '' })}
            />
          </div>
        ),
      )}
    </>
  );
}
