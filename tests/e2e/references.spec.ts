// References (issue 43, decision 0235): a seeker asks, the person asked writes through the emailed link in
// a browser of their own, and the seeker reads it and shows it to employers. Phone first, then desktop.
import { expect, test } from './test';
import { signedIn } from './arrange';
import { VIEWPORTS, expectNoAxeViolations, screenshot } from './support';
import { newVisitor, uniqueEmail, waitForMail } from './visitor';

test.describe.configure({ timeout: 120_000 });

test('a seeker asks for a reference, the person writes it through the link, the seeker shows it (phone)', async ({ browser }) => {
  const { context, page } = await newVisitor(browser, { viewport: 'phone' });
  await signedIn(context, uniqueEmail('references-seeker'));
  const referee = uniqueEmail('references-giver');

  await page.goto('/candidate/references');
  await expect(page.getByRole('heading', { level: 1, name: 'References' })).toBeVisible();
  await page.getByLabel('Their name').fill('Rita Ref');
  await page.getByLabel('Their email').fill(referee);
  await page.getByLabel('How you know them (optional)').fill('Shift manager at Dockside');
  await page.getByRole('button', { name: 'Send the request' }).click();
  await expect(page.getByRole('status')).toContainText('Request sent');
  await expect(page.getByText('Waiting for an answer')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'references-asked');

  // The person asked opens the link from their own mail, in a browser of their own, without an account.
  const mail = await waitForMail(page, referee, /asked you for a reference$/);
  const link = mail.text.match(/https?:\/\/\S+\/submit-reference\/\S+/)?.[0];
  expect(link).toBeTruthy();
  const giver = await newVisitor(browser, { viewport: 'phone' });
  await giver.page.goto(new URL(link!).pathname);
  await expect(giver.page.getByRole('heading', { level: 1, name: /^A reference for / })).toBeVisible();
  await expectNoAxeViolations(giver.page);
  await screenshot(giver.page, 'references-write');
  await giver.page.getByLabel('Your reference').fill('Rita here: two years on the night dock, always on time, and the crew trusted every call.');
  await giver.page.getByRole('button', { name: 'Send the reference' }).click();
  await expect(giver.page.getByRole('status')).toContainText('Thank you! Your reference was sent');
  await expect(giver.page.getByRole('heading', { level: 1, name: 'Job alerts for you' })).toBeVisible();
  await expectNoAxeViolations(giver.page);
  await screenshot(giver.page, 'references-giver-alert');
  // The link works once.
  await giver.page.goto(new URL(link!).pathname);
  await expect(giver.page.getByRole('heading', { level: 1, name: 'Reference already sent' })).toBeVisible();
  await giver.context.close();

  await page.reload();
  await expect(page.getByText('the crew trusted every call')).toBeVisible();
  await expect(page.getByText('Only you see this reference.')).toBeVisible();
  await page.getByRole('button', { name: 'Show the reference from Rita Ref to employers' }).click();
  await expect(page.getByRole('status')).toContainText('Employers now see this reference');
  await expect(page.getByText('Employers see this reference.')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'references-shown');
  await page.setViewportSize(VIEWPORTS.desktop);
  await screenshot(page, 'references-shown');
  await context.close();
});
