import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 5123);

/**
 * The browser suite: the built app served by the real server, driven in Debian's Chromium. The
 * members' journeys run first; the admin journeys (admin/) depend on them, so the admin pages
 * are read with the data those journeys produced (e2e/support/suite-facts.ts carries what they
 * tell the admin journeys to look for).
 */
export default defineConfig({
  testDir: '.',
  projects: [
    { name: 'journeys', testMatch: '*.spec.ts', testIgnore: 'admin/**' },
    { name: 'admin', testMatch: 'admin/*.spec.ts', dependencies: ['journeys'] },
  ],
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  forbidOnly: true,
  use: {
    // A first visit follows the browser's language (web/src/lib/i18n.ts): the suite's browser
    // reads Italian, the app's default; the English journeys pick English in the switcher.
    locale: 'it-IT',
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  outputDir: '../.test-output/e2e-artifacts',
});
