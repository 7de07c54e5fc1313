// Every file Jobwise sends names itself as RFC 6266 says, whatever script its name is in (issue 41,
// finding 5). SQLite by default; PostgreSQL with TEST_DATABASE_URL.
import { parse } from 'content-disposition';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apply, companyWithJob, seekerWithProfile } from '../support/applicant-mail-helpers';
import { docxBytes, getPage, pdfBytes, upload } from '../support/seeker-helpers';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ RATE_LIMIT_ACTIONS_MAX: '1000', RATE_LIMIT_CLIENT_MAX: '1000' });
});
afterEach(async () => t.close());

/** The disposition and the name a browser reads from the header (the UTF-8 name where there is one). */
function named(header: unknown): { type: string; filename: string | undefined } {
  const { type, parameters } = parse(String(header));
  return { type, filename: parameters.filename };
}

const NAMES = ['Życiorys.pdf', 'резюме.pdf', '履歴書.pdf', 'Ana María Núñez CV.pdf'];

describe('a résumé with any name', () => {
  it.each(NAMES)('downloads %s for its owner, named as it was uploaded', async (name) => {
    const seeker = await seekerWithProfile(t.app, 'names@example.com');
    expect((await upload(t.app, seeker.jar, name, 'application/pdf', pdfBytes())).statusCode).toBe(200);
    const file = await getPage(t.app, '/candidate/resume/file', seeker.jar);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(named(file.headers['content-disposition'])).toEqual({ type: 'attachment', filename: name });
  });

  it('opens in the employer’s inbox under its name: a PDF inline, a Word file as a download', async () => {
    const acme = await companyWithJob(t.app, 'boss@acme.example', { id: 'acme', name: 'Acme Freight' });
    const seeker = await seekerWithProfile(t.app, 'names@example.com');
    const applicationId = await apply(t.app, seeker, acme.jobId);
    await upload(t.app, seeker.jar, 'Życiorys.pdf', 'application/pdf', pdfBytes());
    const pdf = await getPage(t.app, `/candidates/${applicationId}/resume`, acme.jar);
    expect(pdf.statusCode).toBe(200);
    expect(named(pdf.headers['content-disposition'])).toEqual({ type: 'inline', filename: 'Życiorys.pdf' });

    await upload(t.app, seeker.jar, '履歴書.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', docxBytes());
    const docx = await getPage(t.app, `/candidates/${applicationId}/resume`, acme.jar);
    expect(docx.statusCode).toBe(200);
    expect(named(docx.headers['content-disposition'])).toEqual({ type: 'attachment', filename: '履歴書.docx' });
  });
});
