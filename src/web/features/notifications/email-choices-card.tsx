import type { EmailChoicesProps } from '../../../shared/notifications/notifications';
import { Button } from '../../ui/button';
import { CheckboxField } from '../../ui/choice-inputs';
import './notifications.css';

/**
 * The emails a person can turn off, one checkbox each (decision 0228). What is unchecked is the same
 * per-kind unsubscribe an email's own link makes (decision 0155); notifications on the site still come.
 */
export function EmailChoicesCard({ choices, className }: { choices: EmailChoicesProps; className: string }) {
  return (
    <section className={`${className} email-choices`} id="email-choices" aria-labelledby="email-choices-heading">
      <h2 id="email-choices-heading">Emails</h2>
      {choices.saved ? (
        <p className="mail-choice__hint" role="status">
          Your email choices are saved.
        </p>
      ) : null}
      <form method="post" action={choices.action}>
        <input type="hidden" name="choices" value="1" />
        <fieldset className="mail-choices">
          <legend>Email me when</legend>
          {choices.choices.map((choice) => (
            <CheckboxField className="mail-choice" key={choice.kind} name={choice.kind} value="on" defaultChecked={choice.on} label={choice.label} />
          ))}
        </fieldset>
        <p className="field-hint">You still see everything in your notifications on Jobwise.</p>
        <div>
          <Button type="submit">
            Save email choices
          </Button>
        </div>
      </form>
    </section>
  );
}
