// Issue 44, "the résumé shown inline" (decision 0319): the application page draws a PDF résumé with
// pdfjs (its pages, their text, the page count, fit width and zoom), loads pdfjs only there, runs its
// worker from our own origin under the site's policy, and keeps the download; a broken file or a browser
// without script gets a clear message and the download. At 375 and 1440 px, axe, screenshots.
import type { BrowserContext, Page } from '@playwright/test';
import PDFDocument from 'pdfkit';
import { expect, test } from './test';
import { employerWithCompany, jobWithApplicants, signedIn } from './arrange';
import { collectPageErrors, expectNoAxeViolations, screenshot, VIEWPORTS } from './support';
import { newVisitor, uniqueEmail } from './visitor';

test.describe.configure({ timeout: 120_000 });

/** A two-page résumé as a résumé builder writes one, with text on each page. */
function resumePdf(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 72 });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(24).text('Grace Hopper');
    doc.fontSize(12).text('Forklift operator, night shifts at the Austin depot since 2019.');
    doc.addPage().fontSize(12).text('Certificates: OSHA forklift licence, first aid.');
    doc.end();
  });
}

/** The seeker behind the application uploads `file` as their résumé, as on the Résumé tab. */
async function seekerUploads(browser: Parameters<typeof newVisitor>[0], email: string, file: { name: string; buffer: Buffer }) {
  const seeker = await newVisitor(browser);
  await signedIn(seeker.context, email);
  await seeker.page.goto('/candidate/resume');
  await seeker.page.getByLabel('Upload your résumé').setInputFiles({ ...file, mimeType: 'application/pdf' });
  await seeker.page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(seeker.page.getByText('Your résumé is uploaded.')).toBeVisible();
  await seeker.context.close();
}

/** The applicant's address as arrange.ts names its seekers. */
const applicantEmail = (name: string, jobId: string) => `${name.toLowerCase().replace(/[^a-z]+/g, '.')}.${jobId}@example.com`;

async function employerWithApplicants(context: BrowserContext, label: string, names: string[]) {
  const { companyId } = await employerWithCompany(context, uniqueEmail(`viewer-${label}`), { name: `Viewer Freight ${label}` });
  return jobWithApplicants(companyId, `Forklift Operator ${label}`, names);
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

for (const viewport of ['phone', 'desktop'] as const) {
  test(`an employer reads a PDF résumé in the application page (${viewport})`, async ({ browser }) => {
    const { context, page } = await newVisitor(browser, { viewport });
    const errors = collectPageErrors(page);
    const { jobId, applicationIds } = await employerWithApplicants(context, viewport, ['Grace Hopper', 'Alan Turing']);
    await seekerUploads(browser, applicantEmail('Grace Hopper', jobId), { name: 'grace-hopper.pdf', buffer: await resumePdf() });
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(request.url()));
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));

    // Without a PDF résumé the page loads nothing of pdfjs.
    await page.goto(`/candidates/${applicationIds[1]}`);
    await expect(page.getByRole('region', { name: 'Résumé' }).getByText('No résumé')).toBeVisible();
    expect(fetched.filter((url) => /pdf/i.test(url))).toEqual([]);

    const answer = await page.goto(`/candidates/${applicationIds[0]}`);
    expect(answer!.headers()['content-security-policy']).toMatch(/(^|;)\s*worker-src 'self'(;|$)/);
    const resume = page.getByRole('region', { name: 'Résumé', exact: true });
    await expect(resume.getByText('Page 1 of 2')).toBeVisible();
    const pages = resume.getByRole('region', { name: 'Résumé of Grace Hopper' });
    await expect(pages).toContainText('Grace Hopper');
    await expect(pages).toContainText('night shifts at the Austin depot');
    await expect(resume.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    // The worker ran as a worker, from our own origin: no main-thread stand-in, no blob: address.
    expect(workers).toEqual([expect.stringMatching(new RegExp(`^${new URL(page.url()).origin}/assets/pdf\\.worker[^/]*\\.mjs$`))]);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await pages.scrollIntoViewIfNeeded();
    await screenshot(page, `resume-viewer-${viewport}`, { viewport: true });

    await resume.getByRole('button', { name: 'Next page' }).click();
    await expect(resume.getByText('Page 2 of 2')).toBeVisible();
    await expect(pages).toContainText('OSHA forklift licence');
    await expect(pages).not.toContainText('Grace Hopper');
    await expect(resume.getByRole('button', { name: 'Next page' })).toBeDisabled();

    // Zoomed in, the page scrolls inside its box; the page itself never scrolls sideways.
    const fitWidth = await resume.locator('canvas').boundingBox();
    await resume.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(async () => (await resume.locator('canvas').boundingBox())!.width).toBeGreaterThan(fitWidth!.width * 1.2);
    await expectNoSidewaysScroll(page);
    await resume.getByRole('button', { name: 'Fit width' }).click();
    await expect.poll(async () => Math.round((await resume.locator('canvas').boundingBox())!.width)).toBe(Math.round(fitWidth!.width));

    const [download] = await Promise.all([page.waitForEvent('download'), resume.getByRole('link', { name: 'Download grace-hopper.pdf' }).click()]);
    expect(download.suggestedFilename()).toBe('grace-hopper.pdf');

    if (viewport === 'desktop') {
      await page.setViewportSize(VIEWPORTS.tablet);
      await expect(resume.getByText('Page 2 of 2')).toBeVisible();
      await expectNoSidewaysScroll(page);
      await pages.scrollIntoViewIfNeeded();
      await screenshot(page, 'resume-viewer-tablet', { viewport: true });
    }
    expect(errors).toEqual([]);
    await context.close();
  });
}

test('a PDF pdfjs cannot read, and a browser without script, get a message and the download (phone)', async ({ browser }) => {
  const { context, page } = await newVisitor(browser, { viewport: 'phone' });
  const { jobId, applicationIds } = await employerWithApplicants(context, 'broken', ['Ada Lovelace']);
  await seekerUploads(browser, applicantEmail('Ada Lovelace', jobId), { name: 'ada.pdf', buffer: Buffer.from('%PDF-1.7\n%%EOF\n') });

  await page.goto(`/candidates/${applicationIds[0]}`);
  const resume = page.getByRole('region', { name: 'Résumé', exact: true });
  await expect(resume.getByRole('status')).toHaveText('This PDF could not be shown here. Download it to read it.');
  await expect(resume.getByRole('link', { name: 'Download ada.pdf' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'resume-viewer-broken', { viewport: false });

  // Without script the server's page says why nothing is drawn (a <noscript> message) and keeps the link.
  const html = await (await context.request.get(`/candidates/${applicationIds[0]}`)).text();
  expect(html).toMatch(/<noscript><p class="pdf-viewer-message">This PDF shows here with JavaScript on\. Download it to read it\.<\/p><\/noscript>/);
  const plain = await browser.newContext({ viewport: VIEWPORTS.phone, javaScriptEnabled: false, storageState: await context.storageState() });
  const plainPage = await plain.newPage();
  await plainPage.goto(`/candidates/${applicationIds[0]}`);
  const plainResume = plainPage.getByRole('region', { name: 'Résumé', exact: true });
  await expect(plainResume.getByRole('link', { name: 'Download ada.pdf' })).toHaveAttribute('href', `/candidates/${applicationIds[0]}/resume`);
  await plain.close();
  await context.close();
});
