// Posting a job through the form's steps (decision 0291), as a person does: fill a step, Next, and the
// next step's heading takes focus. Specs that need a live job post it with postJobThroughSteps.
import { expect, type Page } from './test';

export interface JobToPost {
  title: string;
  category?: string;
  description: string;
  location?: string;
  pay: string;
  payUpTo?: string;
  benefits?: string[];
  question?: string;
}

/** Next, then the step named `title` is shown with its heading focused. */
export async function nextStep(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^Step \\d of 5: ${title}$`) })).toBeFocused();
}

/** Fills the five steps from Basics and stops on Screening, where Publish is. */
export async function fillJobSteps(page: Page, job: JobToPost): Promise<void> {
  await page.getByLabel('Job title').fill(job.title);
  await page.getByLabel('Category').selectOption(job.category ?? 'warehouse');
  await nextStep(page, 'Details');
  await page.getByLabel('Description').fill(job.description);
  await page.getByRole('combobox', { name: 'Location' }).fill(job.location ?? 'Austin, TX');
  await nextStep(page, 'Pay and benefits');
  await page.getByLabel('Pay', { exact: true }).fill(job.pay);
  if (job.payUpTo) await page.getByLabel('Pay up to (optional)').fill(job.payUpTo);
  for (const benefit of job.benefits ?? []) await page.getByLabel(benefit).check();
  await nextStep(page, 'How to apply');
  await nextStep(page, 'Screening');
  if (job.question) {
    await page.getByRole('button', { name: 'Add a question' }).click();
    await page.getByLabel('Question', { exact: true }).fill(job.question);
  }
}

/** Opens the form, fills every step and publishes. */
export async function postJobThroughSteps(page: Page, job: JobToPost): Promise<void> {
  await page.goto('/post-a-job');
  await fillJobSteps(page, job);
  await page.getByRole('button', { name: 'Publish job' }).click();
}
