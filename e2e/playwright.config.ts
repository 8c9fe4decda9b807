/**
 * Browser tests: Debian's Chromium driven by Playwright against the real server (API and exported
 * web app on one origin) on a fresh embedded database with the demo data seeded. Every spec runs
 * at the spec's two phone widths (390 and 430 pixels) and at a desktop width.
 *
 * CI runs a bounded slice to stay within its time budget on two cores: every spec at 390 px (the
 * narrowest test width, where layouts break first), and at 1280 px the specs whose layout changes
 * at desktop width (the shell's navigation, home, gallery and listing, the dashboard, the create
 * screen's viewer beside its form, the staff tools and the founder's desktop-first dashboard). The
 * 430 px phone, whose layouts are the 390 px ones, runs outside CI, and so do the server-rendered
 * pages and the picture flow at 1280 (their layouts are the ones the slice checks). E2E_FULL=1 runs
 * the whole matrix in CI too.
 * The `a5-*` journeys open Phase A.5 and run last, in projects of their own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4390);
export const baseURL = `http://localhost:${port}`;
const root = path.resolve(import.meta.dirname, '..');

// Chromium's headless shell (Debian's chromium-headless-shell, the engine without the desktop
// browser around it, which Playwright itself drives headless by default) where it is installed,
// else Debian's chromium: the 88 journeys of CI's slice ran in 6.9 minutes on the shell against
// 11.4 on chromium, one machine, back to back (docs/decisions.md, "CI's time").
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const chromium = {
  executablePath:
    process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
};
const fullMatrix = !process.env.CI || process.env.E2E_FULL === '1';
// The Phase A.5 journeys open A.5 on the shared server, which cannot be undone: they run in
// their own projects after every Phase A journey has finished (founder first, then the buyer).
const A5_SPECS = 'a5-*.spec.ts';
const widthSensitive = (files: string[]) =>
  fullMatrix ? { testIgnore: A5_SPECS } : { testMatch: files.map((f) => `${f}.spec.ts`) };

const phone = (width: number, height: number) => ({
  ...devices['Pixel 7'],
  browserName: 'chromium' as const,
  viewport: { width, height },
  screen: { width, height },
  deviceScaleFactor: 2,
  launchOptions: chromium,
});

export default defineConfig({
  testDir: './specs',
  outputDir: path.join(root, `test-results/e2e-${port}`),
  // A wall-clock budget per journey, not a performance assertion: shared two-core CI machines
  // have run the longest journeys (a dozen screens, each checked with axe-core) near a minute.
  timeout: process.env.CI ? 120_000 : 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never', outputFolder: path.join(root, 'test-results/e2e-report') }]]
    : 'list',
  use: {
    baseURL,
    locale: 'en-GB',
    // A trace records a screencast and a DOM snapshot at every step of every journey, kept or not:
    // in CI that was a third of the browser stage's time, so CI keeps what a failure leaves without
    // it (the error, the page's ARIA snapshot and a screenshot) and E2E_TRACE=1 turns traces back on.
    trace: process.env.CI && process.env.E2E_TRACE !== '1' ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
  projects: [
    { name: 'phone-390', use: phone(390, 844), testIgnore: A5_SPECS },
    { name: 'phone-430', use: phone(430, 932), ...widthSensitive([]) },
    {
      name: 'desktop-1280',
      use: { browserName: 'chromium', viewport: { width: 1280, height: 860 }, launchOptions: chromium },
      ...widthSensitive(['shell', 'discover', 'dashboard', 'create', 'staff', 'founder']),
    },
    {
      name: 'a5-founder',
      use: phone(390, 844),
      testMatch: 'a5-founder*.spec.ts',
      dependencies: ['phone-390', 'phone-430', 'desktop-1280'],
    },
    { name: 'a5-buyer', use: phone(390, 844), testMatch: 'a5-buyer*.spec.ts', dependencies: ['a5-founder'] },
  ],
  webServer: {
    command: 'node --import tsx e2e/support/serve.ts',
    cwd: root,
    url: `${baseURL}/api/readyz`,
    timeout: 300_000,
    // `.ci/run` starts this same server itself before the lint and the typecheck, so its first-run
    // seeding (most of a minute on one core) runs beside them, and says so with
    // E2E_SERVER_STARTED=1 once it answers: the tests then use it. Otherwise every run starts its own.
    reuseExistingServer: process.env.E2E_SERVER_STARTED === '1',
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(port) },
  },
});
