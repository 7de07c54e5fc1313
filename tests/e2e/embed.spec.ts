// Issue 48, the careers-page embed (decision 0268): the employer copies the code from their company
// page, a static page on another port (another origin) pastes it, the frame shows the company's open
// job, sizes itself, and the job's link reaches the job page on Jobwise.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './test';
import { employerWithCompany } from './arrange';
import { expectNoAxeViolations, screenshot } from './support';
import { newVisitor, uniqueEmail } from './visitor';
import { postJobThroughSteps } from './posting';

let host: Server | null = null;
test.afterEach(async () => {
  await new Promise<void>((resolve) => (host ? host.close(() => resolve()) : resolve()));
  host = null;
});

test("a company's careers page on another site embeds its jobs, and a job's link reaches the job on Jobwise", async ({ browser }) => {
  const title = `Dock Lead ${Math.random().toString(36).slice(2, 7)}`;
  const company = `Harbor Freight Lines ${Math.random().toString(36).slice(2, 6)}`;
  const employer = await newVisitor(browser, { viewport: 'desktop' });
  await employerWithCompany(employer.context, uniqueEmail('embed-employer'), { name: company });
  await postJobThroughSteps(employer.page, { title, description: '## The job\n\nLead the dock team on the day shift.', pay: '24' });
  await expect(employer.page).toHaveURL(/\/dashboard\?notice=published/);

  // The code, as the employer copies it from their company page.
  await employer.page.goto('/employer/company');
  const snippet = await employer.page.getByLabel('Code for your careers page').inputValue();
  expect(snippet).toContain('<iframe');

  // Their own careers page, served from another origin.
  host = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><title>Careers</title></head><body><h1>Work with us</h1>${snippet}</body></html>`);
  });
  await new Promise<void>((resolve) => host!.listen(0, '127.0.0.1', () => resolve()));
  const { port } = host.address() as AddressInfo;

  const visitor = await newVisitor(browser, { viewport: 'phone' });
  await visitor.page.goto(`http://127.0.0.1:${port}/`);
  const frame = visitor.page.frameLocator(`iframe[title="Jobs at ${company}"]`);
  const job = frame.getByRole('link', { name: title, exact: true });
  await expect(job).toBeVisible();
  // The frame sized itself to its content through the host's listener (from 640 px).
  await expect.poll(async () => visitor.page.locator('iframe').evaluate((element) => (element as HTMLIFrameElement).style.height)).not.toBe('640px');
  await screenshot(visitor.page, 'embed-careers-page');
  const own = await visitor.context.newPage();
  await own.goto((await visitor.page.locator('iframe').getAttribute('src'))!);
  await expectNoAxeViolations(own);
  await own.close();

  // A job's link opens the job on Jobwise, in a new tab.
  const [jobPage] = await Promise.all([visitor.context.waitForEvent('page'), job.click()]);
  await expect(jobPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await employer.context.close();
  await visitor.context.close();
});
