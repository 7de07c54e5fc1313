import { SEEKER_PATHS } from '../../shared/seeker/constants';
import type { UnsubscribePageProps } from '../../shared/seeker/page-props';
import { Button } from '../ui/button';
import '../features/seeker/seeker.css';

/** Reached from a digest's link without logging in: one button unsubscribes. */
export default function CandidateUnsubscribePage({ props }: { props: UnsubscribePageProps }) {
  return (
    <section className="seeker-page" aria-labelledby="unsubscribe-heading">
      <h1 id="unsubscribe-heading">{props.state === 'done' ? "You're unsubscribed" : 'Unsubscribe from job alerts'}</h1>
      {props.state === 'invalid' ? (
        <p>This unsubscribe link is not valid. You can manage your alerts after logging in at <a href={SEEKER_PATHS.alerts}>Job alerts</a>.</p>
      ) : props.state === 'done' ? (
        <p role="status">We won&apos;t send you job alert emails any more. You can resubscribe the next time you log in.</p>
      ) : (
        <>
          <p>{props.alertLabel ? <>Stop job alert emails, including &ldquo;{props.alertLabel}&rdquo;?</> : <>Stop job alert emails?</>}</p>
          <form method="post" action={`${SEEKER_PATHS.unsubscribe}/${props.token}`}>
            <Button type="submit">
              Unsubscribe
            </Button>
          </form>
        </>
      )}
    </section>
  );
}
