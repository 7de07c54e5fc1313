// Interviews (issue 42, decision 0231). SQLite by default; PostgreSQL with TEST_DATABASE_URL. The team
// proposes times, the candidate picks one, both get a calendar invitation in their own zone; a move is
// the same UID with SEQUENCE + 1, a cancellation METHOD:CANCEL; the reminder goes once; the stage moves
// to Interview; bad input stores nothing; another company's or seeker's session gets 404.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InterviewPageProps } from '../../src/shared/interviews/interviews';
import { INTERVIEW_TEXTS } from '../../src/shared/interviews/interviews';
import type { MailboxMessage } from '../../src/server/features/mail/dev-mailbox.routes';
import { apply, companyWithJob, seekerWithProfile } from '../support/applicant-mail-helpers';
import { pageData } from '../support/employer-helpers';
import { mailbox, type CookieJar } from '../support/registration-helpers';
import { getPage, postForm } from '../support/seeker-helpers';
import { createTestApp, sameOriginHeaders, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ RATE_LIMIT_ACTIONS_MAX: '100000', RATE_LIMIT_CLIENT_MAX: '100000' });
});
afterEach(async () => t.close());

const HOUR = 3_600_000;
const post = async (jar: CookieJar, url: string, body: Record<string, unknown>) => {
  const response = await t.app.inject({ method: 'POST', url, headers: { ...sameOriginHeaders, 'content-type': 'application/json', cookie: jar.header() }, payload: JSON.stringify(body) });
  jar.store(response);
  return response;
};
const count = async (table: 'interviews' | 'interview_slots') => Number((await t.app.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

/** The .ics's lines, unfolded (RFC 5545 3.1), and the named property's parameters and value. */
function ics(text: string) {
  const lines = text.replace(/\r\n[ \t]/g, '').split(/\r\n/);
  // The event's own properties first (a VTIMEZONE has DTSTARTs of its own), then the calendar's.
  const event = lines.slice(lines.indexOf('BEGIN:VEVENT'));
  const prop = (name: string) => {
    const line = [...event, ...lines].find((candidate) => candidate.startsWith(`${name}:`) || candidate.startsWith(`${name};`));
    if (!line) return null;
    const colon = line.indexOf(':');
    return { params: line.slice(name.length, colon), value: line.slice(colon + 1) };
  };
  return { lines, prop };
}
const invitationOf = (message: MailboxMessage | undefined) => {
  const file = message?.attachments.find((attachment) => attachment.filename.endsWith('.ics'));
  if (!file) throw new Error(`no .ics in ${message?.subject}`);
  expect(file.contentType).toMatch(/^text\/calendar/);
  return ics(file.content);
};

async function setUp() {
  const acme = await companyWithJob(t.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
  const sam = await seekerWithProfile(t.app, 'sam@example.com', 'Sam Seeker');
  const applicationId = await apply(t.app, sam, acme.jobId);
  return { acme, sam, applicationId };
}

const PROPOSAL = {
  time_zone: 'America/Los_Angeles',
  times: ['2026-11-24T10:00', '2026-11-25T14:30'],
  minutes: '45',
  place_kind: 'video',
  place: 'https://meet.example.com/acme-sam',
  note: 'Bring your forklift licence.',
};

async function propose(jar: CookieJar, applicationId: string, body: Record<string, unknown> = PROPOSAL) {
  const response = await post(jar, `/candidates/${applicationId}/interview`, body);
  expect(response.statusCode, response.body).toBe(200);
  const answer = response.json<{ interview_id: string; interview_path: string }>();
  // The declared answer keeps every field (decision 0325).
  expect(answer).toEqual({ status: 'PROPOSED', interview_id: expect.any(String), interview_path: `/interviews/${answer.interview_id}` });
  return answer;
}

describe('an interview from proposal to calendar', () => {
  it('propose, pick, invitations in both zones, move (SEQUENCE + 1), cancel (METHOD:CANCEL), stage Interview', async () => {
    const { acme, sam, applicationId } = await setUp();
    const { interview_id: id, interview_path: path } = await propose(acme.jar, applicationId);

    // The candidate sees the times in their state's zone (Austin, TX: Central), a notification, and the message.
    const view = pageData<InterviewPageProps>((await getPage(t.app, path, sam.jar)).body).props;
    expect(view.timeZone).toBe('America/Chicago');
    expect(view.interview.slots.map((slot) => slot.label)).toEqual(['Tue, Nov 24, 2026, 12:00 PM CST', 'Wed, Nov 25, 2026, 4:30 PM CST']);
    expect(view.interview.canPick).toBe(true);
    const notes = await t.app.db.selectFrom('notifications').select(['kind', 'text', 'link']).where('account_id', '=', sam.accountId).execute();
    expect(notes).toContainEqual({ kind: 'interview', text: 'Acme Freight would like to interview you for Night Forklift Operator. Pick a time.', link: path });
    const conversation = await t.app.db.selectFrom('conversations').select('id').where('application_id', '=', applicationId).executeTakeFirstOrThrow();
    const posted = await t.app.db.selectFrom('messages').select('body').where('conversation_id', '=', conversation.id).execute();
    expect(posted[0]?.body).toContain('Tue, Nov 24, 2026, 10:00 AM PST');

    // The team cannot pick; the candidate picks the first time, in New York's zone.
    expect((await post(acme.jar, `${path}/pick`, { slot: view.interview.slots[0]!.id, time_zone: 'America/New_York' })).statusCode).toBe(404);
    const picked = await post(sam.jar, `${path}/pick`, { slot: view.interview.slots[0]!.id, time_zone: 'America/New_York' });
    expect(picked.statusCode, picked.body).toBe(200);
    // Twice is refused: it is confirmed already.
    expect((await post(sam.jar, `${path}/pick`, { slot: view.interview.slots[1]!.id, time_zone: 'America/New_York' })).statusCode).toBe(409);

    const row = await t.app.db.selectFrom('interviews').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(Number(row.starts_at)).toBe(Date.UTC(2026, 10, 24, 18, 0));
    const application = await t.app.db.selectFrom('job_applications').select('stage').where('id', '=', applicationId).executeTakeFirstOrThrow();
    expect(application.stage).toBe('interview');

    // The emails go through the job queue (decision 0303): nothing is sent until a worker runs it.
    expect((await mailbox(t.app, 'sam@example.com')).filter((message) => message.subject.startsWith('Interview'))).toEqual([]);
    expect(await t.app.queue.runDue('interview-mail')).toEqual({ sent: 2 });
    const [samMail] = await mailbox(t.app, 'sam@example.com');
    const [bossMail] = await mailbox(t.app, 'boss@acme.example');
    expect(samMail?.subject).toBe('Interview confirmed: Night Forklift Operator with Acme Freight');
    expect(samMail?.text).toContain('Tue, Nov 24, 2026, 1:00 PM EST (45 minutes)');
    expect(bossMail?.text).toContain('Tue, Nov 24, 2026, 10:00 AM PST');
    const samIcs = invitationOf(samMail);
    const bossIcs = invitationOf(bossMail);
    for (const file of [samIcs, bossIcs]) {
      expect(file.prop('METHOD')?.value).toBe('REQUEST');
      expect(file.prop('UID')?.value).toBe(row.calendar_uid);
      expect(file.prop('SEQUENCE')?.value).toBe('0');
      expect(file.prop('LOCATION')?.value).toBe('https://meet.example.com/acme-sam');
    }
    expect(samIcs.prop('DTSTART')).toEqual({ params: ';TZID=America/New_York', value: '20261124T130000' });
    expect(samIcs.prop('DTEND')).toEqual({ params: ';TZID=America/New_York', value: '20261124T134500' });
    expect(samIcs.lines).toContain('TZID:America/New_York');
    expect(bossIcs.prop('DTSTART')).toEqual({ params: ';TZID=America/Los_Angeles', value: '20261124T100000' });

    // The team moves it: the same event, one SEQUENCE more, both emailed.
    const moved = await post(acme.jar, `${path}/reschedule`, { time_zone: 'America/Los_Angeles', time: '2026-11-26T09:00', place_kind: 'phone', place: '+1 512 555 0199' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await t.app.queue.runDue('interview-mail')).toEqual({ sent: 2 });
    const samMoved = invitationOf((await mailbox(t.app, 'sam@example.com'))[0]);
    expect(samMoved.prop('UID')?.value).toBe(row.calendar_uid);
    expect(samMoved.prop('SEQUENCE')?.value).toBe('1');
    expect(samMoved.prop('METHOD')?.value).toBe('REQUEST');
    expect(samMoved.prop('DTSTART')?.value).toBe('20261126T120000');
    expect(invitationOf((await mailbox(t.app, 'boss@acme.example'))[0]).prop('SEQUENCE')?.value).toBe('1');

    // And cancels it: METHOD:CANCEL of the same UID, SEQUENCE 2, to both.
    expect((await post(sam.jar, `${path}/cancel`, {})).statusCode).toBe(404);
    expect((await post(acme.jar, `${path}/cancel`, {})).statusCode).toBe(200);
    expect(await t.app.queue.runDue('interview-mail')).toEqual({ sent: 2 });
    for (const to of ['sam@example.com', 'boss@acme.example']) {
      const cancelled = invitationOf((await mailbox(t.app, to))[0]);
      expect(cancelled.prop('METHOD')?.value).toBe('CANCEL');
      expect(cancelled.prop('UID')?.value).toBe(row.calendar_uid);
      expect(cancelled.prop('SEQUENCE')?.value).toBe('2');
      expect(cancelled.prop('STATUS')?.value).toBe('CANCELLED');
    }
  });

  it('the reminder goes 24 hours before, once, even with two runs at the same moment', async () => {
    const { acme, sam, applicationId } = await setUp();
    const { interview_path: path } = await propose(acme.jar, applicationId);
    const view = pageData<InterviewPageProps>((await getPage(t.app, path, sam.jar)).body).props;
    await post(sam.jar, `${path}/pick`, { slot: view.interview.slots[0]!.id, time_zone: 'America/Chicago' });
    await t.app.queue.runDue('interview-mail');
    const run = () => t.app.runInterviewReminders();
    const reminders = async () => (await mailbox(t.app)).filter((message) => message.subject.startsWith('Tomorrow:'));

    // Nov 21 12:00 UTC; the interview is Nov 24 18:00 UTC: not yet.
    expect(await run()).toEqual({ claimed: 0, sent: 0, skipped: 0, failed: 0 });
    t.clock.advance(54 * HOUR + 1);
    await Promise.all([run(), run()]);
    expect(await run()).toEqual({ claimed: 0, sent: 0, skipped: 0, failed: 0 });
    const sent = await reminders();
    expect(sent.map((message) => message.to).sort()).toEqual(['boss@acme.example', 'sam@example.com']);
    expect(sent.find((message) => message.to === 'sam@example.com')?.text).toContain('Tue, Nov 24, 2026, 12:00 PM CST');
    // The scheduler has the job too.
    expect(t.app.scheduler.jobs.has('interview-reminders')).toBe(true);
  });
});

describe('bad input and strangers', () => {
  it('each bad field gets its message and nothing is stored', async () => {
    const { acme, applicationId } = await setUp();
    const url = `/candidates/${applicationId}/interview`;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...PROPOSAL, times: ['2026-11-20T10:00'] }, 'times', INTERVIEW_TEXTS.pastTime],
      [{ ...PROPOSAL, times: ['2026-12-01T10:00', '2026-12-02T10:00', '2026-12-03T10:00', '2026-12-04T10:00', '2026-12-05T10:00', '2026-12-06T10:00'] }, 'times', INTERVIEW_TEXTS.tooManyTimes],
      [{ ...PROPOSAL, times: [] }, 'times', INTERVIEW_TEXTS.timesRequired],
      [{ ...PROPOSAL, place: 'http://meet.example.com/x' }, 'place', INTERVIEW_TEXTS.videoHttps],
      [{ ...PROPOSAL, place: 'meet.example.com/x' }, 'place', INTERVIEW_TEXTS.videoHttps],
      [{ ...PROPOSAL, place: '   ' }, 'place', INTERVIEW_TEXTS.placeEmpty],
      [{ ...PROPOSAL, place_kind: 'address', place: '' }, 'place', INTERVIEW_TEXTS.placeEmpty],
      [{ ...PROPOSAL, time_zone: 'Mars/Olympus' }, 'timeZone', INTERVIEW_TEXTS.timeZone],
    ];
    for (const [body, field, message] of cases) {
      const response = await post(acme.jar, url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors[field]).toBe(message);
    }
    // The plain form: the page again, with the message beside its field.
    const form = await postForm(t.app, url, { time_zone: 'America/Chicago', time: '2026-11-20T10:00', minutes: '45', place_kind: 'video', place: 'https://meet.example.com/x' }, { jar: acme.jar, xhr: false });
    expect(form.statusCode).toBe(400);
    expect(form.body).toContain(INTERVIEW_TEXTS.pastTime);
    expect(await count('interviews')).toBe(0);
    expect(await count('interview_slots')).toBe(0);
    expect(await t.app.db.selectFrom('conversations').select('id').execute()).toEqual([]);
  });

  it('another company and another seeker get 404 on every route', async () => {
    const { acme, sam, applicationId } = await setUp();
    const { interview_path: path } = await propose(acme.jar, applicationId);
    const view = pageData<InterviewPageProps>((await getPage(t.app, path, sam.jar)).body).props;
    const other = await companyWithJob(t.app, 'boss@other.example', { id: 'other', name: 'Other Co' }, 'Warehouse Lead');
    const pat = await seekerWithProfile(t.app, 'pat@example.com', 'Pat Other');

    expect((await getPage(t.app, `/candidates/${applicationId}/interview`, other.jar)).statusCode).toBe(404);
    expect((await post(other.jar, `/candidates/${applicationId}/interview`, PROPOSAL)).statusCode).toBe(404);
    for (const jar of [other.jar, pat.jar]) {
      expect((await getPage(t.app, path, jar)).statusCode).toBe(404);
      expect((await post(jar, `${path}/pick`, { slot: view.interview.slots[0]!.id, time_zone: 'America/Chicago' })).statusCode).toBe(404);
      expect((await post(jar, `${path}/other-times`, { note: 'x' })).statusCode).toBe(404);
      expect((await post(jar, `${path}/reschedule`, { time_zone: 'America/Chicago', time: '2026-12-01T10:00', place_kind: 'phone', place: '555' })).statusCode).toBe(404);
      expect((await post(jar, `${path}/cancel`, {})).statusCode).toBe(404);
    }
    const conversation = await t.app.db.selectFrom('conversations').select('id').executeTakeFirstOrThrow();
    const list = await t.app.inject({ method: 'GET', url: `/interviews?conversation=${conversation.id}`, headers: { ...sameOriginHeaders, cookie: pat.jar.header() } });
    expect(list.json()).toEqual({ interviews: [] });
    const row = await t.app.db.selectFrom('interviews').select(['status', 'sequence']).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'proposed' });
  });

  it('the candidate asks for other times in the conversation', async () => {
    const { acme, sam, applicationId } = await setUp();
    const { interview_path: path } = await propose(acme.jar, applicationId);
    const asked = await postForm(t.app, `${path}/other-times`, { note: 'Mornings next week work best.' }, { jar: sam.jar, xhr: false });
    expect(asked.statusCode).toBe(303);
    const messages = await t.app.db.selectFrom('messages').select(['author_side', 'body']).orderBy('created_at').execute();
    expect(messages.at(-1)).toMatchObject({ author_side: 'seeker' });
    expect(messages.at(-1)?.body).toContain('Mornings next week work best.');
    const row = await t.app.db.selectFrom('interviews').select('status').executeTakeFirstOrThrow();
    expect(row.status).toBe('other_times_asked');
    const note = await t.app.db.selectFrom('notifications').select(['kind', 'side']).where('account_id', '=', acme.accountId).where('kind', '=', 'interview').executeTakeFirst();
    expect(note).toEqual({ kind: 'interview', side: 'employer' });
  });
});

describe('the video call FAQ', () => {
  it('is a real page', async () => {
    const page = await getPage(t.app, '/video-call-faq');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Video interviews on Jobwise');
    expect(page.body).toContain('https://');
  });
});
