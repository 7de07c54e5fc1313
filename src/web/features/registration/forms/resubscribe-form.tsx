import { buttonClass } from '../../../ui/button-class';
import { FORM_COPY } from '../copy';
import { Heading, type HeadingLevel } from './form-parts';

export interface ResubscribeFormProps {
  headingId: string;
  headingLevel: HeadingLevel;
  busy: boolean;
  onResubscribe(): void;
  onSkip(): void;
}

export function ResubscribeForm(props: ResubscribeFormProps) {
  return (
    <div className="reg-form">
      <Heading id={props.headingId} level={props.headingLevel}>
        {FORM_COPY.resubscribeTitle}
      </Heading>
      <p className="reg-form__subcopy">{FORM_COPY.resubscribeText}</p>
      <button type="button" className={buttonClass('primary')} disabled={props.busy} onClick={props.onResubscribe}>
        {FORM_COPY.resubscribe}
      </button>
      <button type="button" className={buttonClass('secondary')} onClick={props.onSkip}>
        {FORM_COPY.noThanks}
      </button>
    </div>
  );
}
