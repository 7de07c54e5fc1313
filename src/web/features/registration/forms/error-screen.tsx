import { buttonClass } from '../../../ui/button-class';
import { useId, useState, type FormEvent } from 'react';
import { lengthHelper } from '../../../ui/field-helpers';
import { Modal } from '../../../ui/modal';
import { CALL_FAILURE_MESSAGES } from '../../../../shared/registration/statuses';
import { FORM_COPY } from '../copy';
import { Heading, type HeadingLevel } from './form-parts';

export interface ErrorScreenProps {
  headingId: string;
  headingLevel: HeadingLevel;
  onTryAgain(): void;
  /** Resolves true when the report was stored. */
  onReport(description: string): Promise<boolean>;
}

/** Spec 2.6: the generic error screen, with the error-report dialog. */
export function ErrorScreen(props: ErrorScreenProps) {
  const [reporting, setReporting] = useState(false);
  return (
    <div className="reg-form">
      <Heading id={props.headingId} level={props.headingLevel}>
        {FORM_COPY.errorTitle}
      </Heading>
      <p className="reg-form__subcopy">{FORM_COPY.errorText}</p>
      <button type="button" className={buttonClass('primary')} onClick={props.onTryAgain}>
        {FORM_COPY.tryAgain}
      </button>
      <button type="button" className={buttonClass('secondary')} onClick={() => setReporting(true)}>
        {FORM_COPY.reportError}
      </button>
      <ErrorReportDialog open={reporting} onClose={() => setReporting(false)} onReport={props.onReport} />
    </div>
  );
}

/** The error-report service keeps descriptions of up to 4,000 characters (ErrorReportRequestSchema). */
const REPORT_MAX_LENGTH = 4000;

export function ErrorReportDialog({ open, onClose, onReport }: { open: boolean; onClose(): void; onReport(description: string): Promise<boolean> }) {
  const [description, setDescription] = useState('');
  const [state, setState] = useState<'editing' | 'sending' | 'sent' | 'failed'>('editing');
  const [error, setError] = useState<string | null>(null);
  const ids = { title: useId(), field: useId(), error: useId(), helper: useId() };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!description.trim()) {
      setError(FORM_COPY.reportRequired);
      return;
    }
    setState('sending');
    setState((await onReport(description.trim())) ? 'sent' : 'failed');
  };
  return (
    <Modal open={open} onClose={onClose} labelledBy={ids.title} size="dialog">
      <form className="reg-form" onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={ids.title} className="reg-form__title">
          {FORM_COPY.reportError}
        </h2>
        {state === 'sent' ? (
          <p role="status">{FORM_COPY.reportSent}</p>
        ) : (
          <>
            <div className="reg-field">
              <label htmlFor={ids.field}>{FORM_COPY.reportPrompt}</label>
              <textarea
                id={ids.field}
                rows={5}
                maxLength={REPORT_MAX_LENGTH}
                value={description}
                onChange={(event) => {
                  setDescription(event.target.value);
                  setError(null);
                }}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${ids.error} ${ids.helper}` : ids.helper}
              />
              <p id={ids.helper} className="reg-field__helper">
                {lengthHelper(description.length, { max: REPORT_MAX_LENGTH })}
              </p>
              {error || state === 'failed' ? (
                <p id={ids.error} className="reg-field__error" role="alert">
                  {error ?? CALL_FAILURE_MESSAGES.generic}
                </p>
              ) : null}
            </div>
            <button type="submit" className={buttonClass('primary')} disabled={state === 'sending'}>
              {FORM_COPY.submitReport}
            </button>
          </>
        )}
      </form>
    </Modal>
  );
}
