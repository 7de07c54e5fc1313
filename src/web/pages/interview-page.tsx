import { MESSAGES_PATHS } from '../../shared/messages/constants';
import type { InterviewPageProps } from '../../shared/interviews/interviews';
import { InterviewCard } from '../features/interviews/interview-card';
import '../features/companies/employers.css';
import '../features/interviews/interviews.css';

/** One interview, for both sides: the candidate picks a time or asks for others; the team moves or cancels it. */
export default function InterviewPage({ props }: { props: InterviewPageProps }) {
  return (
    <section className="interview-page" aria-labelledby="interview-page-heading">
      <p className="posting-breadcrumb">
        {props.conversationHref ? <a href={props.conversationHref}>Back to the conversation</a> : <a href={MESSAGES_PATHS.list}>All messages</a>}
        {props.applicationHref ? (
          <>
            {' · '}
            <a href={props.applicationHref}>View application</a>
          </>
        ) : null}
      </p>
      <h1 id="interview-page-heading">Interview with {props.interview.withName}</h1>
      {props.notice ? (
        <p className="interview-notice" role="status">
          {props.notice}
        </p>
      ) : null}
      <InterviewCard interview={props.interview} timeZone={props.timeZone} errors={props.errors} draft={props.draft} />
    </section>
  );
}
