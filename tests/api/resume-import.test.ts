import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getPage, postForm, signIn, storedZip, upload } from '../support/seeker-helpers';
import { embeddedFontPdf } from '../support/pdfkit-pdf';
import { textPdf } from '../support/text-pdf';
import { createTestApp, sameOriginHeaders, type TestApp } from '../support/test-app';
import type { CookieJar } from '../support/registration-helpers';

// Filling the profile from the stored résumé (issue 43, decision 0302): the text of a real PDF and a
// DOCX, the review page, and only the ticked entries saved.

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const LINES = [
  'Grace Hopper',
  'Experience',
  'Charge Nurse, St. David’s Medical Center  Mar 2019 - Present',
  'Led a team of 12 nurses (nights)',
  'Staff Nurse at Seton Hospital',
  'June 2014 - February 2019',
  'Education',
  'University of Texas at Austin, Bachelor of Science in Nursing, 2010 - 2014',
  'Skills',
  'Patient care, IV therapy, Triage',
];
const paragraphs = (lines: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${lines
    .map((line) => `<w:p><w:r><w:t xml:space="preserve">${line.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</w:t></w:r></w:p>`)
    .join('')}</w:body></w:document>`;
const docx = (lines: string[]) => storedZip({ '[Content_Types].xml': '<?xml version="1.0"?><Types/>', 'word/document.xml': paragraphs(lines) });

/** The review's plain form: one `keep` field a ticked box. */
async function keep(jar: CookieJar, keys: string[]) {
  const { 'x-requested-with': _xhr, ...browser } = sameOriginHeaders;
  const payload = keys.map((key) => `keep=${encodeURIComponent(key)}`).join('&');
  return t.app.inject({ method: 'POST', url: '/candidate/resume/import', headers: { ...browser, 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() }, payload });
}

const entries = async () =>
  (await t.app.db.selectFrom('seeker_profile_entries').select(['kind', 'fields']).orderBy('created_at').execute()).map((row) => ({ kind: row.kind, fields: JSON.parse(row.fields) as Record<string, unknown> }));

describe('filling the profile from the résumé', () => {
  it.each([
    ['a PDF (Flate-compressed)', 'grace.pdf', 'application/pdf', () => textPdf(LINES.map((line) => line.replace('’', "'")))],
    ['an uncompressed PDF', 'grace.pdf', 'application/pdf', () => textPdf(LINES.map((line) => line.replace('’', "'")), { compress: false })],
    // Embedded subset fonts, as résumé builders write them: read by pdfjs (decision 0312).
    ['a PDF with an embedded subset font', 'grace.pdf', 'application/pdf', () => embeddedFontPdf(LINES)],
    ['a DOCX', 'grace.docx', DOCX, () => docx(LINES)],
  ])('reads %s into a review, saves nothing until the seeker sends what they ticked', async (_name, fileName, type, bytes) => {
    const jar = await signIn(t.app, 'grace@example.com');
    expect((await upload(t.app, jar, fileName, type, await bytes())).statusCode).toBe(200);
    const review = await getPage(t.app, '/candidate/resume/import', jar);
    expect(review.statusCode).toBe(200);
    expect(review.headers['cache-control']).toBe('private, no-store');
    for (const text of ['Charge Nurse', 'Seton Hospital', 'Bachelor of Science in Nursing', 'IV therapy', fileName]) expect(review.body).toContain(text);
    // The box named keep for work-0 is ticked, its attributes in any order (CheckboxField writes its own after the caller's).
    expect(review.body).toMatch(/<input(?=[^>]*name="keep")(?=[^>]*value="work-0")(?=[^>]*checked="")[^>]*>/);
    expect(await entries()).toEqual([]);
    // The seeker keeps the first job, the school and one skill.
    const kept = await keep(jar, ['work-0', 'education-0', 'skill-1']);
    expect(kept.statusCode).toBe(303);
    expect(kept.headers.location).toBe('/candidate/about?section=saved#section-work');
    const saved = await entries();
    expect(saved.map((entry) => entry.kind)).toEqual(['work', 'education', 'skills']);
    expect(saved[0]!.fields).toMatchObject({ title: 'Charge Nurse', start_month: '2019-03', end_month: '', current: true, description: 'Led a team of 12 nurses (nights)' });
    expect(String(saved[0]!.fields.employer)).toMatch(/^St\. David.s Medical Center$/);
    expect(saved[1]!.fields).toEqual({ school: 'University of Texas at Austin', qualification: 'Bachelor of Science in Nursing', start_year: '2010', end_year: '2014' });
    expect(saved[2]!.fields).toEqual({ name: 'IV therapy' });
    // The employer sees them on the profile page's sections; a skill kept once is not offered again.
    expect((await getPage(t.app, '/candidate/resume/import', jar)).body).not.toMatch(/<span>IV therapy<\/span>/);
  });

  it('refuses a post with nothing ticked (or keys it does not know) and saves nothing', async () => {
    const jar = await signIn(t.app, 'ada@example.com');
    await upload(t.app, jar, 'ada.pdf', 'application/pdf', textPdf(LINES));
    for (const keys of [[], ['work-99'], ['salary-0'], ["'; drop table accounts; --"]]) {
      const refused = await keep(jar, keys);
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain('Tick at least one entry to add, or go back to your profile.');
    }
    expect(await entries()).toEqual([]);
  });

  it('says so when the résumé has no text it can read (a scan) or nothing under the headings', async () => {
    const jar = await signIn(t.app, 'scan@example.com');
    await upload(t.app, jar, 'scan.pdf', 'application/pdf', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(3000, 0x20)]));
    expect((await getPage(t.app, '/candidate/resume/import', jar)).body).toContain('We could not read the text of this résumé.');
    // Encrypted: the same message; the stored résumé and the profile are left as they were.
    await upload(t.app, jar, 'locked.pdf', 'application/pdf', await embeddedFontPdf(LINES, { userPassword: 'secret' }));
    const locked = await getPage(t.app, '/candidate/resume/import', jar);
    expect(locked.statusCode).toBe(200);
    expect(locked.body).toContain('We could not read the text of this résumé.');
    expect(locked.body).toContain('locked.pdf');
    expect(await entries()).toEqual([]);
    await upload(t.app, jar, 'letter.docx', DOCX, docx(['Dear hiring manager,', 'I would like to apply.']));
    const letter = await getPage(t.app, '/candidate/resume/import', jar);
    expect(letter.body).toContain('We found no work history, education or skills we could read in this résumé.');
    expect(letter.body).not.toContain('Add to my profile');
  });

  it('keeps within the section limits, sends a seeker without a résumé to upload one, and a visitor to log in', async () => {
    const jar = await signIn(t.app, 'many@example.com');
    const skills = Array.from({ length: 49 }, (_, at) => `Skill ${at}`);
    for (const name of skills) await postForm(t.app, '/candidate/about/sections/skills', { name }, { jar });
    await upload(t.app, jar, 'cv.pdf', 'application/pdf', textPdf(['Skills', 'Welding, Forklift, Rigging']));
    const kept = await keep(jar, ['skill-0', 'skill-1', 'skill-2']);
    expect(kept.statusCode).toBe(303);
    expect((await entries()).filter((entry) => entry.kind === 'skills')).toHaveLength(50);
    const none = await signIn(t.app, 'nocv@example.com');
    expect((await getPage(t.app, '/candidate/resume/import', none)).headers.location).toBe('/candidate/resume');
    expect((await getPage(t.app, '/candidate/resume/import')).headers.location).toBe(`/authn/login?next=${encodeURIComponent('/candidate/resume/import')}`);
  });

  it("reads only the signed-in person's own résumé", async () => {
    const ada = await signIn(t.app, 'ada@example.com');
    await upload(t.app, ada, 'ada.pdf', 'application/pdf', textPdf(['Skills', 'Analytical engines']));
    const bob = await signIn(t.app, 'bob@example.com');
    const page = await getPage(t.app, '/candidate/resume/import', bob);
    expect(page.statusCode).toBe(303);
    expect(page.body).not.toContain('Analytical engines');
  });
});
