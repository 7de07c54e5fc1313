import { expect, test, type Page } from './test';
import { inE2eDatabase, signedIn } from './arrange';
import { collectPageErrors, expectNoAxeViolations, screenshot } from './support';
import { newVisitor, openOnSiteJob, uniqueEmail } from './visitor';

// Apply without a dead end (issue 43, decision 0233): a new seeker applies from the job page through
// the missing steps, without leaving it; and without JavaScript the same steps are a page.

test.describe.configure({ timeout: 150_000 });

/** An on-site job no other spec applies to, given one screening question (the test's setting). */
async function jobWithQuestion(page: Page): Promise<string> {
  const jobPath = await openOnSiteJob(page, 'nurse');
  const listingKey = await page.locator('input[name="listing_key"]').first().inputValue();
  await inE2eDatabase(async (db) => {
    const job = await db.selectFrom('jobs').select('id').where('listing_key', '=', listingKey).executeTakeFirstOrThrow();
    await db.insertInto('job_screening_questions').values({ job_id: job.id, position: 0, text: 'Can you work nights?', kind: 'yes_no', deal_breaker: 0, expected: null }).onConflict((c) => c.doNothing()).execute();
  });
  return jobPath;
}

test('a new seeker applies through contact details, a résumé upload, the question and the review, in a sheet (phone)', async ({ browser }) => {
  const { context, page } = await newVisitor(browser, { viewport: 'phone', hideSpotlight: true });
  const errors = collectPageErrors(page);
  await signedIn(context, uniqueEmail('apply-sheet'));
  const jobPath = await jobWithQuestion(page);
  await page.goto(jobPath);
  let navigated = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigated = true;
  });

  // The question is answered on the page later, in the sheet: the Apply button asks for what is missing.
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  const sheet = page.getByRole('dialog');
  await expect(sheet.getByRole('heading', { name: 'Your contact details' })).toBeVisible();
  await expect(sheet).toHaveAttribute('data-presentation', 'sheet');
  await expectNoAxeViolations(page);
  await screenshot(page, 'apply-sheet-contact', { viewport: true });
  await sheet.getByLabel('Full name').fill('Grace Hopper');
  await sheet.getByLabel('Phone').fill('12');
  await sheet.getByLabel('City and state, or ZIP code').fill('Austin, TX');
  await sheet.getByRole('button', { name: 'Continue' }).click();
  await expect(sheet.getByText('Phone number is invalid').first()).toBeVisible();
  await expect(sheet.getByLabel('Full name')).toHaveValue('Grace Hopper');
  await sheet.getByLabel('Phone').fill('(512) 555-0199');
  await sheet.getByRole('button', { name: 'Continue' }).click();

  await expect(sheet.getByRole('heading', { name: 'Your résumé' })).toBeVisible();
  await sheet.getByLabel('Upload a résumé').check();
  await sheet.getByLabel('Résumé file').setInputFiles({ name: 'grace-cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n%%EOF\n') });
  await expectNoAxeViolations(page);
  await screenshot(page, 'apply-sheet-resume', { viewport: true });
  await sheet.getByRole('button', { name: 'Continue' }).click();

  await expect(sheet.getByRole('heading', { name: 'The employer asks' })).toBeVisible();
  await sheet.getByRole('radio', { name: 'Yes' }).check();
  await expectNoAxeViolations(page);
  await screenshot(page, 'apply-sheet-question', { viewport: true });
  await sheet.getByRole('button', { name: 'Continue' }).click();

  await expect(sheet.getByRole('heading', { name: 'Review your application' })).toBeVisible();
  const review = sheet.locator('.apply-preview');
  await expect(review).toContainText('Grace Hopper');
  await expect(review).toContainText('+15125550199');
  await expect(review).toContainText('grace-cv.pdf');
  await expect(review).toContainText('Can you work nights?');
  await expectNoAxeViolations(page);
  await screenshot(page, 'apply-sheet-review', { viewport: true });
  await sheet.getByRole('button', { name: 'Send application' }).click();

  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('Application sent.')).toBeVisible();
  await expect(page.getByRole('main').getByText('Applied', { exact: true })).toBeVisible();
  expect(navigated).toBe(false);
  await expectNoAxeViolations(page);
  await screenshot(page, 'apply-sheet-sent');
  // The 409 (no profile yet) and the 400 (a wrong phone) are answers the steps read, not failures.
  expect(errors.filter((error) => !error.startsWith('Failed to load resource'))).toEqual([]);
  await context.close();
});

test('the dialog on desktop, and the same steps as a page without JavaScript (desktop)', async ({ browser }) => {
  const email = uniqueEmail('apply-desktop');
  const withScript = await newVisitor(browser, { viewport: 'desktop', hideSpotlight: true });
  await signedIn(withScript.context, email);
  await openOnSiteJob(withScript.page, 'cashier');
  await withScript.page.getByRole('button', { name: 'Apply', exact: true }).click();
  const modal = withScript.page.getByRole('dialog');
  await expect(modal.getByRole('heading', { name: 'Your contact details' })).toBeVisible();
  await expect(modal).toHaveAttribute('data-presentation', 'modal');
  await expectNoAxeViolations(withScript.page);
  await screenshot(withScript.page, 'apply-dialog-contact', { viewport: true });
  // The steps page itself (axe needs script, so here rather than in the browser without it).
  await withScript.page.goto(`/candidate/apply/${await withScript.page.locator('input[name="listing_key"]').first().inputValue()}`);
  await expect(withScript.page.getByRole('heading', { level: 1, name: 'Your contact details' })).toBeVisible();
  await expectNoAxeViolations(withScript.page);
  await screenshot(withScript.page, 'apply-page-contact');
  await withScript.context.close();

  const plain = await newVisitor(browser, { viewport: 'desktop', javaScriptEnabled: false });
  await signedIn(plain.context, uniqueEmail('apply-plain'));
  const jobPath = await openOnSiteJob(plain.page, 'cashier');
  await plain.page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(plain.page.getByRole('heading', { level: 1, name: 'Your contact details' })).toBeVisible();
  await plain.page.getByLabel('Full name').fill('Alan Turing');
  await plain.page.getByLabel('Phone').fill('+44 20 7946 0958');
  await plain.page.getByLabel('City and state, or ZIP code').fill('Austin, TX');
  await plain.page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(plain.page.getByRole('heading', { level: 1, name: 'Your résumé' })).toBeVisible();
  await screenshot(plain.page, 'apply-page-resume');
  await plain.page.getByLabel('Apply without a résumé').check();
  await plain.page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(plain.page.getByRole('heading', { level: 1, name: 'Review your application' })).toBeVisible();
  await expect(plain.page.locator('.apply-preview')).toContainText('No résumé');
  await screenshot(plain.page, 'apply-page-review');
  await plain.page.getByRole('button', { name: 'Send application' }).click();
  await expect(plain.page).toHaveURL(new RegExp(`${jobPath}$`));
  await expect(plain.page.getByRole('main').getByText('Applied', { exact: true })).toBeVisible();
  await plain.context.close();
});
