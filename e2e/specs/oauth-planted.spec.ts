/**
 * A planted Google sign-in, performed as the attack works: someone starts "Continue with Google"
 * in their own browser, signs in at the (local) provider as themselves, and keeps the return link
 * unused; a visitor with saves and a support conversation opens it. The visitor must not be signed
 * into that account, must be told so in plain words, and must keep their things; the link still
 * works in the browser that started it, and that account gains nothing of the visitor's.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { checkScreen, expect, newIdentity, presetConsent, seededListings, test } from '../support/fixtures';

const RETURN_LINK = /\/api\/v1\/auth\/oauth\/google\/callback\?/;

interface Dashboard {
  viewer: { kind: 'user' | 'visitor'; id: string };
  saved: Array<{ id: string }>;
  support: { conversations: Array<{ subject: string }> };
}

async function dashboard(
  request: APIRequestContext,
  headers: Record<string, string> = {},
): Promise<Dashboard> {
  const res = await request.get('/api/me/dashboard', { headers });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as Dashboard;
}

async function storedAccessToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('state_server_session');
    return raw ? ((JSON.parse(raw) as { access_token?: string }).access_token ?? null) : null;
  });
}

test('a planted Google return link signs nobody in and moves nothing', async ({
  page,
  browser,
  baseURL,
  request,
  project,
}) => {
  // The attacker, in a browser of their own.
  const attackerContext = await browser.newContext({
    baseURL,
    viewport: page.viewportSize(),
    locale: 'en-GB',
  });
  try {
    const attacker = await attackerContext.newPage();
    await presetConsent(attacker);
    // The app's own request to finish the sign-in is stopped, so the attempt stays unused; the
    // provider's redirect to the return link is read as it goes by.
    await attacker.route(RETURN_LINK, (route) => route.abort());
    const returned = attacker.waitForRequest((r) => r.isNavigationRequest() && RETURN_LINK.test(r.url()));
    const mallory = newIdentity('planter');
    await attacker.goto('/account/sign-in?next=%2Fdashboard');
    await attacker.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(attacker.getByRole('heading', { name: 'Sign in with Google' })).toBeVisible();
    await attacker.getByLabel('Email', { exact: true }).fill(mallory.email);
    await attacker.getByLabel('Name', { exact: true }).fill('Mallory Planter');
    await attacker.getByRole('button', { name: 'Continue' }).click();
    const link = (await returned).url();
    expect(link).toMatch(/[?&]code=[^&]+/);
    expect(link).toMatch(/[?&]state=[^&]+/);

    // The victim, a visitor with a save and a support conversation carrying their email.
    await presetConsent(page);
    const listing = (await seededListings(request))[5];
    if (!listing) throw new Error('no seeded listing');
    await page.goto(`/listing/${listing.slug}`);
    await page.getByTestId('save-button').click();
    await expect(page.getByTestId('save-button')).toHaveAccessibleName('Saved');
    await page.goto('/help/support');
    await page.getByTestId('support-form').getByRole('radio', { name: 'A question' }).click();
    const subject = `My order ${Date.now().toString(36)}`;
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Message', { exact: true }).fill('Please write back to me about my order.');
    await page.getByLabel('Your email').fill(`victim-${Date.now().toString(36)}@example.com`);
    await page.getByTestId('support-submit').click();
    await expect(page.getByTestId('support-sent')).toBeVisible();
    const before = await dashboard(page.request);
    expect(before.viewer.kind).toBe('visitor');

    // One click on the planted link: refused in plain words, nobody signed in.
    await page.goto(link);
    await expect(page.getByTestId('oauth-error')).toContainText('was not started in this browser');
    await checkScreen(page, project, 'account-oauth-planted');
    expect(new URL(page.url()).pathname).toBe('/auth/callback/google');
    expect(await storedAccessToken(page)).toBeNull();
    // The visitor's things are still theirs, in the same visitor session.
    const after = await dashboard(page.request);
    expect(after.viewer).toMatchObject({ kind: 'visitor', id: before.viewer.id });
    expect(after.saved.map((s) => s.id)).toContain(listing.id);
    expect(after.support.conversations.map((c) => c.subject)).toContain(subject);
    await page.goto('/dashboard');
    await expect(page.getByTestId('sign-in-required')).toContainText('You are browsing as a visitor');

    // The link still finishes in the browser that started it, into an account with none of it.
    await attacker.unroute(RETURN_LINK);
    await attacker.goto(link);
    await attacker.waitForURL(/\/dashboard$/);
    const token = await storedAccessToken(attacker);
    if (!token) throw new Error('the attacker was not signed in');
    const theirs = await dashboard(attackerContext.request, { authorization: `Bearer ${token}` });
    expect(theirs.viewer.kind).toBe('user');
    expect(theirs.saved).toEqual([]);
    expect(theirs.support.conversations).toEqual([]);
  } finally {
    await attackerContext.close();
  }
});
