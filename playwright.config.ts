import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_EXECUTABLE } from './tests/e2e/chromium';
import { GOOGLE_E2E_BASE_URL, GOOGLE_E2E_CLIENT_ID, GOOGLE_E2E_PORT, GOOGLE_KEY_SERVER_URL } from './tests/e2e/google-env';

const PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_BASE_URL = `http://localhost:${PORT}`;

/**
 * Browser tests run against the production build served by the real server, with a fresh SQLite
 * database and the development mailbox, driving Debian's Chromium headless shell.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  // Lighthouse, when E2E_LIGHTHOUSE=1, after the servers start and before the tests.
  globalSetup: './tests/e2e/global-setup.ts',
  outputDir: 'test-results/e2e-artifacts',
  fullyParallel: true,
  // One worker per core: each drives a Chromium that renders on its core (at least two, so a flow that
  // waits on mail overlaps another).
  workers: Math.max(2, availableParallelism()),
  retries: 0,
  // A whole flow (an employer's notifications, an application read and moved) took 54 s of the old 60 on a
  // slower machine of the usual kind (session 19, the suite 13.9 min there against 4.2 on a quicker one).
  timeout: 120_000,
  expect: { timeout: 5_000 },
  reporter: [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    // E2E_COLOR_SCHEME=dark: every page in the dark theme (the visual audit's pictures, axe's contrast).
    colorScheme: process.env.E2E_COLOR_SCHEME === 'dark' ? 'dark' : 'light',
    launchOptions: {
      executablePath: CHROMIUM_EXECUTABLE,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    // No trace by default: recording one costs about a third of the suite's CPU whether or not a test
    // fails, and CI keeps only the printed output. E2E_TRACE=1 records one for each failing test.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    // A control that never shows fails its step with the locator's name, not the whole test's timeout.
    actionTimeout: 30_000,
  },
  webServer: [
    {
      command: 'rm -f data/e2e.sqlite data/e2e.sqlite-* && node --import tsx src/server/main.ts',
      url: `${E2E_BASE_URL}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATABASE_URL: 'sqlite:./data/e2e.sqlite',
        PUBLIC_URL: E2E_BASE_URL,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
        // Each browser test is its own visitor: it names its address and country the way a proxy on this
        // machine would, so the loopback peer is the one trusted proxy (decision 0080).
        TRUST_PROXY: '127.0.0.1',
        GEO_COUNTRY_HEADER: 'X-Test-Country',
        // New-application emails within seconds (tests/e2e/applicant-mail.spec.ts), not the minute of production.
        APPLICANT_MAIL_INTERVAL_SECONDS: '2',
        // A stage is mailed once it has held 2 seconds here, not production's 2 minutes (decision 0228).
        STAGE_MAIL_QUIET_SECONDS: '2',
        SCHEDULER_TICK_SECONDS: '1',
      },
    },
    // Google sign-in (tests/e2e/google-sign-in.spec.ts): a stand-in key server and an app server with a client id.
    {
      command: 'node --import tsx tests/e2e/fixtures/google-key-server.ts',
      url: `${GOOGLE_KEY_SERVER_URL}/readyz`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: 'rm -f data/e2e-google.sqlite data/e2e-google.sqlite-* && node --import tsx src/server/main.ts',
      url: `${GOOGLE_E2E_BASE_URL}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(GOOGLE_E2E_PORT),
        HOST: '127.0.0.1',
        DATABASE_URL: 'sqlite:./data/e2e-google.sqlite',
        PUBLIC_URL: GOOGLE_E2E_BASE_URL,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
        SEED_DEMO_DATA: 'false',
        GOOGLE_CLIENT_ID: GOOGLE_E2E_CLIENT_ID,
        GOOGLE_JWKS_URL: `${GOOGLE_KEY_SERVER_URL}/oauth2/v3/certs`,
      },
    },
  ],
});
