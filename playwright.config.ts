import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_BASE_URL = `http://localhost:${PORT}`;

/**
 * Browser tests run against the production build served by the real server, with a fresh SQLite
 * database and the development mailbox, driving Debian's Chromium.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e-artifacts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 5_000 },
  reporter: [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    trace: 'retain-on-failure',
  },
  webServer: {
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
      // Each browser test is its own visitor: it names its address and country the way a proxy would.
      TRUST_PROXY: 'true',
      GEO_COUNTRY_HEADER: 'X-Test-Country',
    },
  },
});
