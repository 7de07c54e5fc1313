// An open conversation shows new messages without a reload (issue 42, decision 0230): the stream at
// /messages/:id/events, on one instance and across two on one PostgreSQL database. SQLite by default;
// PostgreSQL with TEST_DATABASE_URL. The stream needs a real socket: each app listens on a free port.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { MessageView } from '../../src/shared/messages/constants';
import { messageEventsPath, messageReadPath } from '../../src/shared/messages/live';
import { apply, companyWithJob, seekerWithProfile } from '../support/applicant-mail-helpers';
import { openEventStream, type EventStream } from '../support/event-stream';
import type { CookieJar } from '../support/registration-helpers';
import { postForm } from '../support/seeker-helpers';
import { createTestApp, sameOriginHeaders, type TestApp } from '../support/test-app';
import { createSharedTestDatabase, testDialect, type SharedTestDatabase } from '../support/test-database';

const ENV = { RATE_LIMIT_ACTIONS_MAX: '100000', RATE_LIMIT_CLIENT_MAX: '100000' };
const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function listening(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

async function startApp(env: Record<string, string> = {}, options: Parameters<typeof createTestApp>[1] = {}): Promise<TestApp & { base: string }> {
  const t = await createTestApp({ ...ENV, ...env }, options);
  cleanups.push(() => t.close());
  return { ...t, base: await listening(t.app) };
}

async function stream(base: string, jar: CookieJar | null, path: string, headers: Record<string, string> = {}): Promise<EventStream> {
  const opened = await openEventStream(`${base}${path}`, { ...(jar ? { cookie: jar.header() } : {}), ...headers });
  cleanups.push(() => opened.close());
  return opened;
}

/** A company with a job, a candidate who applied, and the conversation the team started; its id and first message. */
async function conversation(app: FastifyInstance, prefix = '') {
  const acme = await companyWithJob(app, `${prefix}boss@acme.example`, { id: `${prefix}acme`, name: 'Acme Freight' });
  const sam = await seekerWithProfile(app, `${prefix}sam@example.com`, 'Sam Seeker');
  const applicationId = await apply(app, sam, acme.jobId);
  const started = await postForm(app, '/messages/new', { application_id: applicationId, body: 'Hi Sam, are you free on Tuesday?' }, { jar: acme.jar, xhr: false });
  expect(started.statusCode).toBe(303);
  const id = String(started.headers.location).replace('?notice=sent', '').replace('/messages/', '');
  const first = await app.db.selectFrom('messages').select('id').where('conversation_id', '=', id).executeTakeFirstOrThrow();
  return { acme, sam, id, firstId: first.id };
}

const send = async (app: FastifyInstance, jar: CookieJar, id: string, body: string) => {
  const sent = await postForm(app, `/messages/${id}`, { body }, { jar, xhr: false });
  expect(sent.statusCode).toBe(303);
};
const view = (event: { data: string }) => JSON.parse(event.data) as MessageView;

describe('the conversation stream, one instance', () => {
  it('shows each side a message within 2 s of its sending, as its page shows it', async () => {
    const t = await startApp();
    const { acme, sam, id, firstId } = await conversation(t.app);
    const samStream = await stream(t.base, sam.jar, messageEventsPath(id, firstId));
    expect(samStream.status).toBe(200);
    expect(samStream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(samStream.headers.get('cache-control')).toBe('private, no-store');
    const teamStream = await stream(t.base, acme.jar, messageEventsPath(id, firstId));
    // The operator sees the open streams (decision 0275).
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', headers: { host: '127.0.0.1' } });
    expect(metrics.body).toMatch(/^jobwise_message_streams_open 2$/m);

    t.clock.advance(60_000);
    const sentAt = Date.now();
    await send(t.app, acme.jar, id, 'Directions: https://acme.example/visit');
    const seen = await samStream.next(2000);
    expect(Date.now() - sentAt).toBeLessThan(2000);
    expect(view(seen)).toMatchObject({
      mine: false,
      author: 'Acme Freight',
      parts: [{ text: 'Directions: ' }, { text: 'https://acme.example/visit', href: 'https://acme.example/visit' }],
      seen: null,
    });
    expect(seen.id).toBe(view(seen).id);
    expect(view(await teamStream.next(2000))).toMatchObject({ id: view(seen).id, mine: true, author: 'You' });

    await send(t.app, sam.jar, id, 'Tuesday works.');
    expect(view(await teamStream.next(2000))).toMatchObject({ mine: false, author: 'Sam Seeker', parts: [{ text: 'Tuesday works.' }] });
    expect(view(await samStream.next(2000))).toMatchObject({ mine: true, author: 'You' });
    // Each message once.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([...samStream.drain(), ...teamStream.drain()]).toEqual([]);
  });

  it('answers another company and another seeker 404, and sends a visitor to sign in', async () => {
    const t = await startApp();
    const { id } = await conversation(t.app);
    const other = await companyWithJob(t.app, 'boss@other.example', { id: 'other', name: 'Other Co' }, 'Dock Hand');
    const otherSeeker = await seekerWithProfile(t.app, 'kim@example.com', 'Kim');
    for (const jar of [other.jar, otherSeeker.jar]) {
      const refused = await t.app.inject({ method: 'GET', url: messageEventsPath(id), headers: { cookie: jar.header(), accept: 'text/event-stream' } });
      expect(refused.statusCode).toBe(404);
      expect(refused.headers['content-type']).toContain('application/json');
      const read = await t.app.inject({ method: 'POST', url: messageReadPath(id), headers: { ...sameOriginHeaders, cookie: jar.header() } });
      expect(read.statusCode).toBe(404);
    }
    const visitor = await t.app.inject({ method: 'GET', url: messageEventsPath(id), headers: { accept: 'text/event-stream' } });
    expect(visitor.statusCode).toBe(303);
    expect(visitor.headers.location).toBe(`/authn/login?next=${encodeURIComponent(messageEventsPath(id))}`);
    const bad = await t.app.inject({ method: 'GET', url: messageEventsPath('no such id!'), headers: { cookie: other.jar.header() } });
    expect(bad.statusCode).toBe(404);
  });

  it('catches up from Last-Event-ID on messages stored while the stream was away', async () => {
    const t = await startApp();
    const { acme, sam, id, firstId } = await conversation(t.app);
    t.clock.advance(60_000);
    await send(t.app, acme.jar, id, 'One');
    t.clock.advance(60_000);
    await send(t.app, acme.jar, id, 'Two');
    const resumed = await stream(t.base, sam.jar, messageEventsPath(id), { 'last-event-id': firstId });
    expect([view(await resumed.next()), view(await resumed.next())].map((message) => message.parts[0]!.text)).toEqual(['One', 'Two']);
    // The query's `after` is the first connection's cursor (EventSource cannot set the header then).
    const one = await t.app.db.selectFrom('messages').select('id').where('body', '=', 'One').executeTakeFirstOrThrow();
    const fromQuery = await stream(t.base, sam.jar, messageEventsPath(id, one.id));
    expect(view(await fromQuery.next()).parts[0]!.text).toBe('Two');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([...resumed.drain(), ...fromQuery.drain()]).toEqual([]);
  });

  it('marks the conversation read by a same-origin call of the page, and by nothing else', async () => {
    const t = await startApp();
    const { sam, id } = await conversation(t.app);
    const unread = async () => (await t.app.inject({ method: 'GET', url: '/messages', headers: { ...sameOriginHeaders, cookie: sam.jar.header() } })).json().unreadTotal as number;
    expect(await unread()).toBe(1);
    const { 'x-requested-with': _xhr, ...withoutXhr } = sameOriginHeaders;
    expect((await t.app.inject({ method: 'POST', url: messageReadPath(id), headers: { ...withoutXhr, cookie: sam.jar.header() } })).statusCode).not.toBe(204);
    expect((await t.app.inject({ method: 'POST', url: messageReadPath(id), headers: { cookie: sam.jar.header(), 'x-requested-with': 'XMLHttpRequest', 'sec-fetch-site': 'cross-site' } })).statusCode).toBe(403);
    expect(await unread()).toBe(1);
    expect((await t.app.inject({ method: 'POST', url: messageReadPath(id), headers: { ...sameOriginHeaders, cookie: sam.jar.header() } })).statusCode).toBe(204);
    expect(await unread()).toBe(0);
  });

  it('ends its streams when the app closes, so close() is not held', async () => {
    const t = await createTestApp(ENV);
    const base = await listening(t.app);
    const { sam, id } = await conversation(t.app);
    const open = await openEventStream(`${base}${messageEventsPath(id)}`, { cookie: sam.jar.header() });
    expect(open.status).toBe(200);
    // A stream close() waited for would hold it until the hook's time limit; ended by close, it goes at once.
    const started = Date.now();
    const closing = t.close();
    await open.ended;
    expect(Date.now() - started).toBeLessThan(1000);
    await closing;
  });
});

describe.skipIf(testDialect() !== 'postgres')('the conversation stream, two instances on one PostgreSQL database', () => {
  let shared: SharedTestDatabase;
  it('shows a message sent through one instance on a stream held on the other within 2 s', async () => {
    shared = await createSharedTestDatabase();
    cleanups.push(() => shared.close());
    const a = await startApp({}, { database: shared.connect() });
    const b = await startApp({}, { database: shared.connect() });
    a.clock.time = b.clock.time = Date.now();
    const { acme, sam, id, firstId } = await conversation(a.app);
    const onB = await stream(b.base, sam.jar, messageEventsPath(id, firstId));
    const onA = await stream(a.base, sam.jar, messageEventsPath(id, firstId));
    const sentAt = Date.now();
    await send(a.app, acme.jar, id, 'Sent through A');
    expect(view(await onB.next(2000)).parts).toEqual([{ text: 'Sent through A' }]);
    expect(Date.now() - sentAt).toBeLessThan(2000);
    expect(view(await onA.next(2000)).parts).toEqual([{ text: 'Sent through A' }]);
    await send(b.app, sam.jar, id, 'Answered through B');
    const teamOnA = await stream(a.base, acme.jar, messageEventsPath(id, firstId));
    // Opened after both, from the first message: it catches up on them.
    expect([view(await teamOnA.next(2000)), view(await teamOnA.next(2000))].map((message) => [message.author, message.parts[0]!.text])).toEqual([
      ['You', 'Sent through A'],
      ['Sam Seeker', 'Answered through B'],
    ]);
  });
});
