// References (issue 43, decision 0235). SQLite by default; PostgreSQL with TEST_DATABASE_URL.
import { afterEach, describe, expect, it } from 'vitest';
import { REFERENCE_MESSAGES } from '../../src/shared/references/references';
import { JOB_FORM, employerOfNewCompany, postJobForm } from '../support/employer-jobs-helpers';
import { mailbox } from '../support/registration-helpers';
import type { CookieJar } from '../support/registration-helpers';
import { getPage, postForm, signIn } from '../support/seeker-helpers';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
afterEach(async () => t?.close());
const start = async () => {
  t = await createTestApp({ RATE_LIMIT_ACTIONS_MAX: '1000', RATE_LIMIT_CLIENT_MAX: '1000' });
};
const DAY = 86_400_000;
const TEXT = 'Sam ran our night dock for two years: careful, on time, and the crew trusted him.';

const ask = (jar: CookieJar, fields: Record<string, string>) => postForm(t.app, '/candidate/references', fields, { jar, xhr: false });

/** The link in the newest request mailed to an address, as the person reads it. */
async function linkMailedTo(email: string): Promise<string> {
  const [message] = await mailbox(t.app, email);
  const link = message?.text.match(/\/submit-reference\/[^\s]+/)?.[0];
  if (!link) throw new Error(`no reference link mailed to ${email}`);
  return link;
}

const rows = async () => t.app.db.selectFrom('reference_requests').selectAll().execute();

describe('references', () => {
  it('asks by email, refuses a sixth, takes a reference once through the link, and the seeker decides what employers see', async () => {
    await start();
    const employer = await employerOfNewCompany(t.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
    expect((await postJobForm(t.app, employer.jar, '/post-a-job', JOB_FORM)).statusCode).toBe(303);
    const job = await t.app.db.selectFrom('jobs').select('listing_key').where('company_id', '=', 'acme').executeTakeFirstOrThrow();
    const sam = await signIn(t.app, 'sam.seeker@example.com');
    expect((await postForm(t.app, '/candidate/about', { full_name: 'Sam Seeker', phone: '+1 512 555 0101', location: 'Austin, TX', headline: 'Dock lead' }, { jar: sam, xhr: false })).statusCode).toBe(303);
    expect((await postForm(t.app, '/candidate/apply', { resume: 'none', listing_key: job.listing_key }, { jar: sam })).json().status).toBe('APPLIED');
    const application = await t.app.db.selectFrom('job_applications').select('id').executeTakeFirstOrThrow();

    const asked = await ask(sam, { name: 'Rita Ref', email: 'rita.ref@example.com', relationship: 'Manager at Dockside' });
    expect(asked.statusCode).toBe(303);
    const [mail] = await mailbox(t.app, 'rita.ref@example.com');
    expect(mail?.subject).toBe('Sam Seeker asked you for a reference');
    const link = await linkMailedTo('rita.ref@example.com');
    // The link's secret is not stored.
    const [stored] = await rows();
    expect(link).not.toContain(stored!.token_hash);
    expect(JSON.stringify(stored)).not.toContain(link.split('.')[1]!);

    for (const n of [2, 3, 4, 5]) expect((await ask(sam, { name: `Person ${n}`, email: `person${n}@example.com`, relationship: '' })).statusCode).toBe(303);
    const sixth = await ask(sam, { name: 'Person 6', email: 'person6@example.com', relationship: '' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.body).toContain('You can have up to 5 references asked or received');
    expect(await mailbox(t.app, 'person6@example.com')).toHaveLength(0);
    expect(await rows()).toHaveLength(5);

    // The reference giver writes without an account.
    const form = await getPage(t.app, link);
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('A reference for Sam Seeker');
    const sent = await postForm(t.app, link, { text: TEXT }, { xhr: false });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toMatch(/^\/reference-giver\/create-alert\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}\?sent=1$/);
    const again = await postForm(t.app, link, { text: 'A second, different reference that must not replace the first.' }, { xhr: false });
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain('already been sent');
    expect((await getPage(t.app, link)).statusCode).toBe(410);
    expect((await rows()).find((row) => row.referee_email === 'rita.ref@example.com')?.reference_text).toBe(TEXT);

    // Not shown until the seeker chooses.
    const page = async () => getPage(t.app, `/candidates/${application.id}`, employer.jar);
    expect((await page()).body).not.toContain('careful, on time');
    const mine = await getPage(t.app, '/candidate/references', sam);
    expect(mine.body).toContain('careful, on time');
    const id = (await rows()).find((row) => row.referee_email === 'rita.ref@example.com')!.id;
    expect((await postForm(t.app, `/candidate/references/${id}/shown`, { shown: '1' }, { jar: sam, xhr: false })).statusCode).toBe(303);
    const shown = await page();
    expect(shown.body).toContain('careful, on time');
    expect(shown.body).toContain('Rita Ref');
    expect((await postForm(t.app, `/candidate/references/${id}/shown`, { shown: '0' }, { jar: sam, xhr: false })).statusCode).toBe(303);
    expect((await page()).body).not.toContain('careful, on time');

    // Another seeker cannot show, hide or remove it; another company never sees it.
    const other = await signIn(t.app, 'otto.other@example.com');
    expect((await postForm(t.app, `/candidate/references/${id}/shown`, { shown: '1' }, { jar: other, xhr: false })).statusCode).toBe(404);
    expect((await postForm(t.app, `/candidate/references/${id}/remove`, {}, { jar: other, xhr: false })).statusCode).toBe(404);
    expect((await getPage(t.app, '/candidate/references', other)).body).not.toContain('Rita Ref');
    expect((await postForm(t.app, `/candidate/references/${id}/shown`, { shown: '1' }, { jar: sam, xhr: false })).statusCode).toBe(303);
    const rival = await employerOfNewCompany(t.app, 'boss@rival.example', { id: 'rival', name: 'Rival Freight' });
    const rivalView = await getPage(t.app, `/candidates/${application.id}`, rival.jar);
    expect(rivalView.body).not.toContain('careful, on time');

    // Removing one frees a place.
    const waiting = (await rows()).find((row) => row.referee_email === 'person5@example.com')!;
    expect((await postForm(t.app, `/candidate/references/${waiting.id}/remove`, {}, { jar: sam, xhr: false })).statusCode).toBe(303);
    expect((await ask(sam, { name: 'Person 6', email: 'person6@example.com', relationship: '' })).statusCode).toBe(303);
  });

  it('a link expires after 7 days and says so; a forged or altered link is refused', async () => {
    await start();
    const sam = await signIn(t.app, 'sam.seeker@example.com');
    expect((await ask(sam, { name: 'Rita Ref', email: 'rita.ref@example.com', relationship: '' })).statusCode).toBe(303);
    const link = await linkMailedTo('rita.ref@example.com');
    const altered = link.slice(0, -1) + (link.endsWith('A') ? 'B' : 'A');
    expect((await getPage(t.app, altered)).statusCode).toBe(404);
    expect((await postForm(t.app, altered, { text: TEXT }, { xhr: false })).statusCode).toBe(404);
    t.clock.advance(7 * DAY - 1000);
    expect((await getPage(t.app, link)).statusCode).toBe(200);
    t.clock.advance(1000);
    const expired = await getPage(t.app, link);
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('This link has expired');
    expect((await postForm(t.app, link, { text: TEXT }, { xhr: false })).statusCode).toBe(410);
    expect((await rows())[0]!.submitted_at).toBeNull();
    // An expired request no longer counts against the five.
    for (const n of [1, 2, 3, 4, 5]) expect((await ask(sam, { name: `Person ${n}`, email: `person${n}@example.com`, relationship: '' })).statusCode).toBe(303);
  });

  it('bad input stores nothing and sends nothing; the daily cap holds after removals', async () => {
    await start();
    const sam = await signIn(t.app, 'sam.seeker@example.com');
    const before = (await mailbox(t.app)).length;
    for (const fields of [
      { name: '', email: 'x@example.com', relationship: '' },
      { name: 'No Email', email: 'not-an-email', relationship: '' },
      { name: 'x'.repeat(101), email: 'x@example.com', relationship: '' },
      { name: 'Long', email: 'x@example.com', relationship: 'y'.repeat(121) },
      { name: 'Myself', email: 'SAM.seeker@example.com', relationship: '' },
    ]) expect((await ask(sam, fields)).statusCode).toBe(400);
    expect(await rows()).toHaveLength(0);
    expect((await mailbox(t.app)).length).toBe(before);
    expect((await ask(sam, { name: 'Rita', email: 'rita.ref@example.com', relationship: '' })).statusCode).toBe(303);
    expect((await ask(sam, { name: 'Rita again', email: 'Rita.Ref@example.com', relationship: '' })).body).toContain(REFERENCE_MESSAGES.alreadyAsked.replace(/'/g, '&#x27;'));
    const link = await linkMailedTo('rita.ref@example.com');
    expect((await postForm(t.app, link, { text: 'too short' }, { xhr: false })).statusCode).toBe(400);
    expect((await postForm(t.app, link, { text: 'z'.repeat(3001) }, { xhr: false })).statusCode).toBe(400);
    expect((await rows())[0]!.submitted_at).toBeNull();

    // Ask and remove, again and again: the tenth request of the day is the last.
    for (let n = 2; n <= 10; n += 1) {
      expect((await ask(sam, { name: `P${n}`, email: `p${n}@example.com`, relationship: '' })).statusCode).toBe(303);
      const row = (await rows()).find((r) => r.referee_email === `p${n}@example.com`)!;
      expect((await postForm(t.app, `/candidate/references/${row.id}/remove`, {}, { jar: sam, xhr: false })).statusCode).toBe(303);
    }
    const capped = await ask(sam, { name: 'P11', email: 'p11@example.com', relationship: '' });
    expect(capped.statusCode).toBe(429);
    expect(capped.body).toContain('up to 10 reference requests a day');
    t.clock.advance(DAY);
    expect((await ask(sam, { name: 'P11', email: 'p11@example.com', relationship: '' })).statusCode).toBe(303);
  });

  it('the reference giver gets a job alert of their own, once, on an account for their address', async () => {
    await start();
    const sam = await signIn(t.app, 'sam.seeker@example.com');
    expect((await ask(sam, { name: 'Rita Ref', email: 'Rita.Ref@example.com', relationship: '' })).statusCode).toBe(303);
    const link = await linkMailedTo('Rita.Ref@example.com');
    const sent = await postForm(t.app, link, { text: TEXT }, { xhr: false });
    const offer = sent.headers.location!;
    const page = await getPage(t.app, offer);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Your reference was sent to sam.seeker.');
    expect((await postForm(t.app, offer, { search: '', location: 'Austin, TX' }, { xhr: false })).statusCode).toBe(400);
    expect(await t.app.db.selectFrom('job_alerts').selectAll().execute()).toHaveLength(0);
    const created = await postForm(t.app, offer, { search: 'Warehouse supervisor', location: 'Austin, TX' }, { xhr: false });
    expect(created.statusCode).toBe(200);
    expect(created.body).toContain('Your job alert is set');
    const account = await t.app.db.selectFrom('accounts').select('id').where('email_normalized', '=', 'rita.ref@example.com').executeTakeFirstOrThrow();
    const alerts = await t.app.db.selectFrom('job_alerts').select(['account_id', 'search', 'location']).execute();
    expect(alerts).toEqual([{ account_id: account.id, search: 'Warehouse supervisor', location: 'Austin, TX' }]);
    expect((await postForm(t.app, offer, { search: 'Another', location: '' }, { xhr: false })).statusCode).toBe(410);
    expect(await t.app.db.selectFrom('job_alerts').selectAll().execute()).toHaveLength(1);
    // The request's own link cannot make an alert, nor an offer's link be used as a reference link.
    expect((await postForm(t.app, `/reference-giver/create-alert/${link.split('/').pop()}`, { search: 'x', location: '' }, { xhr: false })).statusCode).toBe(404);
    expect((await getPage(t.app, `/submit-reference/${offer.split('/').pop()!.split('?')[0]}`)).statusCode).toBe(404);
  });
});
