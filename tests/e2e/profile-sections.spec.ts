import { expect, test } from './test';
import { signedIn } from './arrange';
import { VIEWPORTS, expectNoAxeViolations, screenshot } from './support';
import { newVisitor, saveSeekerProfile, uniqueEmail } from './visitor';

test.describe.configure({ timeout: 120_000 });

// Phone first (the flow), then the same page at desktop width (decision 0224; sections: decision 0236).
test('a seeker adds a job and two skills to their profile (phone), then sees them on /profile', async ({ browser }) => {
  const { context, page } = await newVisitor(browser, { viewport: 'phone' });
  await signedIn(context, uniqueEmail('sections'));
  await saveSeekerProfile(page, { name: 'Rosa Parks', phone: '+1 512 555 0123', location: 'Austin, TX', headline: 'Warehouse lead' });

  const addJob = page.getByRole('group', { name: 'Add a job' });
  await addJob.getByLabel('Job title').fill('Forklift operator');
  await addJob.getByLabel('Employer').fill('Acme Freight');
  await addJob.getByLabel('Started').fill('2019-03');
  await addJob.getByLabel('I work here now').check();
  await page.getByRole('button', { name: 'Add job' }).click();
  await expect(page.getByText('Your profile is saved.')).toBeVisible();
  await expect(page.getByRole('group', { name: /Work history 1: Forklift operator/ })).toBeVisible();

  for (const skill of ['Reach truck', 'Inventory']) {
    await page.getByRole('group', { name: 'Add a skill' }).getByLabel('Skill').fill(skill);
    await page.getByRole('button', { name: 'Add skill' }).click();
    await expect(page.getByRole('group', { name: new RegExp(`Skills \\d: ${skill}`) })).toBeVisible();
  }
  // A bad link: the message beside the field, nothing stored.
  const addLink = page.getByRole('group', { name: 'Add a link' });
  await addLink.getByLabel('Address').fill('http://rosa.example');
  await page.getByRole('button', { name: 'Add link' }).click();
  await expect(page.getByText('Enter an address that starts with https://.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.locator('#section-work').scrollIntoViewIfNeeded();
  await screenshot(page, 'profile-sections');

  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Work history' })).toBeVisible();
  await expect(page.getByText('Forklift operator')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Reach truck' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'profile-sections-profile');

  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/candidate/about#section-work');
  await expectNoAxeViolations(page);
  await screenshot(page, 'profile-sections');
  await page.goto('/profile');
  await screenshot(page, 'profile-sections-profile');
  await context.close();
});
