import { readFile } from 'node:fs/promises';
import { expect, test } from './test';
import { signedIn } from './arrange';
import { expectNoAxeViolations, screenshot } from './support';
import { newVisitor, saveSeekerProfile, uniqueEmail } from './visitor';

test.describe.configure({ timeout: 120_000 });

// "Download as PDF" on the Résumé tab (decision 0312), at phone and desktop widths, with axe.
for (const viewport of ['phone', 'desktop'] as const) {
  test(`a seeker downloads a PDF résumé made from their profile (${viewport})`, async ({ browser }) => {
    const { context, page } = await newVisitor(browser, { viewport });
    await signedIn(context, uniqueEmail(`pdf-${viewport}`));
    await saveSeekerProfile(page, { name: 'Rosa Parks', phone: '+1 512 555 0123', location: 'Austin, TX', headline: 'Warehouse lead' });

    await page.goto('/candidate/resume');
    const section = page.getByRole('region', { name: 'A PDF résumé from your profile' });
    await expect(section.getByRole('checkbox', { name: 'My email address' })).toBeChecked();
    await section.getByRole('checkbox', { name: 'My phone number' }).uncheck();
    await expectNoAxeViolations(page);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'profile-pdf');

    const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download as PDF' }).click()]);
    expect(download.suggestedFilename()).toBe('Rosa-Parks-resume.pdf');
    expect(download.url()).toMatch(/\/candidate\/profile\/resume\.pdf\?email=on$/);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await context.close();
  });
}
