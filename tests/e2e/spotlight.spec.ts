import SQLite from 'better-sqlite3';
import { expect, launchBrowser, test, type BrowserContext, type Page, type Request } from './test';
import { collectPageErrors, expectNoAxeViolations, screenshot } from './support';
import { signedIn } from './arrange';
import { CHROMIUM_EXECUTABLE, CHROMIUM_FULL_EXECUTABLE } from './chromium';
import { applyWithoutResume, newVisitor, openOnSiteJob, readCode, uniqueEmail } from './visitor';

// Chromium's fake camera and microphone (a test pattern and a beep), allowed without a prompt: only here.
const BASE_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

test.use({ launchOptions: { executablePath: CHROMIUM_EXECUTABLE, args: [...BASE_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] } });
test.describe.configure({ timeout: 150_000 });

const dialog = (page: Page) => page.getByRole('dialog');

/** A viewport screenshot: the dialog is fixed to the viewport, so this is what a person sees. */
async function viewShot(page: Page, name: string) {
  await screenshot(page, name, { viewport: true });
}

/** Spotlight observations the page sent, read from its calls to /observations/observe. */
function collectSpotlightObservations(page: Page) {
  type Seen = { type: string; event_type: string; source: string; platform: string; duration_seconds?: number; event_subtype?: string };
  const seen: Seen[] = [];
  const statuses: number[] = [];
  const read = (request: Request) => {
    if (!request.url().endsWith('/observations/observe')) return;
    try {
      const batch = JSON.parse(request.postData() ?? '{}') as { messages?: Array<{ type_url: string; payload: Record<string, unknown> }> };
      for (const message of batch.messages ?? []) {
        if (message.type_url.startsWith('CandidateSpotlight')) seen.push({ ...(message.payload as Omit<Seen, 'type'>), type: message.type_url });
      }
    } catch {
      // not JSON: not ours
    }
  };
  page.on('request', read);
  page.on('response', (response) => {
    if (response.url().endsWith('/observations/observe')) statuses.push(response.status());
  });
  return { seen, statuses };
}

/** Spotlight observations the server stored for this browser's visit (the e2e server's database, read-only). */
async function storedSpotlightObservations(context: BrowserContext) {
  const visitId = (await context.cookies()).find((cookie) => cookie.name === 'visit_id')?.value ?? '';
  const db = new SQLite('data/e2e.sqlite', { readonly: true, fileMustExist: true });
  try {
    const found = db.prepare("select type_name, payload from observation where visit_id = ? and type_name like 'CandidateSpotlight%'").all(visitId) as Array<{ type_name: string; payload: string }>;
    return found.map((row) => ({
      type: row.type_name,
      ...(JSON.parse(row.payload) as { event_type: string; source: string; platform: string; duration_seconds?: number; event_subtype?: string; listing_key?: string }),
    }));
  } finally {
    db.close();
  }
}

/** Presses Tab until the focused element has this accessible name (the keyboard-only way to reach it). */
async function tabTo(page: Page, name: RegExp, max = 40) {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element) return '';
      const labelled = element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null;
      return (element.getAttribute('aria-label') ?? labelled ?? element.textContent ?? '').replace(/\s+/g, ' ').trim();
    });
    if (name.test(focused)) return;
  }
  throw new Error(`could not reach ${name} with Tab`);
}

/** The saved answer's player: it knows its duration and can seek (the WebM carries a duration). */
async function expectPlayableAndSeekable(page: Page, selector: string) {
  const result = await page.locator(selector).first().evaluate(async (element) => {
    const media = element as HTMLMediaElement;
    media.muted = true;
    if (media.readyState < 1) await new Promise((resolve, reject) => {
      media.addEventListener('loadedmetadata', resolve, { once: true });
      media.addEventListener('error', () => reject(new Error(`media error ${media.error?.code}`)), { once: true });
      media.load();
    });
    const duration = media.duration;
    const target = duration / 2;
    await new Promise((resolve) => {
      media.addEventListener('seeked', resolve, { once: true });
      media.currentTime = target;
    });
    return { duration, currentTime: media.currentTime, seekable: media.seekable.length ? media.seekable.end(0) : 0 };
  });
  expect(result.duration).toBeGreaterThan(0.5);
  expect(Number.isFinite(result.duration)).toBe(true);
  expect(result.seekable).toBeGreaterThan(0.5);
  expect(result.currentTime).toBeGreaterThan(0.2);
}

test('a new seeker takes the offer from registration, records a video answer, previews and saves it, and it plays and seeks', async ({ browser }) => {
  const { context, page } = await newVisitor(browser, { viewport: 'desktop' });
  const errors = collectPageErrors(page);
  const observations = collectSpotlightObservations(page);
  const email = uniqueEmail('spot');
  await page.goto('/?showCandidateSpotlight=true');
  await page.getByRole('link', { name: 'Get Started' }).first().click();
  await dialog(page).getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog(page).getByRole('button', { name: 'Continue' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await dialog(page).getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(await readCode(page, email));
  await expect(dialog(page).getByRole('heading', { name: 'Get your resume seen first' })).toBeVisible();
  await dialog(page).getByRole('button', { name: 'See How It Works' }).click();

  // The profile opens the spotlight at once.
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
  await expect(dialog(page).getByRole('heading', { name: 'How the candidate spotlight works' })).toBeVisible();
  await expectNoAxeViolations(page);
  await viewShot(page, 'spotlight-how-it-works');
  await dialog(page).getByRole('button', { name: 'Get started' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Tell us about yourself' })).toBeVisible();
  await expectNoAxeViolations(page);
  await viewShot(page, 'spotlight-choose');
  await dialog(page).getByRole('button', { name: 'Record video' }).click();

  // A visible 3-second lead-in, then the 90-second countdown.
  await expect(dialog(page).getByRole('timer')).toContainText(/Recording starts in [123]/);
  await expect(dialog(page).getByRole('timer')).toContainText(/Recording · 1:(30|29|28) left/, { timeout: 8000 });
  await viewShot(page, 'spotlight-recording');
  await expectNoAxeViolations(page);
  await page.waitForTimeout(2500);
  await dialog(page).getByRole('button', { name: 'Stop recording' }).click();

  await expect(dialog(page).getByRole('heading', { name: 'Preview your video' })).toBeVisible();
  await expectPlayableAndSeekable(page, 'video[aria-label="Your recorded answer"]');
  await dialog(page).getByRole('textbox', { name: 'Transcript (optional)' }).fill('Hello, I am a forklift operator with five years on the floor. I keep my team safe.');
  await expectNoAxeViolations(page);
  await viewShot(page, 'spotlight-preview');
  await dialog(page).getByRole('button', { name: 'Save answer' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Answer saved' })).toBeVisible({ timeout: 15_000 });
  await viewShot(page, 'spotlight-saved');
  await dialog(page).getByRole('button', { name: 'Done' }).click();
  await expect(dialog(page)).toHaveCount(0);

  // Played back from the server: range requests, a duration, seeking; captions from the transcript.
  const answer = page.getByRole('listitem').filter({ hasText: 'Tell us about yourself' });
  await expect(answer.getByText(/Video answer · \d+ s/)).toBeVisible();
  await expect(page.locator('video[aria-label="Your video answer"] track[kind="captions"]')).toHaveCount(1);
  await expectPlayableAndSeekable(page, 'video[aria-label="Your video answer"]');
  await page.reload();
  await expectPlayableAndSeekable(page, 'video[aria-label="Your video answer"]');
  await expect(dialog(page)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshot(page, 'spotlight-profile');

  // Every screen was observed with its source, platform and time shown, and the server stored them.
  await expect
    .poll(async () => (await storedSpotlightObservations(context)).map((seen) => seen.event_type), { timeout: 15_000 })
    .toEqual(expect.arrayContaining(['ENTRY_POINT', 'HOW_IT_WORKS_MODAL', 'RECORD_VIDEO_MODAL', 'PREVIEW_VIDEO_MODAL', 'POST_UPLOAD']));
  const stored = await storedSpotlightObservations(context);
  const howItWorks = stored.find((seen) => seen.event_type === 'HOW_IT_WORKS_MODAL')!;
  expect(howItWorks).toMatchObject({ type: 'CandidateSpotlightObservation', source: 'REGISTRATION_LOGIN', platform: 'DESKTOP_WEB' });
  expect(howItWorks.duration_seconds).toBeGreaterThan(0);
  expect(stored.filter((seen) => seen.event_type === 'ENTRY_POINT').map((seen) => `${seen.source}:${seen.event_subtype}`)).toEqual(
    expect.arrayContaining(['REGISTRATION_LOGIN:impression', 'REGISTRATION_LOGIN:cta_click']),
  );
  expect(stored.find((seen) => seen.event_type === 'POST_UPLOAD')).toMatchObject({ type: 'CandidateSpotlightObservation', source: 'REGISTRATION_LOGIN' });
  expect(observations.statuses.every((status) => status < 300)).toBe(true);
  expect(errors).toEqual([]);
  await context.close();
});

test('a written answer and an audio recording by keyboard only, with the exit-without-saving question', async ({ browser }) => {
  const { context, page } = await newVisitor(browser, { viewport: 'phone', hideSpotlight: true });
  const errors = collectPageErrors(page);
  await signedIn(context, uniqueEmail('spot-keys'));
  await page.goto('/jobseeker/home');

  // The home page's card is an entry point.
  await expect(page.getByRole('heading', { name: 'Get your resume seen first' })).toBeVisible();
  await page.goto('/profile');
  await expectNoAxeViolations(page);
  await screenshot(page, 'spotlight-profile-empty');

  await tabTo(page, /^Answer: Why this kind of work$/);
  await page.keyboard.press('Enter');
  await expect(dialog(page).getByRole('heading', { name: 'Why this kind of work' })).toBeVisible();
  await tabTo(page, /^Write your answer$/);
  await page.keyboard.press('Enter');
  await expect(dialog(page).getByRole('heading', { name: /^Write your answer/ })).toBeVisible();
  await tabTo(page, /^Your answer/);
  await page.keyboard.type('I like work where I can see what I built at the end of the day.');
  await expect(dialog(page).getByText('63/1000')).toBeVisible();
  await viewShot(page, 'spotlight-text');

  // Escape with unsaved text asks first.
  await page.keyboard.press('Escape');
  await expect(dialog(page).getByRole('heading', { name: 'Leave without saving?' })).toBeVisible();
  await expectNoAxeViolations(page);
  await viewShot(page, 'spotlight-exit');
  await tabTo(page, /^Keep my answer$/);
  await page.keyboard.press('Enter');
  await expect(dialog(page).getByRole('textbox', { name: 'Your answer' })).toHaveValue('I like work where I can see what I built at the end of the day.');
  await tabTo(page, /^Save answer$/);
  await page.keyboard.press('Enter');
  await expect(dialog(page).getByRole('heading', { name: 'Answer saved' })).toBeVisible();
  await tabTo(page, /^Done$/);
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toHaveCount(0);
  const item = page.getByRole('listitem').filter({ hasText: 'Why this kind of work' });
  await expect(item.getByText('I like work where I can see what I built at the end of the day.')).toBeVisible();
  await expect(item.getByText('Written answer')).toBeVisible();

  // The recorder by keyboard: an audio answer, lead-in, stop, preview, save.
  await tabTo(page, /^Answer: Your proudest moment at work$/);
  await page.keyboard.press('Enter');
  await tabTo(page, /^Record audio$/);
  await page.keyboard.press('Enter');
  await expect(dialog(page).getByRole('timer')).toContainText(/Recording starts in [123]/);
  await expect(dialog(page).getByRole('timer')).toContainText(/Recording · 1:(30|29|28) left/, { timeout: 8000 });
  await page.waitForTimeout(1500);
  await tabTo(page, /^Stop recording$/);
  await page.keyboard.press('Enter');
  await expect(dialog(page).getByRole('heading', { name: 'Preview your audio' })).toBeVisible();
  await expectPlayableAndSeekable(page, 'audio[aria-label="Your recorded answer"]');
  await tabTo(page, /^Save answer$/);
  await page.keyboard.press('Enter');
  await expect(dialog(page).getByRole('heading', { name: 'Answer saved' })).toBeVisible({ timeout: 15_000 });
  await tabTo(page, /^Done$/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listitem').filter({ hasText: 'Your proudest moment at work' }).getByText(/Audio answer · \d+ s/)).toBeVisible();
  await expectPlayableAndSeekable(page, 'audio[aria-label="Your audio answer"]');

  // Deleting, by keyboard too.
  await tabTo(page, /^Delete your answer to Why this kind of work$/);
  await page.keyboard.press('Enter');
  await tabTo(page, /^Delete answer$/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Answer deleted.' })).toBeVisible();
  await expect(item.getByText('Not answered yet.')).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

test('the home card and the prompt after applying lead to the spotlight; an uploaded file is an answer', async ({ browser }) => {
  const { context, page } = await newVisitor(browser, { viewport: 'desktop', hideSpotlight: true });
  const errors = collectPageErrors(page);
  await signedIn(context, uniqueEmail('spot-entry'));
  await page.goto('/jobseeker/home');
  await expectNoAxeViolations(page);
  await screenshot(page, 'spotlight-home-card');

  // From the home page's card.
  await page.getByRole('link', { name: 'Create your spotlight' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'How the candidate spotlight works' })).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Get started' }).click();
  await dialog(page).getByRole('button', { name: 'Upload a file' }).click();
  await dialog(page).getByLabel('Video or audio file').setInputFiles('tests/fixtures/media/answer.mp4');
  await dialog(page).getByRole('textbox', { name: 'Transcript (optional)' }).fill('A short hello.');
  await expectNoAxeViolations(page);
  await viewShot(page, 'spotlight-upload');
  await dialog(page).getByRole('button', { name: 'Save answer' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Answer saved' })).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Done' }).click();
  const uploaded = page.getByRole('listitem').filter({ hasText: 'Tell us about yourself' });
  await expect(uploaded.getByText(/Video answer · 2 s/)).toBeVisible();
  // The transcript can be changed afterwards; it is also the captions track.
  await uploaded.getByText('Edit the transcript').click();
  await uploaded.getByLabel('Transcript of your answer to Tell us about yourself').fill('A short hello, and a longer goodbye.');
  await uploaded.getByRole('button', { name: 'Save transcript' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Transcript saved.' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'spotlight-transcript');
  const captions = await page.request.get((await uploaded.locator('track').getAttribute('src'))!);
  expect(await captions.text()).toContain('A short hello, and a longer goodbye.');
  // A file that is not audio or video is refused with the server's words.
  await page.getByRole('button', { name: 'Answer: Why this kind of work' }).click();
  await dialog(page).getByRole('button', { name: 'Upload a file' }).click();
  await dialog(page).getByLabel('Video or audio file').setInputFiles({ name: 'answer.webm', mimeType: 'video/webm', buffer: Buffer.from('not really a video, only text'.repeat(20)) });
  await dialog(page).getByRole('button', { name: 'Save answer' }).click();
  await expect(dialog(page).getByRole('alert')).toHaveText('We could not play this file. Upload a video or audio file: WebM, MP4, Ogg, MP3 or M4A.');
  await page.keyboard.press('Escape');
  await dialog(page).getByRole('button', { name: 'Leave without saving' }).click();
  await expect(dialog(page)).toHaveCount(0);

  // After applying on a job page.
  await page.goto('/candidate/about');
  await page.getByLabel('Full name').fill('Grace Hopper');
  await page.getByLabel('Phone').fill('(512) 555-0199');
  await page.getByLabel('Location').fill('Austin, TX');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await openOnSiteJob(page, 'cashier');
  await applyWithoutResume(page);
  await expect(page.getByText('Application sent.')).toBeVisible();
  await page.getByRole('link', { name: 'add a candidate spotlight' }).click();
  await expect(page).toHaveURL(/\/profile\?spotlightSource=POST_APPLY&listingKey=/);
  await expect(dialog(page).getByRole('heading', { name: 'Why this kind of work' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);

  await expect
    .poll(async () => (await storedSpotlightObservations(context)).filter((seen) => seen.event_type === 'ENTRY_POINT').map((seen) => `${seen.source}:${seen.event_subtype}`), { timeout: 15_000 })
    .toEqual(expect.arrayContaining(['LOGGED_IN_HOME_PAGE:impression', 'LOGGED_IN_HOME_PAGE:cta_click', 'POST_APPLY:impression', 'POST_APPLY:cta_click']));
  const uploadScreen = (await storedSpotlightObservations(context)).find((seen) => seen.event_type === 'UPLOAD_VIDEO_MODAL');
  expect(uploadScreen).toMatchObject({ source: 'LOGGED_IN_HOME_PAGE' });
  const postApply = (await storedSpotlightObservations(context)).find((seen) => seen.source === 'POST_APPLY' && seen.event_subtype === 'cta_click') as { listing_key?: string } | undefined;
  expect(postApply?.listing_key).toBeTruthy();
  // The refused upload's 415 is the browser's only complaint.
  expect(errors.filter((error) => !error.includes('status of 415'))).toEqual([]);
  await context.close();
});

test('with the camera refused, the written answer is offered', async () => {
  // Without the fake prompt, headless Chromium refuses the camera and microphone (the full browser: the
  // headless shell fails the request in another way).
  const browser = await launchBrowser({ executablePath: CHROMIUM_FULL_EXECUTABLE, args: [...BASE_ARGS, '--use-fake-device-for-media-stream'] });
  try {
    const { context, page } = await newVisitor(browser, { viewport: 'phone', hideSpotlight: true });
    await signedIn(context, uniqueEmail('spot-refused'));
    await page.goto('/profile?openCandidateSpotlight=true&spotlightSource=PROFILE');
    await expect(dialog(page).getByRole('heading', { name: 'How the candidate spotlight works' })).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Get started' }).click();
    await dialog(page).getByRole('button', { name: 'Record video' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Camera or microphone not allowed' })).toBeVisible();
    await expect(dialog(page).getByRole('alert')).toHaveText('We could not use your camera or microphone. Allow them in your browser, or write your answer instead.');
    await expectNoAxeViolations(page);
    await viewShot(page, 'spotlight-camera-refused');
    await dialog(page).getByRole('button', { name: 'Write your answer instead' }).click();
    await expect(dialog(page).getByRole('textbox', { name: 'Your answer' })).toBeVisible();
    await context.close();
  } finally {
    await browser.close();
  }
});
