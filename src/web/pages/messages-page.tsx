import { MESSAGES_PATHS, MESSAGE_TEXTS, type MessagesListProps } from '../../shared/messages/constants';
import { SeekerNav } from '../features/seeker/seeker-nav';
import '../features/companies/employers.css';
import '../features/messages/messages.css';
import '../features/seeker/seeker.css';
import { countOf } from '../../shared/plural';
import { Button } from '../ui/button';

/** Both sides' conversations, newest first, unread ones marked; searchable by name or job. */
export default function MessagesPage({ props }: { props: MessagesListProps }) {
  const empty = props.q ? `No conversations match “${props.q}”.` : props.side === 'employer' ? MESSAGE_TEXTS.noConversationsEmployer : MESSAGE_TEXTS.noConversationsSeeker;
  return (
    <section className="messages-page" aria-labelledby="messages-heading">
      <h1 id="messages-heading">Messages</h1>
      {props.side === 'seeker' ? <SeekerNav current={MESSAGES_PATHS.list} /> : null}
      <p>{props.unreadTotal ? countOf(props.unreadTotal, 'unread conversation', 'unread conversations') : 'You are all caught up.'}</p>
      <form method="get" action={MESSAGES_PATHS.list} className="messages-search" role="search">
        <div>
          <label htmlFor="messages-q">{props.side === 'employer' ? 'Search by candidate or job' : 'Search by company or job'}</label>
          <input id="messages-q" name="q" type="search" defaultValue={props.q} maxLength={100} />
        </div>
        <Button type="submit">
          Search
        </Button>
      </form>
      {props.conversations.length ? (
        <ul className="conversation-list">
          {props.conversations.map((conversation) => (
            <li key={conversation.id} className={`conversation-item${conversation.unread ? ' is-unread' : ''}`}>
              <a href={conversation.href}>
                <span className="conversation-title">
                  {conversation.title}
                  {conversation.unread ? <span className="unread-badge">{conversation.unread}<span className="visually-hidden"> unread</span></span> : null}
                </span>
                <span className="conversation-when">{conversation.lastAt}</span>
                <span className="conversation-job">{conversation.jobTitle}</span>
                <span className="conversation-snippet">{conversation.lastMessage}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p>{empty}</p>
      )}
    </section>
  );
}
