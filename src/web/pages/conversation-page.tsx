import { MESSAGES_PATHS, MESSAGE_MAX, type ConversationPageProps, type MessageView } from '../../shared/messages/constants';
import { ConversationInterviews } from '../features/interviews/conversation-interviews';
import '../features/companies/employers.css';
import { useLiveMessages } from '../features/messages/live-messages';
import { Button } from '../ui/button';
import '../features/messages/messages.css';
import '../features/seeker/seeker.css';

function MessageItem({ message, reportAction }: { message: MessageView; reportAction: string | null }) {
  return (
    <li className={`message${message.mine ? ' is-mine' : ''}`}>
      <p className="message-meta">
        <strong>{message.author}</strong> · {message.at}
      </p>
      <p className="message-body">
        {message.parts.map((part, index) =>
          'href' in part ? (
            <a key={index} href={part.href} rel="nofollow ugc noopener" target="_blank">
              {part.text}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : (
            <span key={index}>{part.text}</span>
          ),
        )}
      </p>
      {message.attachment ? (
        <p className="message-attachment">
          <a href={message.attachment.href}>
            {message.attachment.name}
            <span className="visually-hidden"> (attachment)</span>
          </a>{' '}
          <span className="message-attachment__size">{message.attachment.size}</span>
        </p>
      ) : null}
      {message.seen !== null ? <p className="message-seen">{message.seen ? 'Seen' : 'Sent'}</p> : null}
      {reportAction && !message.mine ? (
        <details className="message-report">
          <summary>
            Report<span className="visually-hidden"> this message</span>
          </summary>
          <form method="post" action={reportAction} className="message-form">
            <input type="hidden" name="message_id" value={message.id} />
            <label htmlFor={`reason-${message.id}`}>What is wrong with it?</label>
            <textarea id={`reason-${message.id}`} name="reason" required maxLength={1000} />
            <div>
              <Button type="submit" variant="secondary">
                Report message
              </Button>
            </div>
          </form>
        </details>
      ) : null}
    </li>
  );
}

/** One conversation: its messages, oldest first, and the reply form (a plain form post). */
export default function ConversationPage({ props }: { props: ConversationPageProps }) {
  const messages = useLiveMessages(props.id, props.messages);
  return (
    <section className="messages-page" aria-labelledby="conversation-heading">
      <p className="posting-breadcrumb">
        <a href={MESSAGES_PATHS.list}>All messages</a>
      </p>
      <div className="conversation-head">
        <h1 id="conversation-heading">{props.title}</h1>
        <p>
          {props.jobTitle}
          {props.applicationHref ? (
            <>
              {' · '}
              <a href={props.applicationHref}>View application</a>
            </>
          ) : null}
        </p>
      </div>
      {props.notice ? (
        <p className="messages-notice" role="status">
          {props.notice}
        </p>
      ) : null}
      <ConversationInterviews conversationId={props.id} />
      {messages.length ? (
        <ol className="message-list" aria-label="Messages" aria-live="polite" aria-relevant="additions">
          {messages.map((message) => (
            <MessageItem key={message.id} message={message} reportAction={props.reportAction} />
          ))}
        </ol>
      ) : (
        <p>Write the first message. The candidate gets it on Jobwise and by email.</p>
      )}
      {props.closedReason ? (
        <p className="messages-notice is-error" role="status">
          {props.closedReason}
        </p>
      ) : (
        <form method="post" action={props.sendAction} className="message-form" encType="multipart/form-data">
          {props.hiddenFields.map((field) => (
            <input key={field.name} type="hidden" name={field.name} value={field.value} />
          ))}
          <label htmlFor="message-body">Your message</label>
          {props.error ? (
            <p className="field-error" id="message-error" role="alert">
              {props.error}
            </p>
          ) : null}
          <textarea
            id="message-body"
            name="body"
            maxLength={MESSAGE_MAX}
            defaultValue={props.draft}
            aria-invalid={props.error ? true : undefined}
            aria-describedby={props.error ? 'message-error' : undefined}
          />
          <label htmlFor="message-attachment">Attach a file (optional)</label>
          <p className="field-hint" id="message-attachment-hint">
            PDF, Word (.docx), PNG or JPEG, up to 5 MB.
          </p>
          <input id="message-attachment" name="attachment" type="file" accept=".pdf,.docx,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg" aria-describedby="message-attachment-hint" />
          <div>
            <Button type="submit">
              Send
            </Button>
          </div>
        </form>
      )}
      {props.block ? (
        <div className="conversation-actions">
          <p>{props.block.blocked ? 'You blocked this company.' : 'Don’t want messages from this company?'}</p>
          <form method="post" action={props.block.action} className="inline-form">
            <Button type="submit" variant="secondary">
              {props.block.blocked ? 'Unblock company' : 'Block company'}
            </Button>
          </form>
        </div>
      ) : null}
    </section>
  );
}
