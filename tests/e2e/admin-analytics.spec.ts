import { expect, test } from './test';
import { makeAdmin, signedIn } from './arrange';
import { VIEWPORTS, expectNoAxeViolations, screenshot } from './support';

test('an admin sees the sign-up funnel of stored observations, as a table, a chart and a CSV', async ({ browser }) => {
  test.setTimeout(180_000); // three axe runs on a shared, loaded machine
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  const page = await context.newPage();
  const stamp = Date.now();
  const email = `admin-${stamp}@example.com`;
  await signedIn(context, email);

  // Before the role: the ordinary 404.
  expect((await page.goto('/admin/analytics'))?.status()).toBe(404);

  // Three visits through our component: 3 displayed, 2 submitted, 1 validated.
  const componentId = `e2e-dashboard-${stamp}`;
  const message = (visit: string, action: string, form = 'REGISTRATION') => ({
    type_url: 'ComponentObservation',
    payload: { create_time_utc: Date.now(), meta_data: { visit_id: `${componentId}-${visit}` }, source: 'landing', component_id: componentId, action, base_form_type: form, form_container_type: 'MODAL' },
  });
  const batch = {
    batch_id: `${componentId}-1`,
    observe_type: 'AT_LEAST_ONCE',
    messages: [message('a', 'DISPLAY'), message('a', 'SUBMIT'), message('a', 'OTP_VALIDATION_SUCCESS', 'OTP'), message('b', 'DISPLAY'), message('b', 'SUBMIT'), message('c', 'DISPLAY')],
  };
  const stored = await page.request.post('/observations/observe', { headers: { 'content-type': 'text/plain' }, data: JSON.stringify(batch) });
  expect(stored.status()).toBe(204);

  await makeAdmin(email);
  expect((await page.goto('/admin/analytics'))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign-up funnel' })).toBeVisible();
  const row = page.getByRole('region', { name: 'Visits by component' }).getByRole('row', { name: new RegExp(componentId) });
  await expect(row.getByRole('cell')).toHaveText(['3', '2', '0', '1', '0', '0', '0', '0', '0', '0']);
  await expect(page.locator('.funnel-chart canvas').first()).toBeVisible();

  // The range form keeps today; the CSV link gives the same numbers.
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/\/admin\/analytics\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  const href = await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
  const csv = await (await page.request.get(href!)).text();
  // Every cell quoted by the shared formula-safe writer (src/server/shared/csv.ts).
  expect(csv).toContain(`"component","${componentId}","3","2","0","1","0","0","0","0","0","0"`);

  for (const viewport of Object.values(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-analytics');
  }
  await context.close();
});
