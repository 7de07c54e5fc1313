// "Download as PDF" (issue 43, decision 0312): a signed-in seeker's profile made into a PDF résumé,
// streamed; read back with the same pdfjs reader the résumé import uses. SQLite by default; PostgreSQL
// with TEST_DATABASE_URL. Only the person's own profile, only the contact details they ticked.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readPdfText } from '../../src/server/features/seeker/pdf-text';
import { employerOfNewCompany } from '../support/employer-jobs-helpers';
import type { CookieJar } from '../support/registration-helpers';
import { getPage, postForm, signIn } from '../support/seeker-helpers';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ RATE_LIMIT_ACTIONS_MAX: '100000', RATE_LIMIT_CLIENT_MAX: '100000' });
});
afterEach(async () => t.close());

const PDF_PATH = '/candidate/profile/resume.pdf';

async function seekerWithProfile(email: string, name: string) {
  const jar = await signIn(t.app, email);
  expect((await postForm(t.app, '/candidate/about', { full_name: name, phone: '+1 512 555 0100', location: 'Austin, TX', headline: 'Charge nurse' }, { jar, xhr: false })).statusCode).toBe(303);
  const add = async (kind: string, fields: Record<string, string>) => expect((await postForm(t.app, `/candidate/about/sections/${kind}`, fields, { jar })).statusCode).toBe(200);
  await add('work', { title: 'Charge Nurse', employer: 'St. David’s Medical Center', start_month: '2019-03', end_month: '', current: 'on', description: 'Led a team of 12 nurses on nights.' });
  await add('work', { title: 'Staff Nurse', employer: 'Seton Hospital', start_month: '2014-06', end_month: '2019-02', description: '' });
  await add('education', { school: 'University of Texas at Austin', qualification: 'Bachelor of Science in Nursing', start_year: '2010', end_year: '2014' });
  await add('skills', { name: 'IV therapy' });
  await add('licences', { name: 'Registered Nurse', issuer: 'Texas Board of Nursing', expires_month: '2027-01' });
  await add('links', { kind: 'linkedin', url: 'https://www.linkedin.com/in/zoe-angstrom' });
  return jar;
}

async function pdfOf(jar: CookieJar | undefined, query = '') {
  const response = await getPage(t.app, `${PDF_PATH}${query}`, jar);
  return { response, text: response.statusCode === 200 ? await textOf(response.rawPayload) : '' };
}
async function textOf(bytes: Buffer) {
  const read = await readPdfText(bytes, { maxChars: 100_000 });
  if (!read.ok) throw new Error(`unreadable PDF: ${read.reason}`);
  return read.text;
}

describe('Download as PDF', () => {
  it("is a PDF of the seeker's profile: name, headline, place, the contact ticked, every section", async () => {
    const zoe = await seekerWithProfile('zoe@example.com', 'Zoë Ångström');
    const { response, text } = await pdfOf(zoe, '?email=on&phone=on');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename=Zoe-Angstrom-resume.pdf');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Embedded (subset) Liberation Sans: the name keeps its letters.
    expect(response.rawPayload.toString('latin1')).toContain('/FontFile2');
    const lines = text.split('\n');
    for (const line of [
      'Zoë Ångström',
      'Charge nurse',
      'Charge Nurse, St. David’s Medical Center',
      'Mar 2019 – now',
      'Led a team of 12 nurses on nights.',
      'Staff Nurse, Seton Hospital',
      'Bachelor of Science in Nursing, University of Texas at Austin',
      'IV therapy',
      'Registered Nurse (Texas Board of Nursing, expires Jan 2027)',
      'LinkedIn: https://www.linkedin.com/in/zoe-angstrom',
    ])
      expect(lines).toContain(line);
    expect(text).toContain('Austin, TX');
    expect(text).toContain('zoe@example.com');
    expect(text).toContain('+1 512 555 0100');
    // Newest job first, as the profile shows it.
    expect(text.indexOf('Charge Nurse,')).toBeLessThan(text.indexOf('Staff Nurse,'));
  });

  it('shows only the contact details ticked', async () => {
    const zoe = await seekerWithProfile('zoe@example.com', 'Zoë Ångström');
    const none = await pdfOf(zoe);
    expect(none.text).toContain('Zoë Ångström');
    expect(none.text).not.toContain('zoe@example.com');
    expect(none.text).not.toContain('555 0100');
    const phoneOnly = await pdfOf(zoe, '?phone=on&email=yes');
    expect(phoneOnly.text).toContain('+1 512 555 0100');
    expect(phoneOnly.text).not.toContain('zoe@example.com');
  });

  it("is the signed-in seeker's own: another seeker gets theirs, a visitor logs in, an employer is refused, no profile asks for one", async () => {
    await seekerWithProfile('zoe@example.com', 'Zoë Ångström');
    const bob = await signIn(t.app, 'bob@example.com');
    await postForm(t.app, '/candidate/about', { full_name: 'Bob Builder', phone: '+1 512 555 0199', location: 'Dallas, TX', headline: '' }, { jar: bob, xhr: false });
    const bobs = await pdfOf(bob, '?email=on');
    expect(bobs.text).toContain('Bob Builder');
    expect(bobs.text).not.toMatch(/Zoë|Charge Nurse|zoe@example\.com/);
    const visitor = await pdfOf(undefined);
    expect(visitor.response.statusCode).toBe(303);
    expect(visitor.response.headers.location).toBe(`/authn/login?next=${encodeURIComponent(PDF_PATH)}`);
    expect(visitor.response.headers['content-type'] ?? '').not.toContain('pdf');
    const employer = await employerOfNewCompany(t.app, 'boss@acme.example', { id: 'acme', name: 'Acme' });
    const refused = await pdfOf(employer.jar);
    expect(refused.response.statusCode).not.toBe(200);
    expect(refused.response.headers['content-type'] ?? '').not.toContain('pdf');
    const fresh = await signIn(t.app, 'new@example.com');
    const noProfile = await pdfOf(fresh);
    expect(noProfile.response.statusCode).toBe(303);
    expect(noProfile.response.headers.location).toBe(`/candidate/about?next=${encodeURIComponent('/candidate/resume')}`);
  });

  it('the Résumé tab offers it, with the contact boxes', async () => {
    const zoe = await seekerWithProfile('zoe@example.com', 'Zoë Ångström');
    const page = await getPage(t.app, '/candidate/resume', zoe);
    expect(page.body).toContain(`action="${PDF_PATH}"`);
    expect(page.body).toMatch(/<button[^>]*>Download as PDF<\/button>/);
    expect(page.body).toMatch(/name="email"[^>]*checked/);
  });
});
