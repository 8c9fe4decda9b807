/**
 * What every browser test shares: an accessibility check with axe-core (no serious or critical
 * violations), a screenshot of each screen kept per width as a test artefact, the local mailbox,
 * and quick ways to make fresh accounts through the real API.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
export const SCREENS_DIR = path.resolve(import.meta.dirname, '../../test-results/screens');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Runs axe-core on the page as it is now; fails on any serious or critical violation. */
export async function expectAccessible(page: Page, context = 'page'): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE); // evaluated by the debugger protocol, so the page's CSP still holds
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected at run time
    const axe = (window as any).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations as AxeViolation[];
  });
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = blocking
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n${v.nodes
          .slice(0, 5)
          .map((n) => `  ${n.target.join(' ')} ${n.failureSummary ?? ''}`)
          .join('\n')}`,
    )
    .join('\n');
  expect(blocking, `axe-core found serious or critical problems on ${context}:\n${report}`).toEqual([]);
}

/**
 * Full-page screenshots are for people reviewing the screens (`npm run test:e2e`); CI skips them
 * unless E2E_SCREENSHOTS=1, since encoding a tall page at twice the pixel density costs seconds a
 * screen on a two-core machine. A failing test still keeps its own screenshot and trace.
 */
const KEEP_SCREENSHOTS = !process.env.CI || process.env.E2E_SCREENSHOTS === '1';

/** Screenshot of the full page, kept at test-results/screens/<project>/<name>.png. */
export async function keepScreenshot(page: Page, project: string, name: string): Promise<void> {
  if (!KEEP_SCREENSHOTS) return;
  const dir = path.join(SCREENS_DIR, project);
  fs.mkdirSync(dir, { recursive: true });
  // From the top, where a reader starts: a scrolled page would draw the sticky header mid-page.
  const scrolled = await page.evaluate(() => window.scrollY);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true, animations: 'disabled' });
  await page.evaluate((y) => window.scrollTo(0, y), scrolled);
}

/** Checks the screen, keeps its screenshot, and fails if the page scrolls sideways. */
export async function checkScreen(page: Page, project: string, name: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${name} is wider than the viewport by ${overflow}px`).toBeLessThanOrEqual(1);
  await expectAccessible(page, name);
  await keepScreenshot(page, project, name);
}

export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
}

/** Waits for the newest email to an address in the local mailbox. */
export async function waitForEmail(
  request: APIRequestContext,
  to: string,
  subject: RegExp,
): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/dev/mailbox/messages?to=${encodeURIComponent(to)}`);
        const body = (await res.json()) as { messages: MailboxMessage[] };
        found = body.messages.find((m) => subject.test(m.subject));
        return Boolean(found);
      },
      { message: `an email to ${to} matching ${subject}`, timeout: 20_000 },
    )
    .toBe(true);
  return found as MailboxMessage;
}

export function linkIn(message: MailboxMessage): string {
  const match = /(https?:\/\/\S+)/.exec(message.text);
  if (!match) throw new Error(`no link in "${message.subject}"`);
  return match[1] as string;
}

let counter = 0;
/** A unique, valid identity for a new account. */
export function newIdentity(prefix = 'e2e') {
  const id = `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    username: id.slice(0, 30),
    email: `${id}@example.com`,
    password: 'correct-horse-battery-9',
    displayName: `Tester ${id.slice(-4)}`,
  };
}

export const DEMO = { username: 'demo', password: 'kitwright-demo' };

/** The demo gallery's seeded designers: no test publishes, hides or removes their listings. */
export const SEED_DESIGNERS = ['priya', 'tomo', 'jonas', 'ines', 'mia'] as const;

export interface SeededListing {
  id: string;
  slug: string;
  title: string;
  designer: { username: string };
  published_at: string;
}

/**
 * The seeded designers' public listings in one fixed order. Tests that need "some listing" take
 * theirs from here by index: the newest listings in the gallery are other tests' own, which may be
 * hidden or withdrawn while this test runs (that made a reservation inactive under a test once).
 */
export async function seededListings(request: APIRequestContext): Promise<SeededListing[]> {
  const pages = await Promise.all(
    SEED_DESIGNERS.map(async (designer) => {
      const res = await request.get(`/api/gallery/listings?designer=${designer}&sort=newest&limit=60`);
      expect(res.ok(), await res.text()).toBe(true);
      return ((await res.json()) as { items: SeededListing[] }).items;
    }),
  );
  const all = pages.flat().sort((a, b) => a.slug.localeCompare(b.slug));
  if (all.length < 20) throw new Error(`the demo gallery has too few seeded listings (${all.length})`);
  return all;
}

/** Signs in through the app's own sign-in screen; the app then leaves the sign-in page. */
export async function signInThroughUi(page: Page, identifier: string, password: string): Promise<void> {
  await page.goto('/account/sign-in');
  await page.getByLabel(/username or email/i).fill(identifier);
  await page.getByLabel(/^password$/i).fill(password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/account/sign-in'));
}

interface AuthResponse {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  user: { id: string; username: string; email: string };
}

/** Registers a new account through the real API (for tests that are not about registering). */
export async function registerViaApi(request: APIRequestContext, prefix?: string) {
  const identity = newIdentity(prefix);
  const res = await request.post('/api/v1/auth/register', {
    data: {
      username: identity.username,
      email: identity.email,
      password: identity.password,
      display_name: identity.displayName,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { ...identity, auth: (await res.json()) as AuthResponse };
}

/**
 * Starts the page signed in: the session is put where the SDK keeps it (`state_server_session`),
 * exactly as after a sign-in in this browser, before the app loads.
 */
export async function useSession(page: Page, auth: AuthResponse): Promise<void> {
  const session = JSON.stringify({
    access_token: auth.access_token,
    refresh_token: auth.refresh_token,
    user: auth.user,
    expires_at: Date.now() + auth.expires_in * 1000,
  });
  await page.addInitScript(
    ([key, value]) => {
      if (!window.sessionStorage.getItem('e2e-session-set')) {
        window.localStorage.setItem(key as string, value as string);
        window.sessionStorage.setItem('e2e-session-set', '1');
      }
    },
    ['state_server_session', session],
  );
}

/** Answers the consent banner up front so it does not cover the screen under test. */
export async function presetConsent(page: Page, choice: 'granted' | 'denied' = 'denied'): Promise<void> {
  await page.addInitScript((value) => {
    if (!window.localStorage.getItem('kw_consent')) window.localStorage.setItem('kw_consent', value);
  }, choice);
}

export const test = base.extend<{ project: string }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a function asks for from this pattern
  project: async ({}, use, testInfo) => {
    await use(testInfo.project.name);
  },
});
export { expect };
