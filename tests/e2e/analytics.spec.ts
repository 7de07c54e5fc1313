import SQLite from 'better-sqlite3';
import { expect, test } from './test';
import { LANDING_COMPONENTS } from '../../src/shared/analytics/enums';
import { readCode, skipOnboarding } from './visitor';

// The server of playwright.config.ts writes here; read-only, to see what a real browser's calls stored.
const database = () => new SQLite('data/e2e.sqlite', { readonly: true, fileMustExist: true });

function rows<T>(query: string, ...params: unknown[]): T[] {
  const db = database();
  try {
    return db.prepare(query).all(...params) as T[];
  } finally {
    db.close();
  }
}

const observation = (visitId: string, action: string) => ({
  type_url: 'ComponentObservation',
  payload: {
    create_time_utc: Date.now(),
    meta_data: { visit_id: visitId },
    source: 'landing',
    component_id: 'landing_get_started',
    action,
    base_form_type: 'REGISTRATION',
    form_container_type: 'MODAL',
  },
});

test('the landing page logs its page view under the server-set page type', async ({ page }) => {
  const since = Date.now();
  await page.goto('/');
  await expect
    .poll(() => rows<{ properties: string }>("select properties from event_log where event_type = 'page_view' and created_at >= ?", since).map((row) => JSON.parse(row.properties).label))
    .toContain('job search home');
});

test('observation batches from a real beacon and a keepalive fetch are stored, and a resent batch once', async ({ page }) => {
  await page.goto('/');
  const visitId = `e2e-${Date.now()}`;
  const beaconBatch = { batch_id: `${visitId}-beacon`, observe_type: 'AT_LEAST_ONCE', messages: [observation(visitId, 'DISPLAY'), observation(visitId, 'SUBMIT')] };
  const fetchBatch = { batch_id: `${visitId}-fetch`, observe_type: 'AT_LEAST_ONCE', messages: [observation(visitId, 'CLOSE')] };
  const results = await page.evaluate(
    async ([beacon, fetched]) => {
      // A string body: the browser sends text/plain, the CORS-safelisted type (decision 0051).
      const queued = navigator.sendBeacon('/observations/observe', JSON.stringify(beacon));
      const first = await fetch('/observations/observe', { method: 'POST', keepalive: true, headers: { 'content-type': 'application/json' }, body: JSON.stringify(fetched) });
      const again = await fetch('/observations/observe', { method: 'POST', keepalive: true, headers: { 'content-type': 'application/json' }, body: JSON.stringify(fetched) });
      return { queued, first: first.status, again: again.status };
    },
    [beaconBatch, fetchBatch] as const,
  );
  expect(results).toEqual({ queued: true, first: 204, again: 204 });
  await expect
    .poll(() => rows<{ action: string }>('select action from observation where visit_key = ? order by action', visitId).map((row) => row.action))
    .toEqual(['CLOSE', 'DISPLAY', 'SUBMIT']);
});

interface SentMessage {
  type_url: string;
  payload: {
    create_time_utc: number;
    meta_data?: { visit_id?: string };
    source: string;
    component_id: string;
    action?: string;
    base_form_type?: string;
    event_type?: string;
    event_subtype?: string;
    form_container_type?: string;
    response_status?: string;
  };
}
interface SentBatch {
  batch_id: string;
  observe_type: string;
  messages: SentMessage[];
}

/** How a message reads in the expected sequence: the landing page's components by name, the flow's forms by form type. */
function step(message: SentMessage): string {
  const { payload } = message;
  if (message.type_url === 'RegistrationObservation') return `registration:${payload.response_status}`;
  if (message.type_url === 'CandidateSpotlightObservation') return `spotlight:${payload.event_type}:${payload.event_subtype}`;
  return (LANDING_COMPONENTS as readonly string[]).includes(payload.component_id) ? `${payload.component_id}:${payload.action}` : `${payload.base_form_type}:${payload.action}`;
}

test('one whole sign-up: the observation batches the browser sends, in order, and the rows stored from them', async ({ browser }) => {
  test.setTimeout(120_000);
  // A visitor of its own (per-client rate limits), from the US (the SMS offer), shown the spotlight offer.
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': `10.251.${Date.now() % 250}.${Math.floor(Math.random() * 250)}` } });
  // Recorded, not intercepted: every batch goes on to the real server. Beacons sent while a page is
  // left are requests of the context, so listen there.
  const batches: SentBatch[] = [];
  context.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/observations/observe') batches.push(JSON.parse(request.postData() ?? 'null') as SentBatch);
  });
  const page = await context.newPage();
  const email = `observed-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;

  await page.goto('/?showCandidateSpotlight=true');
  // The search bar is a chunk fetched after hydration; a person sees it before reaching for Get Started,
  // so its DISPLAY comes before the click in the sequence below.
  await expect(page.getByRole('region', { name: 'Search jobs' }).getByRole('combobox', { name: 'Job title' })).toBeVisible();
  await page.getByRole('link', { name: 'Get Started' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Sign up or log in to get job matches made for you' })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('heading', { name: 'Verify your email' })).toBeVisible();

  const code = await readCode(page, email);
  await dialog.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code);

  await expect(dialog.getByRole('heading', { name: 'Get your resume seen first' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Skip for Now' }).click();
  await expect(dialog.getByRole('heading', { name: 'Stay up to date' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Skip' }).click();
  await skipOnboarding(page);
  await expect(page).toHaveURL(/\/jobseeker\/home$/);
  await expect(page.getByRole('main').getByText(email)).toBeVisible();

  // The last batch leaves with the page (pagehide): wait until the SMS offer's Skip has been sent.
  const sent = () => batches.flatMap((batch) => batch.messages);
  await expect.poll(() => sent().map(step)).toContain('SMS:SKIP');
  // Landing observations carry the time of the click, made before the tracker had loaded.
  const ordered = sent()
    .map((message, index) => ({ message, index }))
    .sort((a, b) => a.message.payload.create_time_utc - b.message.payload.create_time_utc || a.index - b.index)
    .map(({ message }) => message);
  expect(ordered.map(step)).toEqual([
    'onboarding_form:DISPLAY',
    'search_form:DISPLAY',
    'get_started_cta:CLICK',
    'REGISTRATION:DISPLAY',
    'REGISTRATION:LOCAL_EMAIL_VALIDATION_SUCCESS',
    'REGISTRATION:SUBMIT',
    'registration:SUCCESS',
    'REGISTRATION:REGISTRATION_SUCCESS',
    'REGISTRATION:OTP_SEND_SUCCESS',
    'OTP:DISPLAY',
    'OTP:SUBMIT',
    'OTP:OTP_VALIDATION_SUCCESS',
    'CANDIDATE_SPOTLIGHT:DISPLAY',
    // Spec 7: the client entry-point event for the spotlight's impression.
    'spotlight:ENTRY_POINT:impression',
    'CANDIDATE_SPOTLIGHT:SKIP',
    'SMS:DISPLAY',
    'SMS:SKIP',
  ]);
  // One visit: the landing page's observations and the flow's carry the same visit id, from the location call.
  const visited = () => sent().filter((message) => message.payload.meta_data);
  const visitIds = new Set(visited().map((message) => message.payload.meta_data?.visit_id));
  expect(visitIds.size).toBe(1);
  const visitId = [...visitIds][0]!;
  expect(visitId).toMatch(/^[0-9a-f-]{36}$/);

  // What the server stored is what was sent: every batch, every message, once.
  const key = (batchId: string, typeName: string, what: string | null | undefined, time: number | null) => `${batchId} ${typeName} ${what} ${time}`;
  const expected = batches.flatMap((batch) =>
    batch.messages.filter((message) => message.payload.meta_data).map((message) => key(batch.batch_id, message.type_url, message.payload.action ?? message.payload.response_status, message.payload.create_time_utc)),
  );
  await expect
    .poll(() =>
      rows<{ batch_id: string; type_name: string; action: string | null; response_status: string | null; event_type: string | null; client_time: number }>(
        'select batch_id, type_name, action, response_status, event_type, client_time from observation where visit_key = ?',
        visitId,
      ).map((row) => key(row.batch_id, row.type_name, row.action ?? row.response_status ?? row.event_type, row.client_time)),
    )
    .toEqual(expect.arrayContaining(expected));
  const stored = rows<{ count: number }>('select count(*) as count from observation where visit_key = ?', visitId)[0]!.count;
  // Every message once: the spotlight record has no visit id of its own and is counted under the visit's cookie.
  expect(stored).toBe(sent().length);
  // The spotlight record carries the ptid, not the visit (spec 3): it is stored under its batch.
  const spotlightBatch = batches.find((batch) => batch.messages.some((message) => message.type_url === 'CandidateSpotlightObservation'))!;
  await expect
    .poll(() => rows<{ event_type: string }>("select event_type from observation where batch_id = ? and type_name = 'CandidateSpotlightObservation'", spotlightBatch.batch_id).map((row) => row.event_type))
    .toEqual(['ENTRY_POINT']);
  await context.close();
});

test('the landing header’s Log In click is sent before the page is left, with the queued displays', async ({ browser }) => {
  const context = await browser.newContext();
  const batches: SentBatch[] = [];
  context.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/observations/observe') batches.push(JSON.parse(request.postData() ?? 'null') as SentBatch);
  });
  const page = await context.newPage();
  // The tracker and the visit id load when the browser is idle after the page is interactive.
  const visitKnown = page.waitForResponse((response) => new URL(response.url()).pathname === '/jobseeker/register/location');
  await page.goto('/');
  await visitKnown;
  // The answer is read a moment after it arrives; a click before then is not observed (decision 0055).
  await page.waitForTimeout(200);
  // The search bar is a chunk fetched after hydration: its display is queued once a person can see it.
  await expect(page.getByRole('region', { name: 'Search jobs' }).getByRole('combobox', { name: 'Job title' })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/authn\/login/);
  await expect
    .poll(() => batches.flatMap((batch) => batch.messages).map(step))
    .toEqual(expect.arrayContaining(['onboarding_form:DISPLAY', 'search_form:DISPLAY', 'header_sign_in:CLICK']));
  const click = batches.flatMap((batch) => batch.messages).find((message) => message.payload.component_id === 'header_sign_in')!;
  expect(click.payload).toMatchObject({ source: 'landing', base_form_type: 'REGISTRATION', form_container_type: 'BUTTON' });
  await expect.poll(() => rows('select id from observation where batch_id in (' + batches.map(() => '?').join(',') + ')', ...batches.map((batch) => batch.batch_id)).length).toBe(
    batches.reduce((sum, batch) => sum + batch.messages.length, 0),
  );
  await context.close();
});
