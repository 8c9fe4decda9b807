/**
 * The launch smoke's journey (spec, release candidates: "RC1: staging runs home, gallery, listing,
 * create, publish, reserve, dashboard, support"), driven in Chromium against any running
 * deployment through its public origin only: no test hooks, no mailbox, no seeded data assumed.
 *
 * A throwaway designer uploads a small model (Mode A), waits for its block kit and publishes it;
 * the listing is found through the gallery's search and opened; a throwaway buyer reserves interest
 * in it, sees it on their dashboard and writes to support. Afterwards, whatever happened, the
 * support conversation is closed, the listing withdrawn and both accounts deleted through the API.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { AuthResponse } from '@kitwright/contracts';
import { createClient, type KitwrightClient, memoryStorage } from '@kitwright/sdk';
import { chromium, type Page } from '@playwright/test';
import { answerSafetyNoAndLicence, chooseUse } from '../e2e/support/create';
import { newIdentity, presetConsent } from '../e2e/support/fixtures';

export interface SmokeOptions {
  /** The deployment's public origin, e.g. https://staging.kitwright.example */
  baseUrl: string;
  chromiumPath: string;
  /** Where the failure screenshot is written. */
  outDir: string;
  /** The longest any one wait may take (a kit job on a loaded machine takes longest). */
  stepTimeoutMs: number;
  log: (line: string) => void;
}

export interface SmokeResult {
  ok: boolean;
  /** The step that failed, with its message and screenshot (absent when every step passed). */
  failure?: { step: string; message: string; screenshot: string | null };
  /** Clean-up actions that did not succeed (the journey fails if any did not). */
  cleanupProblems: string[];
}

interface Person {
  identity: ReturnType<typeof newIdentity>;
  client: KitwrightClient;
  auth: AuthResponse;
}

/** A closed, 12-triangle binary STL box (40 × 30 × 20 mm): small, valid, made here, not shipped. */
function boxStl(x = 40, y = 30, z = 20): Buffer {
  const corner3 = (i: number) => [i & 1 ? x : 0, i & 2 ? y : 0, i & 4 ? z : 0];
  // Each side as two triangles wound outwards, by corner index (bit 0: x, bit 1: y, bit 2: z).
  const sides: [number, number, number][][] = [
    [
      [0, 2, 1],
      [1, 2, 3],
    ], // z = 0
    [
      [4, 5, 6],
      [5, 7, 6],
    ], // z = top
    [
      [0, 1, 4],
      [1, 5, 4],
    ], // y = 0
    [
      [2, 6, 3],
      [3, 6, 7],
    ], // y = top
    [
      [0, 4, 2],
      [2, 4, 6],
    ], // x = 0
    [
      [1, 3, 5],
      [3, 7, 5],
    ], // x = top
  ];
  const triangles = sides.flat();
  const out = Buffer.alloc(84 + triangles.length * 50);
  out.write('kitwright launch smoke box', 0, 'ascii');
  out.writeUInt32LE(triangles.length, 80);
  for (const [t, triangle] of triangles.entries()) {
    // 50 bytes a triangle: a zero normal (readers compute it), three corners, two spare bytes.
    for (const [k, corner] of triangle.entries())
      for (const [axis, c] of corner3(corner).entries())
        out.writeFloatLE(c, 84 + t * 50 + 12 + k * 12 + axis * 4);
  }
  return out;
}

function apiClient(baseUrl: string): KitwrightClient {
  return createClient({
    baseUrl,
    storage: memoryStorage(),
    loadSession: false,
    autoRefresh: false,
    broadcast: false,
    XMLHttpRequest: false,
    reconnect: false,
    locale: 'en-GB',
  });
}

async function register(baseUrl: string, prefix: string): Promise<Person> {
  const identity = newIdentity(prefix);
  const client = apiClient(baseUrl);
  const auth = await client.auth.register({
    username: identity.username,
    email: identity.email,
    password: identity.password,
    display_name: identity.displayName,
  });
  return { identity, client, auth };
}

/** Puts the person's session where the web app's SDK keeps it and reloads: the app is then theirs. */
async function signInAs(page: Page, person: Person): Promise<void> {
  const session = JSON.stringify({
    access_token: person.auth.access_token,
    refresh_token: person.auth.refresh_token,
    user: person.auth.user,
    expires_at: Date.now() + person.auth.expires_in * 1000,
  });
  await page.evaluate((value) => window.localStorage.setItem('state_server_session', value), session);
  await page.reload();
}

function describe(err: unknown): string {
  if (err instanceof Error) return err.message.split('\n').slice(0, 6).join('\n');
  return String(err);
}

export async function runSmoke(options: SmokeOptions): Promise<SmokeResult> {
  const { baseUrl, log } = options;
  const started = performance.now();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'kitwright-smoke-'));
  const people: { designer?: Person; buyer?: Person } = {};
  const made: { listingId?: string; conversationId?: string } = {};
  const title = `Smoke test box ${Date.now().toString(36)}`;
  const supportSubject = `Launch smoke ${Date.now().toString(36)} (automated, closed at once)`;
  let failure: SmokeResult['failure'];

  log(`Kitwright launch smoke against ${baseUrl}`);
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: options.chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    baseURL: baseUrl,
    locale: 'en-GB',
    viewport: { width: 390, height: 844 },
  });
  context.setDefaultTimeout(options.stepTimeoutMs);
  context.setDefaultNavigationTimeout(options.stepTimeoutMs);
  const page = context.pages()[0] ?? (await context.newPage());
  await presetConsent(page);

  const steps: [string, () => Promise<void>][] = [
    [
      'readiness: /api/readyz answers 200',
      async () => {
        const res = await fetch(new URL('/api/readyz', baseUrl));
        if (res.status !== 200) throw new Error(`/api/readyz answered ${res.status}: ${await res.text()}`);
      },
    ],
    [
      'home: the landing page renders',
      async () => {
        await page.goto('/');
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.getByTestId('home-create').waitFor();
      },
    ],
    [
      'create: a throwaway designer uploads a model (Mode A) and gets a valid block kit',
      async () => {
        people.designer = await register(baseUrl, 'smoked');
        await signInAs(page, people.designer);
        await page.goto('/create/upload');
        await page.getByTestId('model-file-input').setInputFiles({
          name: 'smoke-box.stl',
          mimeType: 'model/stl',
          buffer: boxStl(),
        });
        await page
          .getByTestId('setting-size')
          .getByRole('radio', { name: /^16 blocks/ })
          .click();
        await page.getByLabel('Name (optional)').fill(title);
        await page.getByTestId('upload-submit').click();
        await page.waitForURL(/\/create\/draft\/[0-9a-f-]{36}$/);
        await page.getByTestId('kit-valid').filter({ hasText: 'The kit passed every check' }).waitFor();
      },
    ],
    [
      'publish: the draft is published and lands on its listing',
      async () => {
        await page.getByTestId('continue-publish').click();
        await page.waitForURL(/\/create\/draft\/[0-9a-f-]{36}\/publish$/);
        await page.getByLabel('Title').fill(title);
        await page
          .getByLabel('Description')
          .fill('A plain box made by the launch smoke to check publishing; it is withdrawn at once.');
        await page.getByLabel('Tags').fill('smoke, test');
        await page.getByTestId('publish-category').getByRole('radio').first().click();
        await chooseUse(page, /^Decorative/);
        await answerSafetyNoAndLicence(page);
        await page.getByTestId('publish-submit').click();
        // The listing, or the form's refusal: a deployment that answers publishing with an error
        // fails this step at once with what the app said, not after the step's whole timeout.
        const listed = page.getByTestId('listing-title').filter({ hasText: title });
        const refused = page.getByTestId('publish-refused');
        await listed.or(refused).first().waitFor();
        if (await refused.isVisible())
          throw new Error(`the app refused to publish: ${(await refused.innerText()).replace(/\s+/g, ' ')}`);
        await page.waitForURL(/\/listing\/[a-z0-9-]+/);
        const slug = new URL(page.url()).pathname.split('/').pop() ?? '';
        const listing = await (people.designer as Person).client.listings.get(slug);
        made.listingId = listing.id;
        log(`       published /listing/${listing.slug}`);
      },
    ],
    [
      'gallery: the new listing is found by searching the gallery',
      async () => {
        await page.goto(`/gallery?q=${encodeURIComponent(title)}`);
        await page.getByTestId('listing-card').filter({ hasText: title }).first().waitFor();
      },
    ],
    [
      'listing: its card opens the listing page',
      async () => {
        await page.getByTestId('listing-card').filter({ hasText: title }).first().click();
        await page.waitForURL(/\/listing\/[a-z0-9-]+/);
        await page.getByTestId('listing-title').filter({ hasText: title }).waitFor();
      },
    ],
    [
      'reserve: a throwaway buyer registers non-binding interest',
      async () => {
        people.buyer = await register(baseUrl, 'smokeb');
        await signInAs(page, people.buyer);
        await page.getByTestId('reserve-button').click();
        const sheet = page.getByRole('dialog', { name: 'Register interest' });
        await sheet.getByTestId('reserve-ack').click();
        await sheet.getByRole('radio', { name: /^Free-standing object/ }).click();
        await sheet.getByLabel('Country where you would use it').selectOption('GB');
        await sheet.getByTestId('reserve-submit').click();
        await page
          .getByTestId('reserve-success')
          .filter({ hasText: 'Your interest is registered' })
          .waitFor();
        await page.getByTestId('reserve-done').click();
      },
    ],
    [
      'dashboard: the buyer sees the reservation',
      async () => {
        await page.goto('/dashboard');
        await page
          .getByTestId('dashboard-reservations')
          .getByTestId('dashboard-reservation')
          .filter({ hasText: title })
          .waitFor();
      },
    ],
    [
      'support: the buyer writes to support and the message arrives',
      async () => {
        await page.goto('/help/support');
        await page.getByTestId('support-form').getByRole('radio', { name: 'A question' }).click();
        await page.getByLabel('Subject').fill(supportSubject);
        await page
          .getByLabel('Message', { exact: true })
          .fill('This message was sent by the automated launch smoke; no answer is needed.');
        await page.getByTestId('support-submit').click();
        await page.getByTestId('support-sent').waitFor();
        await page.getByTestId('my-conversations').filter({ hasText: supportSubject }).waitFor();
      },
    ],
  ];

  let n = 0;
  for (const [name, run] of steps) {
    n += 1;
    const t0 = performance.now();
    try {
      await run();
      log(`  ok   ${n}/${steps.length} ${name} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    } catch (err) {
      const seconds = ((performance.now() - t0) / 1000).toFixed(1);
      let screenshot: string | null = path.join(options.outDir, `smoke-failure-step-${n}.png`);
      try {
        fs.mkdirSync(options.outDir, { recursive: true });
        await page.screenshot({ path: screenshot, fullPage: true, timeout: 15_000 });
      } catch {
        screenshot = null;
      }
      failure = { step: name, message: describe(err), screenshot };
      log(`  FAIL ${n}/${steps.length} ${name} (after ${seconds} s)`);
      log(`       ${failure.message.replaceAll('\n', '\n       ')}`);
      log(`       page: ${page.url()}`);
      log(`       screenshot: ${screenshot ?? '(could not be taken)'}`);
      break;
    }
  }

  await context.close().catch(() => undefined);
  fs.rmSync(profile, { recursive: true, force: true });
  const cleanupProblems = await cleanUp(people, made, supportSubject, log);
  const total = ((performance.now() - started) / 1000).toFixed(1);
  const ok = !failure && cleanupProblems.length === 0;
  log(ok ? `Launch smoke passed in ${total} s.` : `Launch smoke FAILED after ${total} s.`);
  return { ok, ...(failure ? { failure } : {}), cleanupProblems };
}

/**
 * Leaves nothing behind: the buyer's support conversation is closed (support keeps closed
 * conversations for their retention period, no longer linked to anyone once the account is
 * deleted), the listing is withdrawn, then both accounts are deleted, which also cancels the
 * reservation and removes the draft and its files.
 */
async function cleanUp(
  people: { designer?: Person; buyer?: Person },
  made: { listingId?: string },
  supportSubject: string,
  log: (line: string) => void,
): Promise<string[]> {
  const problems: string[] = [];
  const attempt = async (what: string, action: () => Promise<unknown>) => {
    try {
      await action();
      log(`  clean-up: ${what}`);
    } catch (err) {
      problems.push(`${what}: ${describe(err)}`);
      log(`  clean-up FAILED: ${what}: ${describe(err)}`);
    }
  };
  const { designer, buyer } = people;
  if (buyer) {
    const mine = await buyer.client.support.list().catch(() => null);
    const conversation = mine?.items.find((c) => c.subject === supportSubject);
    if (conversation)
      await attempt('closed the support conversation', () =>
        buyer.client.support.update(conversation.id, 'close'),
      );
    await attempt(`deleted the buyer account ${buyer.identity.username}`, () =>
      buyer.client.auth.deleteAccount({
        confirm: buyer.identity.username,
        password: buyer.identity.password,
      }),
    );
  }
  if (designer) {
    const listingId = made.listingId;
    if (listingId) await attempt('withdrew the listing', () => designer.client.listings.unpublish(listingId));
    await attempt(`deleted the designer account ${designer.identity.username}`, () =>
      designer.client.auth.deleteAccount({
        confirm: designer.identity.username,
        password: designer.identity.password,
      }),
    );
  }
  return problems;
}
