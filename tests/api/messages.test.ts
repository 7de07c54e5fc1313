// Conversations between a company's team and a job seeker (issue 42, decision 0229). SQLite by default;
// PostgreSQL with TEST_DATABASE_URL. Every route is tried with another company's and another seeker's
// session (404) and a visitor's (sign in).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NEW_CONVERSATIONS_PER_DAY, type ConversationPageProps, type MessageReportsPageProps, type MessagesListProps } from '../../src/shared/messages/constants';
import { signedInAdmin } from '../support/employer-jobs-helpers';
import { apply, companyWithJob, seekerWithProfile, teamMember } from '../support/applicant-mail-helpers';
import { pageData } from '../support/employer-helpers';
import { mailbox, type CookieJar } from '../support/registration-helpers';
import { docxBytes, getPage, pdfBytes, postForm, signIn, storedZip } from '../support/seeker-helpers';
import { pngBytes } from '../support/images';
import { sameOriginHeaders } from '../support/test-app';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ RATE_LIMIT_ACTIONS_MAX: '100000', RATE_LIMIT_CLIENT_MAX: '100000' });
});
afterEach(async () => t.close());

/** Our own pages' navigation (decision 0226): reading marks a conversation read only then. */
const OWN = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate', accept: 'text/html' };
const open = async (jar: CookieJar, url: string) => {
  const page = await t.app.inject({ method: 'GET', url, headers: { ...OWN, cookie: jar.header() } });
  return page;
};
const conversationOf = async (jar: CookieJar, url: string) => {
  const page = await open(jar, url);
  expect(page.statusCode).toBe(200);
  return pageData<ConversationPageProps>(page.body).props;
};
const listOf = async (jar: CookieJar, query = '') => pageData<MessagesListProps>((await open(jar, `/messages${query}`)).body).props;

async function applicationPair() {
  const acme = await companyWithJob(t.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
  const sam = await seekerWithProfile(t.app, 'sam@example.com', 'Sam Seeker');
  const applicationId = await apply(t.app, sam, acme.jobId);
  return { acme, sam, applicationId };
}

async function startConversation(jar: CookieJar, applicationId: string, body = 'Hi Sam, are you free for a call on Tuesday?') {
  const started = await postForm(t.app, '/messages/new', { application_id: applicationId, body }, { jar, xhr: false });
  expect(started.statusCode).toBe(303);
  const path = String(started.headers.location).replace('?notice=sent', '');
  expect(path).toMatch(/^\/messages\/[A-Za-z0-9_-]+$/);
  return path;
}

describe('a conversation about an application', () => {
  it('the team writes first; the candidate reads and replies; each sees the other’s unread count and "Seen"', async () => {
    const { acme, sam, applicationId } = await applicationPair();
    const compose = await open(acme.jar, `/messages/new?application=${applicationId}`);
    expect(compose.statusCode).toBe(200);
    expect(pageData<ConversationPageProps>(compose.body).props).toMatchObject({ title: 'Sam Seeker', jobTitle: 'Night Forklift Operator', messages: [] });

    const path = await startConversation(acme.jar, applicationId, 'Hi Sam, see https://acme.example/visit before Tuesday.');
    // Started once: the compose address now leads to the conversation.
    expect((await open(acme.jar, `/messages/new?application=${applicationId}`)).headers.location).toBe(path);

    const samList = await listOf(sam.jar);
    expect(samList).toMatchObject({ side: 'seeker', unreadTotal: 1, conversations: [{ href: path, title: 'Acme Freight', jobTitle: 'Night Forklift Operator', unread: 1 }] });
    const samView = await conversationOf(sam.jar, path);
    expect(samView.messages).toEqual([
      expect.objectContaining({
        mine: false,
        author: 'Acme Freight',
        parts: [{ text: 'Hi Sam, see ' }, { text: 'https://acme.example/visit', href: 'https://acme.example/visit' }, { text: ' before Tuesday.' }],
      }),
    ]);
    expect((await listOf(sam.jar)).unreadTotal).toBe(0);
    const page = await open(sam.jar, path);
    expect(page.body).toContain('rel="nofollow ugc noopener"');

    t.clock.advance(60_000);
    const reply = await postForm(t.app, path, { body: 'Tuesday works. <b>Thanks</b>' }, { jar: sam.jar, xhr: false });
    expect(reply.headers.location).toBe(`${path}?notice=sent`);
    const teamView = await conversationOf(acme.jar, path);
    expect(teamView.messages.map((message) => [message.author, message.mine])).toEqual([
      ['You', true],
      ['Sam Seeker', false],
    ]);
    // Markup is text: it arrives as typed, and the page escapes it.
    expect(teamView.messages[1]!.parts).toEqual([{ text: 'Tuesday works. <b>Thanks</b>' }]);
    expect((await open(acme.jar, path)).body).not.toContain('<b>Thanks</b>');
    // The candidate's newest message shows "Seen" once the team has read it.
    expect((await conversationOf(sam.jar, path)).messages[1]!.seen).toBe(true);
  });

  it('shows the whole team the conversation and who wrote what; a removed member loses it at once', async () => {
    const { acme, applicationId } = await applicationPair();
    const dana = await teamMember(t.app, 'dana@acme.example', 'acme');
    const path = await startConversation(acme.jar, applicationId);
    t.clock.advance(1000);
    expect((await postForm(t.app, path, { body: 'Adding: bring your forklift licence.' }, { jar: dana.jar, xhr: false })).statusCode).toBe(303);
    const ownerView = await conversationOf(acme.jar, path);
    expect(ownerView.messages.map((message) => message.author)).toEqual(['You', 'dana@acme.example']);
    expect((await listOf(dana.jar)).conversations).toHaveLength(1);

    await t.app.db.deleteFrom('company_members').where('account_id', '=', dana.accountId).execute();
    const after = await open(dana.jar, path);
    expect(after.statusCode).toBe(303);
    expect((await postForm(t.app, path, { body: 'Still here?' }, { jar: dana.jar })).statusCode).toBe(403);
  });

  it('answers 404 to another company and another seeker on every route, and sends a visitor to sign in', async () => {
    const { acme, applicationId } = await applicationPair();
    const path = await startConversation(acme.jar, applicationId);
    const other = await companyWithJob(t.app, 'boss@beta.example', { id: 'beta', name: 'Beta Foods' }, 'Cook');
    const ana = await seekerWithProfile(t.app, 'ana@example.com', 'Ana Other');
    for (const jar of [other.jar, ana.jar]) {
      expect((await open(jar, path)).statusCode).toBe(404);
      expect((await postForm(t.app, path, { body: 'Hello' }, { jar })).statusCode).toBe(404);
      expect((await postForm(t.app, `${path}/block`, {}, { jar })).statusCode).toBe(404);
      expect((await postForm(t.app, `${path}/report`, { message_id: 'x'.repeat(10), reason: 'spam' }, { jar })).statusCode).toBe(404);
      expect((await listOf(jar)).conversations).toEqual([]);
    }
    expect((await open(other.jar, `/messages/new?application=${applicationId}`)).statusCode).toBe(404);
    expect((await postForm(t.app, '/messages/new', { application_id: applicationId, body: 'Poaching' }, { jar: other.jar })).statusCode).toBe(404);
    expect((await postForm(t.app, '/messages/new', { application_id: applicationId, body: 'Hi' }, { jar: ana.jar })).statusCode).toBe(401);
    const visitor = await getPage(t.app, path);
    expect(visitor.statusCode).toBe(303);
    expect(visitor.headers.location).toBe(`/authn/login?next=${encodeURIComponent(path)}`);
    expect(await t.app.db.selectFrom('messages').select('id').execute()).toHaveLength(1);
  });
});

describe('bad input stores nothing', () => {
  it.each([
    ['an empty', '   ', 'Write a message first.'],
    ['a too-long', 'x'.repeat(5001), 'Keep a message under 5,000 characters.'],
  ])('%s message gets its message, keeps what was typed, and stores nothing', async (_kind, body, message) => {
    const { acme, sam, applicationId } = await applicationPair();
    const first = await postForm(t.app, '/messages/new', { application_id: applicationId, body }, { jar: acme.jar, xhr: false });
    expect(first.statusCode).toBe(400);
    expect(first.body).toContain(message);
    expect(await t.app.db.selectFrom('conversations').select('id').execute()).toEqual([]);
    const path = await startConversation(acme.jar, applicationId);
    const json = await postForm(t.app, path, { body }, { jar: sam.jar });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ status: 'PROTO_VALIDATION_ERROR', error_message: message });
    expect(await t.app.db.selectFrom('messages').select('id').execute()).toHaveLength(1);
  });

  it('refuses a message about an application withdrawn, and the conversation closes', async () => {
    const { acme, sam, applicationId } = await applicationPair();
    const path = await startConversation(acme.jar, applicationId);
    expect((await postForm(t.app, `/candidate/applications/${applicationId}/withdraw`, {}, { jar: sam.jar })).statusCode).toBeLessThan(400);
    const refused = await postForm(t.app, path, { body: 'Still interested?' }, { jar: acme.jar });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error_message).toBe('This application was withdrawn. No new messages can be sent.');
    expect((await postForm(t.app, '/messages/new', { application_id: applicationId, body: 'Again' }, { jar: acme.jar })).statusCode).toBe(404);
    expect(await t.app.db.selectFrom('messages').select('id').execute()).toHaveLength(1);
  });
});

describe('abuse', () => {
  it('a seeker blocks the company: no new messages, and the team is told the candidate does not take messages; unblocking undoes it', async () => {
    const { acme, sam, applicationId } = await applicationPair();
    const path = await startConversation(acme.jar, applicationId);
    expect((await postForm(t.app, `${path}/block`, {}, { jar: sam.jar, xhr: false })).headers.location).toBe(`${path}?notice=blocked`);
    const refused = await postForm(t.app, path, { body: 'Hello again' }, { jar: acme.jar });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error_message).toBe('This candidate does not take messages from your company.');
    expect((await conversationOf(acme.jar, path)).closedReason).toBe('This candidate does not take messages from your company.');
    expect(await t.app.db.selectFrom('messages').select('id').execute()).toHaveLength(1);
    await postForm(t.app, `${path}/unblock`, {}, { jar: sam.jar, xhr: false });
    expect((await postForm(t.app, path, { body: 'Hello again' }, { jar: acme.jar })).statusCode).toBe(200);
    // Only the seeker blocks: the team cannot block itself out of the seeker's choice.
    expect((await postForm(t.app, `${path}/unblock`, {}, { jar: acme.jar })).statusCode).toBe(404);
  });

  it('a seeker reports the company’s message to the admins; a reason is needed; their own message cannot be reported', async () => {
    const { acme, sam, applicationId } = await applicationPair();
    const path = await startConversation(acme.jar, applicationId, 'Send us your bank details to get started.');
    const view = await conversationOf(sam.jar, path);
    const messageId = view.messages[0]!.id;
    expect((await postForm(t.app, `${path}/report`, { message_id: messageId, reason: ' ' }, { jar: sam.jar })).statusCode).toBe(400);
    const reported = await postForm(t.app, `${path}/report`, { message_id: messageId, reason: 'Asks for bank details.' }, { jar: sam.jar, xhr: false });
    expect(reported.headers.location).toBe(`${path}?notice=reported`);
    expect(await t.app.db.selectFrom('message_reports').select(['message_id', 'reason']).execute()).toEqual([{ message_id: messageId, reason: 'Asks for bank details.' }]);
    // The admins' queue shows it; only an admin sees it or marks it dealt with.
    const adminJar = await signedInAdmin(t.app, 'admin@jobwise.example');
    for (const jar of [acme.jar, sam.jar]) expect((await getPage(t.app, '/admin/message-reports', jar)).statusCode).toBe(404);
    const queue = pageData<MessageReportsPageProps>((await getPage(t.app, '/admin/message-reports', adminJar)).body).props;
    expect(queue.reports).toEqual([expect.objectContaining({ company: 'Acme Freight', jobTitle: 'Night Forklift Operator', body: 'Send us your bank details to get started.', reason: 'Asks for bank details.' })]);
    expect((await postForm(t.app, queue.reports[0]!.resolveAction, {}, { jar: sam.jar })).statusCode).toBe(404);
    expect((await postForm(t.app, queue.reports[0]!.resolveAction, {}, { jar: adminJar, xhr: false })).headers.location).toBe('/admin/message-reports?notice=resolved');
    expect(pageData<MessageReportsPageProps>((await getPage(t.app, '/admin/message-reports', adminJar)).body).props.reports).toEqual([]);
    await postForm(t.app, path, { body: 'Is this real?' }, { jar: sam.jar });
    const own = (await conversationOf(sam.jar, path)).messages[1]!.id;
    expect((await postForm(t.app, `${path}/report`, { message_id: own, reason: 'mine' }, { jar: sam.jar })).statusCode).toBe(404);
    // Our fetch client is answered the declared JSON (decision 0325).
    const answered = await postForm(t.app, `${path}/report`, { message_id: messageId, reason: 'Still asks for bank details.' }, { jar: sam.jar });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toEqual({ status: 'REPORTED' });
    expect(await t.app.db.selectFrom('message_reports').select('id').execute()).toHaveLength(2);
  });

  it('marking read and resolving a report take a bare POST; a JSON body that is not an object is the spec’s 400 and changes nothing', async () => {
    const { acme, sam, applicationId } = await applicationPair();
    const path = await startConversation(acme.jar, applicationId, 'Send us your bank details to get started.');
    const conversationId = path.split('/')[2]!;
    const bare = (url: string, jar: CookieJar) => t.app.inject({ method: 'POST', url, headers: { ...sameOriginHeaders, cookie: jar.header() } });
    const json = (url: string, jar: CookieJar, payload: string) => t.app.inject({ method: 'POST', url, headers: { ...sameOriginHeaders, 'content-type': 'application/json', cookie: jar.header() }, payload });
    const expectRefused = (response: Awaited<ReturnType<typeof bare>>) => {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 'PROTO_VALIDATION_ERROR', error_message: expect.any(String) });
    };
    const samsReads = () => t.app.db.selectFrom('conversation_reads').select('conversation_id').where('account_id', '=', sam.accountId).execute();

    for (const payload of ['"read"', '[]', '7']) expectRefused(await json(`${path}/read`, sam.jar, payload));
    expect(await samsReads()).toEqual([]);
    const read = await bare(`${path}/read`, sam.jar);
    expect(read.statusCode).toBe(204);
    expect(await samsReads()).toEqual([{ conversation_id: conversationId }]);

    const messageId = (await conversationOf(sam.jar, path)).messages[0]!.id;
    expect((await postForm(t.app, `${path}/report`, { message_id: messageId, reason: 'Asks for bank details.' }, { jar: sam.jar })).statusCode).toBe(200);
    const adminJar = await signedInAdmin(t.app, 'admin@jobwise.example');
    const { resolveAction } = pageData<MessageReportsPageProps>((await getPage(t.app, '/admin/message-reports', adminJar)).body).props.reports[0]!;
    const resolvedAt = async () => (await t.app.db.selectFrom('message_reports').select('resolved_at').executeTakeFirstOrThrow()).resolved_at;
    for (const payload of ['"resolve"', '["x"]', 'true']) expectRefused(await json(resolveAction, adminJar, payload));
    expect(await resolvedAt()).toBeNull();
    const resolved = await bare(resolveAction, adminJar);
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toEqual({ status: 'RESOLVED' });
    expect(await resolvedAt()).toBe(t.clock.now());
  });

  it(`a company starts at most ${NEW_CONVERSATIONS_PER_DAY} conversations a day, then 429 with a clear message`, async () => {
    const { acme, applicationId } = await applicationPair();
    await t.app.rateLimits.store.hit('conversations-per-company:acme', 86_400_000, t.clock.now(), NEW_CONVERSATIONS_PER_DAY - 1);
    const second = await seekerWithProfile(t.app, 'lee@example.com', 'Lee Second');
    const secondId = await apply(t.app, second, acme.jobId);
    await startConversation(acme.jar, applicationId);
    const refused = await postForm(t.app, '/messages/new', { application_id: secondId, body: 'Hi Lee' }, { jar: acme.jar });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error_message).toBe(`Your company has started ${NEW_CONVERSATIONS_PER_DAY} conversations today. You can start more tomorrow.`);
    expect(await t.app.db.selectFrom('conversations').select('id').execute()).toHaveLength(1);
  });
});

describe('the list', () => {
  it('finds conversations by the other side’s name or the job, newest first', async () => {
    const { acme, applicationId } = await applicationPair();
    const lee = await seekerWithProfile(t.app, 'lee@example.com', 'Lee Driver');
    const leeApplication = await apply(t.app, lee, acme.jobId);
    await startConversation(acme.jar, applicationId);
    t.clock.advance(1000);
    await startConversation(acme.jar, leeApplication);
    expect((await listOf(acme.jar)).conversations.map((conversation) => conversation.title)).toEqual(['Lee Driver', 'Sam Seeker']);
    // A reply puts Sam's first while it is unread, though Lee's conversation is newer.
    const samPath = (await listOf(acme.jar)).conversations[1]!.href;
    t.clock.advance(1000);
    const samJar = await signIn(t.app, 'sam@example.com');
    await postForm(t.app, samPath, { body: 'Any news?' }, { jar: samJar, xhr: false });
    t.clock.advance(1000);
    await postForm(t.app, (await listOf(acme.jar)).conversations.find((conversation) => conversation.title === 'Lee Driver')!.href, { body: 'Following up.' }, { jar: acme.jar, xhr: false });
    expect((await listOf(acme.jar)).conversations.map((conversation) => [conversation.title, conversation.unread])).toEqual([
      ['Sam Seeker', 1],
      ['Lee Driver', 0],
    ]);
    expect((await listOf(acme.jar, '?q=sam')).conversations.map((conversation) => conversation.title)).toEqual(['Sam Seeker']);
    expect((await listOf(acme.jar, '?q=forklift')).conversations).toHaveLength(2);
    expect((await listOf(acme.jar, '?q=%25')).conversations).toEqual([]);
  });
});

describe('the other side hears of a message', () => {
  const MINUTE = 60_000;
  const run = async () => {
    const { sent, failed } = await t.app.runMessageMail();
    return { sent, failed };
  };
  const subjects = async (to: string) => (await mailbox(t.app, to)).filter((mail) => mail.subject.startsWith('New message')).map((mail) => mail.subject);

  it('notifies at once, one notification a conversation kept to the newest', async () => {
    const { acme, sam, applicationId } = await applicationPair();
    const path = await startConversation(acme.jar, applicationId);
    t.clock.advance(MINUTE);
    await postForm(t.app, path, { body: 'One more thing.' }, { jar: acme.jar, xhr: false });
    const forSam = await t.app.db.selectFrom('notifications').select(['kind', 'text', 'link', 'read_at']).where('account_id', '=', sam.accountId).where('kind', '=', 'message').execute();
    expect(forSam).toEqual([{ kind: 'message', text: 'Acme Freight sent you a message about Night Forklift Operator.', link: path, read_at: null }]);
    await postForm(t.app, path, { body: 'Thanks!' }, { jar: sam.jar, xhr: false });
    const forTeam = await t.app.db.selectFrom('notifications').select(['side', 'text', 'link']).where('account_id', '=', acme.accountId).where('kind', '=', 'message').execute();
    expect(forTeam).toEqual([{ side: 'employer', text: 'Sam Seeker sent you a message about Night Forklift Operator.', link: path }]);
    // Opening the conversation reads its notification too.
    await open(sam.jar, path);
    const read = await t.app.db.selectFrom('notifications').select('read_at').where('account_id', '=', sam.accountId).where('kind', '=', 'message').executeTakeFirstOrThrow();
    expect(read.read_at).not.toBeNull();
  });

  it('emails a message still unread after 10 minutes, once, at most once an hour a conversation, with a one-click unsubscribe', async () => {
    const { acme, applicationId } = await applicationPair();
    const path = await startConversation(acme.jar, applicationId, 'Can you start Monday?');
    t.clock.advance(9 * MINUTE);
    expect(await run()).toEqual({ sent: 0, failed: 0 });
    t.clock.advance(MINUTE);
    expect(await run()).toEqual({ sent: 1, failed: 0 });
    const [mail] = (await mailbox(t.app, 'sam@example.com')).filter((message) => message.subject.startsWith('New message'));
    expect(mail?.subject).toBe('New message from Acme Freight about Night Forklift Operator');
    expect(mail?.text).toContain('Can you start Monday?');
    expect(mail?.text).toContain(`http://localhost:3000${path}`);
    expect(mail?.text).toMatch(/Unsubscribe from emails about new messages: http:\/\/localhost:3000\/user\/unsubscribe\//);
    expect(await run()).toEqual({ sent: 0, failed: 0 });

    // Another message 20 minutes later: unread, but the hour since the last email has not passed.
    t.clock.advance(20 * MINUTE);
    await postForm(t.app, path, { body: 'Or Tuesday?' }, { jar: acme.jar, xhr: false });
    t.clock.advance(11 * MINUTE);
    expect(await run()).toEqual({ sent: 0, failed: 0 });
    t.clock.advance(30 * MINUTE);
    expect(await run()).toEqual({ sent: 1, failed: 0 });
    expect(await subjects('sam@example.com')).toHaveLength(2);
  });

  it('does not email a message read in time, and emails the team member who wrote about the reply', async () => {
    const { acme, sam, applicationId } = await applicationPair();
    await teamMember(t.app, 'dana@acme.example', 'acme');
    const path = await startConversation(acme.jar, applicationId);
    t.clock.advance(5 * MINUTE);
    await open(sam.jar, path);
    await postForm(t.app, path, { body: 'Monday works.' }, { jar: sam.jar, xhr: false });
    t.clock.advance(10 * MINUTE);
    expect(await run()).toEqual({ sent: 1, failed: 0 });
    expect(await subjects('sam@example.com')).toEqual([]);
    expect(await subjects('boss@acme.example')).toEqual(['New message from Sam Seeker about Night Forklift Operator']);
    expect(await subjects('dana@acme.example')).toEqual([]);
  });
});

/** The conversation form as a browser posts it with a file: multipart, the text field, then the file. */
function withFile(jar: CookieJar, url: string, fields: Record<string, string>, file: { name: string; type: string; bytes: Buffer }) {
  const boundary = '----jobwise-message-boundary';
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`));
  return t.app.inject({ method: 'POST', url, headers: { ...sameOriginHeaders, 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: jar.header() }, payload: Buffer.concat(parts) });
}

describe('a file with a message', () => {
  it('goes with the first message and alone with a reply; each side opens it, no one else', async () => {
    const { acme, sam, applicationId } = await applicationPair();
    const started = await withFile(acme.jar, '/messages/new', { application_id: applicationId, body: 'Our offer, attached.' }, { name: 'Offer letter.pdf', type: 'application/pdf', bytes: pdfBytes(4000) });
    expect(started.json()).toMatchObject({ status: 'SENT' });
    const path = started.json().conversation_path as string;
    const reply = await withFile(sam.jar, path, {}, { name: 'signed.png', type: 'image/png', bytes: pngBytes() });
    expect(reply.json()).toMatchObject({ status: 'SENT' });

    const view = await conversationOf(sam.jar, path);
    expect(view.messages.map((message) => [message.parts.map((part) => part.text).join(''), message.attachment?.name])).toEqual([
      ['Our offer, attached.', 'Offer letter.pdf'],
      ['', 'signed.png'],
    ]);
    const pdf = await getPage(t.app, view.messages[0]!.attachment!.href, sam.jar);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
    expect(pdf.headers['content-disposition']).toBe('inline; filename="Offer letter.pdf"');
    expect((await getPage(t.app, view.messages[1]!.attachment!.href, acme.jar)).headers['content-type']).toBe('image/png');

    const other = await companyWithJob(t.app, 'boss@beta.example', { id: 'beta', name: 'Beta Foods' }, 'Cook');
    const ana = await seekerWithProfile(t.app, 'ana@example.com', 'Ana Other');
    for (const jar of [other.jar, ana.jar]) expect((await getPage(t.app, view.messages[0]!.attachment!.href, jar)).statusCode).toBe(404);
  });

  it.each([
    ['a file whose bytes are not a PDF, Word, PNG or JPEG', { name: 'cv.pdf', type: 'application/pdf', bytes: Buffer.from('<html><script>alert(1)</script></html>') }, 415, 'Attach a PDF, Word (.docx), PNG or JPEG file.'],
    ['a file over 5 MB', { name: 'big.pdf', type: 'application/pdf', bytes: pdfBytes(5 * 1024 * 1024 + 1) }, 413, 'Attach a file of 5 MB or less.'],
  ])('refuses %s with its message, and stores neither message nor file', async (_kind, file, status, message) => {
    const { acme, sam, applicationId } = await applicationPair();
    const path = await startConversation(acme.jar, applicationId);
    const before = await t.app.db.selectFrom('stored_files').select('key').execute().catch(() => []);
    const refused = await withFile(sam.jar, path, { body: 'Here you go' }, file);
    expect(refused.statusCode).toBe(status);
    expect(refused.json().error_message).toBe(message);
    expect(await t.app.db.selectFrom('messages').select('id').execute()).toHaveLength(1);
    expect(await t.app.db.selectFrom('stored_files').select('key').execute().catch(() => [])).toEqual(before);
  });
});

describe('a file refused after it reached storage (decision 0285)', () => {
  const keptFiles = async () => {
    const keys: string[] = [];
    for await (const entry of t.app.fileStorage.list()) keys.push(entry.key);
    return keys;
  };

  it('is removed before the answer: a text too long, a zip that is not a Word file, a subject that does not exist', async () => {
    const { acme, sam, applicationId } = await applicationPair();
    const path = await startConversation(acme.jar, applicationId);
    const tooLong = await withFile(sam.jar, path, { body: 'x'.repeat(5_001) }, { name: 'cv.pdf', type: 'application/pdf', bytes: pdfBytes(300_000) });
    expect(tooLong.statusCode).toBe(400);
    const notWord = await withFile(sam.jar, path, {}, { name: 'cv.docx', type: 'application/octet-stream', bytes: storedZip({ 'hello.txt': 'not a document' }) });
    expect(notWord.statusCode).toBe(415);
    const nowhere = await withFile(acme.jar, '/messages/new', { application_id: 'no-such-application', body: 'Hello' }, { name: 'offer.pdf', type: 'application/pdf', bytes: pdfBytes(4000) });
    expect(nowhere.statusCode).toBe(404);
    expect(await keptFiles()).toEqual([]);
    // A Word file that is one is kept, with the message that names it.
    const word = await withFile(sam.jar, path, {}, { name: 'cv.docx', type: 'application/octet-stream', bytes: docxBytes() });
    expect(word.json()).toMatchObject({ status: 'SENT' });
    const [key] = await keptFiles();
    expect(await t.app.db.selectFrom('messages').select('attachment_key').where('attachment_key', '=', key!).execute()).toHaveLength(1);
  });
});

describe('a conversation about a résumé-database invitation', () => {
  it('the team writes to a person it invited who has not applied, knowing only their initials; they reply', async () => {
    const acme = await companyWithJob(t.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
    const lee = await seekerWithProfile(t.app, 'lee@example.com', 'Lee Quinn');
    expect((await postForm(t.app, '/candidate/about/find-me', { find_me: 'on', experience: 'Ten years on forklifts.' }, { jar: lee.jar, xhr: false })).headers.location).toBe('/candidate/about?find_me=on#find-me');
    await t.app.db.insertInto('resume_invitations').values({ id: 'invite-lee', company_id: 'acme', job_id: acme.jobId, seeker_account_id: lee.accountId, invited_by: acme.accountId, created_at: t.clock.now() }).execute();

    const compose = await open(acme.jar, '/messages/new?invitation=invite-lee');
    expect(compose.statusCode).toBe(200);
    const props = pageData<ConversationPageProps>(compose.body).props;
    expect(props).toMatchObject({ title: 'L. Q.', jobTitle: 'Night Forklift Operator', applicationHref: null });
    expect(compose.body).not.toContain('Lee Quinn');
    const started = await postForm(t.app, '/messages/new', { invitation_id: 'invite-lee', body: 'Hi, we would love you to apply.' }, { jar: acme.jar, xhr: false });
    const path = String(started.headers.location).replace('?notice=sent', '');
    expect((await conversationOf(lee.jar, path)).messages[0]).toMatchObject({ author: 'Acme Freight' });
    expect((await postForm(t.app, path, { body: 'Thanks, applying now.' }, { jar: lee.jar, xhr: false })).statusCode).toBe(303);
    const team = await conversationOf(acme.jar, path);
    expect(team.messages.map((message) => message.author)).toEqual(['You', 'L. Q.']);
    expect((await listOf(acme.jar)).conversations.map((conversation) => conversation.title)).toEqual(['L. Q.']);
    expect((await open(acme.jar, path)).body).not.toContain('Lee Quinn');

    // Another company cannot use the invitation; a person not invited cannot be written to this way.
    const other = await companyWithJob(t.app, 'boss@beta.example', { id: 'beta', name: 'Beta Foods' }, 'Cook');
    expect((await open(other.jar, '/messages/new?invitation=invite-lee')).statusCode).toBe(404);
    expect((await postForm(t.app, '/messages/new', { invitation_id: 'invite-lee', body: 'Poaching' }, { jar: other.jar })).statusCode).toBe(404);
    // Leaving the résumé database closes the way in for a new conversation.
    await t.app.db.insertInto('resume_invitations').values({ id: 'invite-2', company_id: 'acme', job_id: acme.jobId, seeker_account_id: acme.accountId, invited_by: acme.accountId, created_at: t.clock.now() }).execute().catch(() => undefined);
    expect((await postForm(t.app, '/messages/new', { invitation_id: 'invite-2', body: 'Hi' }, { jar: acme.jar })).statusCode).toBe(404);
  });
});
