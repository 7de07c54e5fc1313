// Issue 12 (and 13's employer side), end to end: a job seeker applies; the employer opens the inbox, opens
// the application (the spotlight answer plays inline) and moves it to Interview; the seeker sees
// "Interview" on My Jobs. At 1440 px (applicant-mail.spec.ts runs its flow at 375), axe clean, screenshots
// to look at. The employer's approved company and the seeker are arranged in the database (decision 0224).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './test';
import { employerWithCompany, signedIn } from './arrange';
import { collectPageErrors, expectNoAxeViolations, screenshot } from './support';
import { applyWithoutResume, newVisitor, openJobFromResults, saveSeekerProfile, uniqueEmail, waitForMail } from './visitor';
import { postJobThroughSteps } from './posting';

test.describe.configure({ timeout: 180_000 });

const api = { 'x-requested-with': 'XMLHttpRequest' };



const width = 'desktop';
test(`a seeker applies; the employer reads the application and moves it to Interview; the seeker sees it (${width})`, async ({ browser }) => {
  const title = `Forklift Operator ${width} ${Math.random().toString(36).slice(2, 7)}`;

  // The employer of an approved company posts a job with a deal-breaker question: it goes live at once.
  const employer = await newVisitor(browser, { viewport: width });
  const employerErrors = collectPageErrors(employer.page);
  const employerEmail = uniqueEmail(`inbox-employer-${width}`);
  await employerWithCompany(employer.context, employerEmail, { name: `Inbox Freight ${width}` });
  await postJobThroughSteps(employer.page, { title, description: '## The job\n\nMove pallets safely across a busy warehouse floor.', pay: '19', payUpTo: '23', question: 'Can you lift 50 lb?' });
  await expect(employer.page).toHaveURL(/\/dashboard\?notice=published/);

  // The seeker: a profile, a spotlight answer with its transcript, then the application.
  const seeker = await newVisitor(browser, { viewport: width, hideSpotlight: true });
  const seekerErrors = collectPageErrors(seeker.page);
  const seekerEmail = uniqueEmail(`inbox-seeker-${width}`);
  await signedIn(seeker.context, seekerEmail);
  await saveSeekerProfile(seeker.page, { name: 'Sam Seeker', phone: '+1 512 555 0100', location: 'Round Rock, TX', headline: 'Forklift operator, five years of nights' });
  const video = readFileSync(path.join('tests', 'fixtures', 'media', 'answer.webm'));
  const saved = await seeker.page.request.post('/candidate/spotlight/answers/about_you/media', {
    headers: api,
    multipart: { transcript: 'Hi, I am Sam. I have driven forklifts on night shifts for five years.', media: { name: 'answer.webm', mimeType: 'video/webm', buffer: video } },
  });
  expect(saved.ok()).toBe(true);
  await seeker.page.goto(`/jobs-search?search=${encodeURIComponent(title)}&location=${encodeURIComponent('Austin, TX')}`);
  await openJobFromResults(seeker.page, title);
  await seeker.page.getByRole('radio', { name: 'Yes' }).check();
  await applyWithoutResume(seeker.page);
  await expect(seeker.page.getByText('Application sent.')).toBeVisible();

  // The employer gets the application by email (new-application mail, sent at once by default).
  const newApplication = await waitForMail(employer.page, employerEmail, `New application for ${title}: Sam Seeker`);
  expect(newApplication.headers['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:\d+\/.+>$/);

  // The employer: from the dashboard to the job's candidates.
  await employer.page.goto('/dashboard');
  await employer.page.getByRole('link', { name: new RegExp(`^Applicants .*${title}`) }).click();
  await expect(employer.page.getByRole('heading', { level: 1, name: `Candidates for ${title}` })).toBeVisible();
  const item = employer.page.getByRole('listitem').filter({ has: employer.page.getByRole('link', { name: 'Sam Seeker' }) });
  await expect(item.getByText('Unread')).toBeVisible();
  await expect(item.getByText('Spotlight', { exact: true })).toBeVisible();
  await expect(item.getByText('Answered every screening question')).toBeVisible();
  await expect(item.getByText(/\d+ mi away/).first()).toBeVisible();
  await expectNoAxeViolations(employer.page);
  await screenshot(employer.page, 'applicants-inbox');

  await item.getByRole('link', { name: 'Sam Seeker' }).click();
  await expect(employer.page.getByRole('heading', { level: 1, name: 'Sam Seeker' })).toBeVisible();
  await expect(employer.page.getByText('I have driven forklifts on night shifts')).toBeVisible();
  const player = employer.page.getByLabel('Sam Seeker: Tell us about yourself');
  await expect(player).toBeVisible();
  await expect.poll(() => player.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThan(0);
  expect(await player.evaluate((element: HTMLVideoElement) => element.duration)).toBeGreaterThan(0);
  expect(await player.evaluate((element: HTMLVideoElement) => element.textTracks.length)).toBe(1);
  await employer.page.getByLabel('Move to').selectOption('interview');
  await employer.page.getByRole('button', { name: 'Change stage' }).click();
  await expect(employer.page.getByText('Stage changed.')).toBeVisible();
  await expect(employer.page.getByText('New to Interview')).toBeVisible();
  await employer.page.getByLabel('New note').fill('Call on Monday about the night shift.');
  await employer.page.getByRole('button', { name: 'Add note' }).click();
  await expect(employer.page.getByText('Call on Monday about the night shift.')).toBeVisible();
  await expectNoAxeViolations(employer.page);
  await screenshot(employer.page, 'applicant-view');

  // The seeker gets the interview email, and sees "Interview" on My Jobs.
  const company = `Inbox Freight ${width}`;
  const interview = await waitForMail(seeker.page, seekerEmail, `${company} would like to interview you for ${title}`);
  expect(interview.headers['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:\d+\/.+>$/);
  await seeker.page.goto('/candidate/my-jobs');
  await expect(seeker.page.getByText('Status: Interview')).toBeVisible();
  await expect(seeker.page.getByRole('button', { name: new RegExp(`^Withdraw application.*${title}`) })).toBeVisible();
  await expectNoAxeViolations(seeker.page);
  await screenshot(seeker.page, 'my-jobs-stage');

  expect(employerErrors).toEqual([]);
  expect(seekerErrors).toEqual([]);
  for (const visitor of [employer, seeker]) await visitor.context.close();
});
