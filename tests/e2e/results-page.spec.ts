import { expect, test, type Page } from './test';
import { VIEWPORTS, collectPageErrors, expectNoAxeViolations, screenshot } from './support';
import { newVisitor } from './visitor';

/*
 * The results page (issue 16): on a phone the search folds into one line and the first results show
 * above the fold, filters open in a bottom sheet, active filters are removable chips; from 1024 px the
 * selected job shows beside the list, with its own address and Back.
 */
const SEARCH = '/jobs-search?search=driver&location=Chicago%2C+IL';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const cardTitles = (page: Page) => page.locator('.job-card-title a');
const pane = (page: Page) => page.getByRole('region', { name: 'Selected job' });
/** How many result cards show whole on the first screen (issue 45: 4 at 1440 × 900, 2 at 375 × 812). */
const cardsAboveTheFold = (page: Page) =>
  page.locator('.job-card').evaluateAll((cards) => cards.filter((card) => card.getBoundingClientRect().bottom <= window.innerHeight).length);

test('phone: the search folds into one line, the first results show above the fold, filters open in a sheet, chips remove a filter', async ({ browser }) => {
  const { context, page } = await newVisitor(browser, { viewport: 'phone', hideSpotlight: true });
  const errors = collectPageErrors(page);
  await page.goto(SEARCH);
  const summary = page.locator('summary', { hasText: 'driver · Chicago, IL · 25 mi' });
  await expect(summary).toBeVisible();
  const what = page.getByRole('combobox', { name: 'What' });
  await expect(what).toBeHidden();
  // The first result is on the first screen.
  const first = page.locator('.job-card').first();
  const box = (await first.boundingBox())!;
  expect(box.y + 120).toBeLessThan(VIEWPORTS.phone.height);
  expect(await cardsAboveTheFold(page)).toBeGreaterThanOrEqual(2);
  await expect(pane(page)).toBeHidden();
  await screenshot(page, 'results-phone');

  await summary.click();
  await expect(what).toBeVisible();
  await expect(what).toHaveValue('driver');
  await expectNoAxeViolations(page);
  await summary.click();
  await expect(what).toBeHidden();

  await page.locator('summary', { hasText: 'Filter and sort' }).click();
  const sheet = page.getByRole('dialog', { name: 'Filter and sort' });
  await expect(sheet).toBeVisible();
  await expect(sheet).toHaveAttribute('data-presentation', 'sheet');
  await sheet.getByLabel('Job type').selectOption({ label: 'Full-time' });
  await sheet.getByLabel('Date posted').selectOption({ label: 'Last 30 days' });
  await expectNoAxeViolations(page);
  await screenshot(page, 'results-filter-sheet', { viewport: true });
  await sheet.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/type=full_time/);
  await expect(page).toHaveURL(/posted=30/);

  const chips = page.getByRole('list', { name: 'Active filters' });
  await expect(chips.getByRole('link', { name: 'Remove filter: Full-time' })).toBeVisible();
  await expect(chips.getByRole('link', { name: 'Remove filter: Last 30 days' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'results-phone-chips');
  await chips.getByRole('link', { name: 'Remove filter: Full-time' }).click();
  await expect(page).not.toHaveURL(/type=/);
  await expect(page).toHaveURL(/posted=30/);
  await expect(chips.getByRole('link', { name: 'Remove filter: Full-time' })).toHaveCount(0);
  await expect(chips.getByRole('link', { name: 'Remove filter: Last 30 days' })).toBeVisible();
  // On a phone a title is still the way to the job's page.
  await cardTitles(page).first().click();
  await expect(page).toHaveURL(/\/job\/[a-z0-9-]+$/);
  expect(errors).toEqual([]);
  await context.close();
});

// At 1024 px, where the two panes begin; at 1440 the next test opens the filters in the same layout.
test(`two panes at 1024 px: a click shows the job beside the list, its address can be shared, Back returns`, async ({ browser }) => {
  const { context, page } = await newVisitor(browser, { viewport: 'tablet', hideSpotlight: true });
  const errors = collectPageErrors(page);
  await page.goto(`${SEARCH}&type=full_time`);
  // The form is open at this width; Filter and sort opens in place.
  await expect(page.getByRole('combobox', { name: 'What' })).toBeVisible();
  const titles = await cardTitles(page).allInnerTexts();
  const keys = await page.locator('.job-card input[name="listing_key"]').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  // With nothing chosen, the first result shows on the right.
  await expect(pane(page).getByRole('heading', { level: 2, name: titles[0] })).toBeVisible();
  expect(new URL(page.url()).searchParams.get('job')).toBeNull();

  await cardTitles(page).nth(1).click();
  await expect(page).toHaveURL(new RegExp(`[?&]job=${keys[1]}`));
  await expect(pane(page).getByRole('heading', { level: 2, name: titles[1] })).toBeFocused();
  await expect(page.getByRole('heading', { level: 1, name: 'driver jobs in Chicago, IL' })).toBeVisible();
  await expect(cardTitles(page).nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(pane(page).getByRole('button', { name: /^Save / })).toBeVisible();
  await expect(pane(page).getByRole('heading', { level: 3, name: 'Job description' })).toBeVisible();
  // Side by side: the detail starts to the right of the list.
  const list = (await page.locator('.results-list').boundingBox())!;
  const detail = (await pane(page).boundingBox())!;
  expect(detail.x).toBeGreaterThanOrEqual(list.x + list.width);
  await expectNoAxeViolations(page);
  await screenshot(page, 'results-two-panes');

  await cardTitles(page).nth(2).click();
  await expect(page).toHaveURL(new RegExp(`[?&]job=${keys[2]}`));
  await expect(pane(page).getByRole('heading', { level: 2, name: titles[2] })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`[?&]job=${keys[1]}`));
  await expect(pane(page).getByRole('heading', { level: 2, name: titles[1] })).toBeVisible();
  await page.goBack();
  await expect(page).not.toHaveURL(/[?&]job=/);
  await expect(pane(page).getByRole('heading', { level: 2, name: titles[0] })).toBeVisible();

  // The shared address shows the same job, rendered by the server.
  const shared = `${SEARCH}&type=full_time&job=${keys[2]}`;
  const html = await (await page.request.get(shared)).text();
  expect(html).toMatch(new RegExp(`<h2 id="results-detail-title"[^>]*><a href="[^"]+">${escape(titles[2]!)}</a></h2>`));
  await page.goto(shared);
  await expect(pane(page).getByRole('heading', { level: 2, name: titles[2] })).toBeVisible();
  // The job type's menu shows the filter; its "Any type" removes it and keeps the search.
  await page.locator('summary', { hasText: 'Full-time' }).click();
  await page.getByRole('link', { name: 'Any type' }).click();
  await expect(page).toHaveURL(/search=driver&location=Chicago%2C\+IL$/);
  // The title in the pane is the job's own page.
  await pane(page).getByRole('heading', { level: 2 }).getByRole('link').click();
  await expect(page).toHaveURL(/\/job\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

test('two panes at 1440 px: each filter is a menu of links, no Apply step; an unknown shared job leaves the list as it is', async ({ browser }) => {
  const { context, page } = await newVisitor(browser, { viewport: 'desktop', hideSpotlight: true });
  await page.goto(`${SEARCH}&job=lk_nosuchjob`);
  await expect(page.getByRole('heading', { level: 1, name: 'driver jobs in Chicago, IL' })).toBeVisible();
  // Each filter is a menu of links: one choice is the new search, with no Apply step (issue 45).
  await expect(page.locator('summary', { hasText: 'Filter and sort' })).toBeHidden();
  await page.locator('summary', { hasText: 'Sort: Relevance' }).click();
  await expect(page.getByRole('link', { name: 'Date posted' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Date posted' }).click();
  await expect(page).toHaveURL(/sort=date/);
  await expect(page.locator('summary', { hasText: 'Sort: Date posted' })).toBeVisible();
  await page.locator('summary', { hasText: 'Job type' }).click();
  await page.getByRole('link', { name: 'Part-time' }).click();
  await expect(page).toHaveURL(/type=part_time/);
  await expect(page).toHaveURL(/sort=date/);
  await page.getByRole('link', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/sort=|type=/);
  await expectNoAxeViolations(page);
  await context.close();
});

test('1440 × 900: four results above the fold, the first job shown beside them by the server (even without script)', async ({ browser }) => {
  const { context, page } = await newVisitor(browser, { viewport: 'desktop', javaScriptEnabled: false });
  await page.goto(SEARCH);
  expect(await cardsAboveTheFold(page)).toBeGreaterThanOrEqual(4);
  const firstTitle = (await cardTitles(page).first().innerText()).trim();
  await expect(pane(page).getByRole('heading', { level: 2, name: firstTitle })).toBeVisible();
  await expect(pane(page)).not.toContainText('Loading');
  // Each card shows the company's logo or monogram beside the title.
  await expect(page.locator('.job-card').first().locator('.company-logo')).toBeVisible();
  await context.close();
});

test('without script the titles open the job pages and the filter menus still work', async ({ browser }) => {
  const { context, page } = await newVisitor(browser, { viewport: 'desktop', javaScriptEnabled: false });
  await page.goto(`${SEARCH}&remote=1&type=full_time`);
  // The menus are disclosures of links: they work without script.
  await page.getByRole('link', { name: 'Remote only', exact: true }).click();
  await expect(page).toHaveURL(/type=full_time/);
  await expect(page).not.toHaveURL(/remote=/);
  await page.locator('summary', { hasText: 'Date posted' }).click();
  await page.getByRole('link', { name: 'Last 7 days' }).click();
  await expect(page).toHaveURL(/posted=7/);
  await expect(page).toHaveURL(/type=full_time/);
  await cardTitles(page).first().click();
  await expect(page).toHaveURL(/\/job\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await context.close();
});
