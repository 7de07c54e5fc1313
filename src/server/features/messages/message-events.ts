// "A message was stored in this conversation", told to every instance that holds a stream of it open
// (issue 42, decision 0230). In process on SQLite (one instance); on PostgreSQL, LISTEN/NOTIFY on the
// database every instance already shares, so an instance that can store a message can tell the others.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type pg from 'pg';
import { postgresClientConfigOf } from '../../db/connection';
import type { Db } from '../../db/database';
import { postgresListener } from '../../db/postgres-listen';

/** Called when the conversation may have new messages; also after a lost PostgreSQL connection came back. */
export type ConversationListener = () => void;

export interface MessageEvents {
  /** A message was committed in this conversation: every instance's listeners of it hear. Never rejects. */
  publish(conversationId: string): Promise<void>;
  /** Listens to one conversation until the function it answers is called. Resolves once other instances' messages can be heard (or the attempt failed: a later reconnect tells every listener). */
  subscribe(conversationId: string, listener: ConversationListener): Promise<() => void>;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    messageEvents: MessageEvents;
  }
}

export const MESSAGE_EVENTS_CHANNEL = 'jobwise_messages';

/** Listeners by conversation, in this process. */
class LocalListeners {
  private readonly byConversation = new Map<string, Set<ConversationListener>>();

  add(conversationId: string, listener: ConversationListener): () => void {
    let listeners = this.byConversation.get(conversationId);
    if (!listeners) this.byConversation.set(conversationId, (listeners = new Set()));
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.byConversation.get(conversationId) === listeners) this.byConversation.delete(conversationId);
    };
  }

  tell(conversationId: string): void {
    for (const listener of this.byConversation.get(conversationId) ?? []) listener();
  }

  tellEveryone(): void {
    for (const listeners of this.byConversation.values()) for (const listener of listeners) listener();
  }
}

/** One instance: listeners in this process only (SQLite, where a second instance has no shared database). */
export function inProcessMessageEvents(): MessageEvents {
  const local = new LocalListeners();
  return {
    publish: async (conversationId) => local.tell(conversationId),
    subscribe: async (conversationId, listener) => local.add(conversationId, listener),
    close: async () => undefined,
  };
}

/**
 * PostgreSQL: NOTIFY through the pool, LISTEN on one connection of its own (postgresListener), opened
 * when the first stream subscribes. Listeners here are told at once; the notification reaches the other
 * instances (ours is skipped by the origin in its payload). After a lost LISTEN connection came back,
 * every listener is told, since notifications sent meanwhile are gone.
 */
export function postgresMessageEvents(db: Db, clientConfig: pg.ClientConfig, log: FastifyBaseLogger): MessageEvents {
  const origin = randomBytes(6).toString('base64url');
  const local = new LocalListeners();
  const listener = postgresListener({
    clientConfig,
    channel: MESSAGE_EVENTS_CHANNEL,
    log,
    label: 'message events',
    onNotification(payload) {
      const at = payload.indexOf(':');
      if (at > 0 && payload.slice(0, at) !== origin) local.tell(payload.slice(at + 1));
    },
    onReconnect: () => local.tellEveryone(),
  });

  return {
    async publish(conversationId) {
      local.tell(conversationId);
      try {
        await sql`select pg_notify(${MESSAGE_EVENTS_CHANNEL}, ${`${origin}:${conversationId}`})`.execute(db);
      } catch (error) {
        // The message is stored: the other instances' streams show it at their next reconnect or message.
        log.warn({ err: error }, 'message events: notify failed');
      }
    },
    async subscribe(conversationId, subscriber) {
      const remove = local.add(conversationId, subscriber);
      await listener.start();
      return remove;
    },
    close: () => listener.close(),
  };
}

/** `app.messageEvents`: PostgreSQL's when the database is PostgreSQL, else in process. */
export default fp(
  async function messageEventsPlugin(app: FastifyInstance) {
    const clientConfig = app.dialect === 'postgres' ? postgresClientConfigOf(app.db) : undefined;
    const events = clientConfig ? postgresMessageEvents(app.db, clientConfig, app.log) : inProcessMessageEvents();
    app.decorate('messageEvents', events);
    app.addHook('onClose', async () => events.close());
  },
  { name: 'message-events' },
);
