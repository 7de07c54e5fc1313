// An open conversation shows new messages without a reload (issue 42, decision 0230): GET
// /messages/:id/events is a Server-Sent Events stream of the conversation's new messages, as the
// page shows them, for whoever may open the conversation (another company or seeker: 404, a visitor:
// sign in). POST /messages/:id/read is the page's read mark when one arrives while it is open.
import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MESSAGE_EVENTS_RETRY_MS } from '../../../shared/messages/live';
import { findCompanyById, findMembership } from '../companies/company.service';
import { markSubjectRead } from '../notifications/notifications.service';
import { sendNotFound, signedInUser } from '../sessions/route-guard';
import { LATE_COMMIT_MS, MessageFeeds, liveMessageView, messageTime, messagesSince, type LiveMessage, type Viewer } from './message-feed';
import { candidateLabel, conversationSubjectKey, findConversation, markRead, type Party } from './messages.repository';
import type { ConversationRow } from './messages.table';
import { RowIdSchema } from '../../shared/form-fields';
import { noBody, pathSegment, type RoutesApp } from '../../shared/route-contracts';

/** A comment line this often keeps proxies (haproxy's 30 s timeouts) from taking the stream for idle. */
export const HEARTBEAT_MS = 15_000;
/** A client that has not taken this much of its stream is dropped; it comes back with Last-Event-ID. */
const MAX_UNSENT_BYTES = 1 << 20;
/** Ids a stream remembers having sent, so a message read twice (catch-up and live) goes once. */
const REMEMBERED_IDS = 500;

const IdSchema = RowIdSchema;
const ParamsSchema = z.object({ id: IdSchema });
/** Any id in the path is looked up; one we could not have made is not found (404). */
const PathParamsSchema = z.object({ id: pathSegment });
const AfterQuerySchema = z.object({ after: IdSchema.optional().catch(undefined) }).catch({ after: undefined });

export default async function messageStreamRoutes(app: RoutesApp) {
  const feeds = new MessageFeeds(app.db, app.messageEvents, (error) => app.log.warn({ err: error }, 'message stream: reading new messages failed'));
  const open = new Set<ServerResponse>();
  app.metrics.registerGauge({ name: 'jobwise_message_streams_open', help: 'Live conversation streams (Server-Sent Events) open on this instance.', read: () => open.size });

  // Shutting down: every stream ends, so close() is not held; browsers reconnect to another instance.
  app.addHook('preClose', async () => {
    for (const response of open) response.end();
  });

  function partyOf(request: FastifyRequest): Party {
    const user = signedInUser(request);
    return request.employer ? { side: 'employer', accountId: user.id, companyId: request.employer.companyId } : { side: 'seeker', accountId: user.id };
  }

  async function ownConversation(request: FastifyRequest, reply: FastifyReply): Promise<ConversationRow | null> {
    const params = ParamsSchema.safeParse(request.params);
    const found = params.success ? await findConversation(app.db, partyOf(request), params.data.id) : undefined;
    if (found) return found;
    await sendNotFound(request, reply);
    return null;
  }

  /** What the viewer calls the other side, as the conversation page's heading does. */
  async function viewerOf(party: Party, conversation: ConversationRow): Promise<Viewer> {
    if (party.side === 'seeker') return { side: 'seeker', accountId: party.accountId, title: (await findCompanyById(app.db, conversation.company_id))?.name ?? 'Employer' };
    return { side: 'employer', accountId: party.accountId, title: await candidateLabel(app.db, conversation) };
  }

  /** A team member removed from the company, or of a company just closed (decision 0289), loses the conversation at once: their stream ends at the next heartbeat. */
  async function stillAllowed(party: Party): Promise<boolean> {
    if (party.side === 'seeker') return true;
    const membership = await findMembership(app.db, party.accountId);
    return membership?.companyId === party.companyId && !membership.closed;
  }

  app.get('/messages/:id/events', { config: { requireRole: 'person' }, schema: { params: PathParamsSchema, querystring: AfterQuerySchema } }, async (request, reply) => {
    const conversation = await ownConversation(request, reply);
    if (!conversation) return reply;
    const party = partyOf(request);
    const viewer = await viewerOf(party, conversation);
    const lastEventId = request.headers['last-event-id'];
    const after = IdSchema.safeParse(lastEventId).data ?? request.query.after;

    const response = reply.raw;
    const sent = new Set<string>();
    let caughtUp = false;
    const waiting: LiveMessage[] = [];
    const send = (messages: LiveMessage[]) => {
      if (response.writableEnded) return;
      let chunk = '';
      for (const message of messages) {
        if (sent.has(message.row.id)) continue;
        sent.add(message.row.id);
        if (sent.size > REMEMBERED_IDS) sent.delete(sent.values().next().value!);
        chunk += `id: ${message.row.id}\ndata: ${JSON.stringify(liveMessageView(message, viewer))}\n\n`;
      }
      if (!chunk) return;
      response.write(chunk);
      if (response.writableLength > MAX_UNSENT_BYTES) response.destroy();
    };

    // Past Fastify from here: the answer is written as it happens, never compressed or buffered.
    reply.hijack();
    let stop: (() => void) | null = null;
    const heartbeat = setInterval(() => {
      void stillAllowed(party).then(
        (allowed) => (allowed ? response.write(': heartbeat\n\n') : response.end()),
        () => response.write(': heartbeat\n\n'),
      );
    }, HEARTBEAT_MS);
    heartbeat.unref();
    open.add(response);
    const socket = request.raw.socket;
    response.on('close', () => {
      // A client that went away may leave its half of the connection open: a stream's connection is
      // never reused, so it goes with the stream, and close() waits for no idle socket.
      socket.destroy();
      open.delete(response);
      clearInterval(heartbeat);
      stop?.();
    });
    const following = await feeds.follow(conversation.id, (messages) => (caughtUp ? send(messages) : waiting.push(...messages)));
    // Gone while the feed was set up: nothing to follow for.
    if (response.destroyed || response.writableEnded) return following();
    stop = following;
    response.writeHead(200, {
      ...headersSetSoFar(reply),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'private, no-store',
      'x-accel-buffering': 'no',
      connection: 'close',
    });
    response.write(`retry: ${MESSAGE_EVENTS_RETRY_MS}\n\n`);
    // Messages the page missed (stored while it reconnected, or since it was rendered), then the live ones.
    const since = after ? await messageTime(app.db, conversation.id, after).catch(() => null) : null;
    if (since !== null) {
      sent.add(after!);
      const missed = await messagesSince(app.db, conversation.id, since - LATE_COMMIT_MS).catch((error: unknown) => {
        app.log.warn({ err: error }, 'message stream: catching up failed');
        return [];
      });
      send(missed);
    }
    caughtUp = true;
    send(waiting);
  });

  app.post('/messages/:id/read', { config: { requireRole: 'person', requireXhr: true }, schema: { params: PathParamsSchema, body: noBody } }, async (request, reply) => {
    const conversation = await ownConversation(request, reply);
    if (!conversation) return reply;
    // What opening the conversation marks read: the conversation and its notification.
    await markRead(app.db, conversation.id, signedInUser(request).id, app.now());
    await markSubjectRead(app.db, signedInUser(request).id, conversationSubjectKey(conversation.id), app.now());
    return reply.status(204).header('cache-control', 'private, no-store').send();
  });
}

/** Headers the hooks before the handler set (security headers, cookies), which a hijacked reply must write itself. */
function headersSetSoFar(reply: FastifyReply): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined || name === 'content-length') continue;
    headers[name] = Array.isArray(value) ? value : String(value);
  }
  return headers;
}
