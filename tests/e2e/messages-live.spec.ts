// Issue 42, a conversation live (decision 0230): the employer (1440 px) and the candidate (375 px) each
// have the conversation open in their own browser; the employer sends; the candidate's page shows the
// message within 2 s without a reload, and reading it there counts as read. Axe on both pages.
import { expect, test } from './test';
import { employerWithCompany, inE2eDatabase, signedIn } from './arrange';
import { conversationBetween } from '../support/conversations';
import { collectPageErrors, expectNoAxeViolations, screenshot } from './support';
import { newVisitor, uniqueEmail } from './visitor';

test('a message sent by the employer appears on the candidate’s open conversation without a reload', async ({ browser }) => {
  const employer = await newVisitor(browser, { viewport: 'desktop' });
  const seeker = await newVisitor(browser, { viewport: 'phone', hideSpotlight: true });
  const errors = [...[employer, seeker].map((person) => collectPageErrors(person.page))];
  const company = await employerWithCompany(employer.context, uniqueEmail('live-employer'), { name: 'Riverside Logistics' });
  const candidate = await signedIn(seeker.context, uniqueEmail('live-seeker'));
  const { conversationId } = await inE2eDatabase((db) =>
    conversationBetween(db, { companyId: company.companyId, employerAccountId: company.accountId, seekerAccountId: candidate.accountId, seekerName: 'Lena Ortiz', now: Date.now() }),
  );
  const path = `/messages/${conversationId}`;

  await seeker.page.goto(path);
  await expect(seeker.page.getByRole('heading', { level: 1, name: 'Riverside Logistics' })).toBeVisible();
  await employer.page.goto(path);
  await expect(employer.page.getByText('Hello, thanks for applying.')).toBeVisible();
  // The candidate's page reloads only if something navigates it: a marker on its window would be gone.
  await seeker.page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  const text = `Can you start Monday at 7? (${Math.random().toString(36).slice(2, 7)})`;
  await employer.page.getByLabel('Your message').fill(text);
  await employer.page.getByRole('button', { name: 'Send' }).click();
  await expect(employer.page.getByRole('status')).toHaveText('Message sent.');
  const sentAt = Date.now();
  const arrived = seeker.page.getByRole('list', { name: 'Messages' }).getByText(text);
  await expect(arrived).toBeVisible({ timeout: 2000 });
  expect(Date.now() - sentAt).toBeLessThan(2000);
  expect(await seeker.page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await expect(seeker.page.getByRole('listitem').filter({ hasText: text })).toContainText('Riverside Logistics');

  // Seen on the open page counts as read: the employer's message shows "Seen" on their next load.
  await expect
    .poll(async () => {
      await employer.page.reload();
      return employer.page.getByText('Seen', { exact: true }).isVisible();
    }, { timeout: 5000 })
    .toBe(true);

  // The candidate answers with a form post; the employer's open page shows it too.
  await employer.page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  await seeker.page.getByLabel('Your message').fill('Monday at 7 works.');
  await seeker.page.getByRole('button', { name: 'Send' }).click();
  await expect(employer.page.getByRole('list', { name: 'Messages' }).getByText('Monday at 7 works.')).toBeVisible({ timeout: 2000 });
  expect(await employer.page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  for (const person of [employer, seeker]) {
    await expectNoAxeViolations(person.page);
    await screenshot(person.page, 'messages-live');
  }
  expect(errors.flat()).toEqual([]);
});
