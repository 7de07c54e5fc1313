// The browser tests' `test`: Playwright's, with pages that wait for hydration after they navigate.
import { chromium, test as base, type Browser, type BrowserContext, type Page } from '@playwright/test';

export * from '@playwright/test';

type LoadOptions = { waitUntil?: 'load' | 'domcontentloaded' | 'networkidle' | 'commit' } | undefined;

/**
 * Before React hydrates a page, its buttons and links are the server's plain controls: a click then posts the
 * form or follows the link instead of opening a modal, as it would for a person on a slow phone. A person
 * waits for the page; the tests wait for `data-hydrated` (set by App) after each navigation they make, unless
 * the test asked for an earlier moment (`waitUntil: 'domcontentloaded' | 'commit'`), turned script off, or one
 * of the page's scripts failed to load (tests of the no-script fallbacks).
 */
/**
 * Waits until the page is live (hydrated), or has no client script. For navigations a test starts with a
 * click, which the waits below do not see: a click before hydration follows the plain link or form.
 */
export async function untilHydrated(page: Page): Promise<void> {
  await page
    .waitForFunction(() => document.documentElement.hasAttribute('data-hydrated') || !document.getElementById('page-data'), null, {
      // Hydration yields to the browser (decision 0204): on two busy cores it can take seconds.
      timeout: 30_000,
      polling: 50,
    })
    .catch(() => undefined); // a page whose script never runs is for the test itself to judge
}

function waitForHydrationAfterNavigation(page: Page) {
  let scriptFailed = false;
  page.on('requestfailed', (request) => {
    if (request.resourceType() === 'script') scriptFailed = true;
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) scriptFailed = false;
  });
  const untilLive = async (options: LoadOptions) => {
    if (options?.waitUntil === 'domcontentloaded' || options?.waitUntil === 'commit' || scriptFailed) return;
    await untilHydrated(page);
  };
  for (const name of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const navigate = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(page, {
      [name]: async (...args: unknown[]) => {
        const response = await navigate(...args);
        await untilLive((name === 'goto' ? args[1] : args[0]) as LoadOptions);
        return response;
      },
    });
  }
}

function withHydrationWaits(context: BrowserContext): BrowserContext {
  context.pages().forEach(waitForHydrationAfterNavigation);
  context.on('page', waitForHydrationAfterNavigation);
  return context;
}

/** The browser's new contexts wait for hydration after each navigation (unless script is off). */
function withHydratingContexts(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  return Object.assign(browser, {
    newContext: async (options?: Parameters<Browser['newContext']>[0]) => {
      const context = await newContext(options);
      return options?.javaScriptEnabled === false ? context : withHydrationWaits(context);
    },
  });
}

/**
 * A browser of a test's own (other flags than the worker's): its pages wait for hydration too, or a
 * key pressed before hydration posts the plain form and the test waits for a control that never shows.
 */
export async function launchBrowser(options: Parameters<typeof chromium.launch>[0]): Promise<Browser> {
  return withHydratingContexts(await chromium.launch(options));
}

export const test = base.extend<object, { browser: Browser }>({
  browser: [
    async ({ browser }, use) => {
      await use(withHydratingContexts(browser));
    },
    { scope: 'worker' },
  ],
});
