// The new messages of the conversations this instance holds streams of (decision 0230): told by
// MessageEvents that a conversation may have something new, one read per conversation and instance
// hands the same rows to every stream of it, however many people have it open.
import type { Db } from '../../db/database';
import type { MessagesSide, MessageView } from '../../../shared/messages/constants';
import { attachmentView, formatMoment, messageParts } from './message-text';
import { authorEmails } from './messages.repository';
import type { MessageEvents } from './message-events';
import type { MessageRow } from './messages.table';

/**
 * A message stored with a created_at this far before one already read is still found. Times come from
 * each instance's clock when its transaction starts, and a message committed later may carry an earlier
 * time than one committed before it.
 */
export const LATE_COMMIT_MS = 5_000;
const FETCH_LIMIT = 200;

export interface LiveMessage {
  row: MessageRow;
  /** The author's email when a team member wrote it (the team sees who wrote what). */
  authorEmail: string | null;
}

/** Who holds a stream: their side, account, and what they call the other side (the page's title). */
export interface Viewer {
  side: MessagesSide;
  accountId: string;
  title: string;
}

/** A message as this viewer's conversation page shows it (the page's own rules for "You" and authors). */
export function liveMessageView(message: LiveMessage, viewer: Viewer): MessageView {
  const { row } = message;
  const author =
    row.author_account_id === viewer.accountId ? 'You' : row.author_side === 'seeker' || viewer.side === 'seeker' ? viewer.title : (message.authorEmail ?? 'A former team member');
  return { id: row.id, mine: row.author_side === viewer.side, author, parts: messageParts(row.body), at: formatMoment(row.created_at), seen: null, attachment: attachmentView(row) };
}

/** The conversation's messages with created_at at or after `since`, oldest first, with their authors' emails. */
export async function messagesSince(db: Db, conversationId: string, since: number): Promise<LiveMessage[]> {
  const rows = await db
    .selectFrom('messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .where('created_at', '>=', since)
    .orderBy('created_at')
    .orderBy('id')
    .limit(FETCH_LIMIT)
    .execute();
  const teamAuthors = [...new Set(rows.flatMap((row) => (row.author_side === 'employer' && row.author_account_id ? [row.author_account_id] : [])))];
  const emails = await authorEmails(db, teamAuthors);
  return rows.map((row) => ({ row: { ...row, created_at: Number(row.created_at) }, authorEmail: (row.author_account_id && emails.get(row.author_account_id)) || null }));
}

/** When the message with this id was stored in this conversation; null for an id not of it. */
export async function messageTime(db: Db, conversationId: string, messageId: string): Promise<number | null> {
  const row = await db.selectFrom('messages').select('created_at').where('id', '=', messageId).where('conversation_id', '=', conversationId).executeTakeFirst();
  return row ? Number(row.created_at) : null;
}

async function newestMessageTime(db: Db, conversationId: string): Promise<number> {
  const row = await db.selectFrom('messages').select((eb) => eb.fn.max('created_at').as('at')).where('conversation_id', '=', conversationId).executeTakeFirst();
  return Number(row?.at ?? 0);
}

export type FeedListener = (messages: LiveMessage[]) => void;

interface Feed {
  listeners: Set<FeedListener>;
  /** The newest created_at read; the next read starts LATE_COMMIT_MS before it. */
  newest: number;
  /** Ids read at or after newest - LATE_COMMIT_MS: those already handed out. */
  seen: Map<string, number>;
  primed: boolean;
  reading: Promise<void> | null;
  readAgain: boolean;
  unsubscribe: (() => void) | null;
}

export class MessageFeeds {
  private readonly feeds = new Map<string, Feed>();

  constructor(
    private readonly db: Db,
    private readonly events: MessageEvents,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Hands `listener` the conversation's messages stored from now on, until the answered function is called. */
  async follow(conversationId: string, listener: FeedListener): Promise<() => void> {
    let feed = this.feeds.get(conversationId);
    if (!feed) {
      const created: Feed = { listeners: new Set(), newest: 0, seen: new Map(), primed: false, reading: null, readAgain: false, unsubscribe: null };
      feed = created;
      this.feeds.set(conversationId, created);
      // What is there already is not news: read once to know it, then hear of changes.
      const primed = this.read(conversationId, created, true);
      created.unsubscribe = await this.events.subscribe(conversationId, () => this.wake(conversationId, created));
      await primed;
    } else {
      await feed.reading;
    }
    feed.listeners.add(listener);
    return () => {
      feed.listeners.delete(listener);
      if (feed.listeners.size === 0 && this.feeds.get(conversationId) === feed) {
        this.feeds.delete(conversationId);
        feed.unsubscribe?.();
      }
    };
  }

  /** How many conversations are followed here (tests). */
  get size(): number {
    return this.feeds.size;
  }

  private wake(conversationId: string, feed: Feed): void {
    if (feed.reading) {
      feed.readAgain = true;
      return;
    }
    // A feed whose first read failed has not learnt what is old yet: that read again, handing out nothing.
    void this.read(conversationId, feed, !feed.primed);
  }

  private read(conversationId: string, feed: Feed, priming: boolean): Promise<void> {
    feed.reading = (async () => {
      do {
        feed.readAgain = false;
        try {
          if (priming) feed.newest = await newestMessageTime(this.db, conversationId);
          const found = await messagesSince(this.db, conversationId, feed.newest - LATE_COMMIT_MS);
          const fresh = found.filter((message) => !feed.seen.has(message.row.id));
          for (const message of fresh) {
            feed.seen.set(message.row.id, message.row.created_at);
            feed.newest = Math.max(feed.newest, message.row.created_at);
          }
          for (const [id, at] of feed.seen) if (at < feed.newest - LATE_COMMIT_MS) feed.seen.delete(id);
          if (!priming && fresh.length) for (const listener of feed.listeners) listener(fresh);
          priming = false;
          feed.primed = true;
        } catch (error) {
          this.onError(error);
        }
      } while (feed.readAgain);
    })().finally(() => {
      feed.reading = null;
    });
    return feed.reading;
  }
}
