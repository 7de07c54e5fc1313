import { MAIL_PATHS, type UserUnsubscribePageProps } from '../../shared/mail/kinds';
import { Button } from '../ui/button';
import '../features/companies/employers.css';

/** Reached from an email's unsubscribe link without logging in: one button stops that one kind of email. */
export default function UserUnsubscribePage({ props }: { props: UserUnsubscribePageProps }) {
  const what = props.kindLabel ?? 'these emails';
  const action = `${MAIL_PATHS.unsubscribe}/${props.token}`;
  return (
    <section className="employer-page employer-page--narrow" aria-labelledby="unsubscribe-heading">
      {props.state === 'invalid' ? (
        <>
          <h1 id="unsubscribe-heading">This link is not valid</h1>
          <p>This unsubscribe link is not valid. Copy the whole link from the email, or log in to choose which emails you get.</p>
        </>
      ) : props.state === 'done' ? (
        <>
          <h1 id="unsubscribe-heading">You&apos;re unsubscribed</h1>
          <p role="status">We won&apos;t send you {what} any more. Other Jobwise emails are not affected.</p>
          <form method="post" action={`${action}/undo`}>
            <Button type="submit" variant="secondary">
              Subscribe again
            </Button>
          </form>
        </>
      ) : props.state === 'undone' ? (
        <>
          <h1 id="unsubscribe-heading">You&apos;re subscribed again</h1>
          <p role="status">We&apos;ll send you {what} again.</p>
        </>
      ) : (
        <>
          <h1 id="unsubscribe-heading">Unsubscribe</h1>
          <p>Stop {what}? Other Jobwise emails are not affected.</p>
          <form method="post" action={action}>
            <Button type="submit">
              Unsubscribe
            </Button>
          </form>
        </>
      )}
    </section>
  );
}
