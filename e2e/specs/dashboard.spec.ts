/**
 * The dashboard: a user's saved designs and reservations with cancel (and a reason), a designer's
 * drafts and published listings with their counts, and a visitor's own saves with an invitation
 * to keep them with an account.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import {
  checkScreen,
  DEMO,
  expect,
  presetConsent,
  registerViaApi,
  test,
  useSession,
} from '../support/fixtures';

/**
 * Scrolls once through the page as it is, so pictures that load lazily (below the fold) load, and
 * waits for those that started; a full-page screenshot then shows them. The page keeps loading
 * pictures lazily for people.
 */
async function loadLazyImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const end = document.documentElement.scrollHeight;
    const step = Math.max(200, window.innerHeight - 100);
    for (let y = 0; y < end; y += step) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForFunction(
    () => [...document.images].every((img) => img.complete || img.currentSrc === ''),
    undefined,
    { timeout: 10_000 },
  );
}

const RESERVE = {
  acknowledgement: { accepted: true, version: '2026-11-01' },
  jurisdiction: 'GB',
  intended_use: 'decorative',
  quantity: 1,
};

async function listings(request: APIRequestContext) {
  // Not the demo account's own listings: another test reads their counts.
  const res = await request.get('/api/gallery/listings?sort=most_viewed&limit=8');
  const body = (await res.json()) as {
    items: { id: string; slug: string; title: string; designer: { username: string } }[];
  };
  return body.items.filter((l) => l.designer.username !== 'demo');
}

test.beforeEach(async ({ page }) => {
  await presetConsent(page);
});

test('a user sees saves and reservations, and cancels one with a reason', async ({
  page,
  request,
  project,
}) => {
  const { auth } = await registerViaApi(request, 'dash');
  const headers = { authorization: `Bearer ${auth.access_token}` };
  const [a, b, c] = await listings(request);
  if (!a || !b || !c) throw new Error('the demo gallery has too few listings');
  expect((await request.post(`/api/listings/${a.id}/save`, { headers })).ok()).toBe(true);
  for (const listing of [b, c])
    expect(
      (await request.post(`/api/listings/${listing.id}/interest`, { headers, data: RESERVE })).status(),
    ).toBe(201);

  await useSession(page, auth);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Your dashboard' })).toBeVisible();
  const summary = page.getByTestId('dashboard-summary');
  await expect(summary).toContainText('1saved designs');
  await expect(summary).toContainText('2active interest');
  await expect(page.getByTestId('dashboard-saved').getByTestId('listing-card')).toHaveCount(1);
  await expect(page.getByTestId('dashboard-drafts')).toContainText('No drafts yet');
  const reservations = page.getByTestId('dashboard-reservations');
  await expect(reservations.getByTestId('dashboard-reservation')).toHaveCount(2);
  await loadLazyImages(page);
  await checkScreen(page, project, 'dashboard');

  const linkTo = (slug: string) => page.locator(`a[href^="/listing/${slug}?"]`);
  const row = reservations.getByTestId('dashboard-reservation').filter({ has: linkTo(b.slug) });
  await row.getByTestId('reservation-cancel').click();
  const sheet = page.getByRole('dialog', { name: 'Cancel your interest' });
  await sheet.getByRole('radio', { name: 'I prefer another design' }).click();
  await sheet.getByLabel('Anything to add? (optional)').fill('Found a smaller one');
  await checkScreen(page, project, 'dashboard-cancel');
  await sheet.getByTestId('cancel-submit').click();
  await expect(sheet).toBeHidden();

  await expect(reservations.getByTestId('dashboard-reservation')).toHaveCount(1);
  await expect(summary).toContainText('1active interest');
  await page.getByTestId('dashboard-toggle-cancelled').click();
  const cancelled = page.getByTestId('dashboard-cancelled');
  await expect(cancelled.locator(`a[href^="/listing/${b.slug}?"]`)).toHaveCount(1);
  await expect(cancelled.getByTestId('reservation-reason')).toHaveText(
    'Reason: I prefer another design — Found a smaller one',
  );
});

test('a designer sees drafts and published listings with views, saves and reservations', async ({
  page,
  request,
  project,
}) => {
  const login = await request.post('/api/v1/auth/login', {
    data: { username: DEMO.username, password: DEMO.password },
  });
  expect(login.ok()).toBe(true);
  const auth = await login.json();
  const dashboard = await (
    await request.get('/api/me/dashboard', { headers: { authorization: `Bearer ${auth.access_token}` } })
  ).json();
  await useSession(page, auth);
  await page.goto('/dashboard');
  await expect(page.getByText(/Hello, Dana Demo/)).toBeVisible();

  const drafts = page.getByTestId('dashboard-draft');
  await expect(drafts).toHaveCount(dashboard.drafts.length);
  expect(dashboard.drafts.length).toBeGreaterThan(0);
  await expect(drafts.first()).toHaveAttribute('href', `/create/draft/${dashboard.drafts[0].id}`);

  const published = page.getByTestId('dashboard-listing');
  await expect(published).toHaveCount(dashboard.listings.length);
  expect(dashboard.listings.length).toBeGreaterThan(0);
  const first = dashboard.listings[0];
  await expect(published.first()).toContainText(first.title);
  await expect(published.first()).toContainText(`${first.interest.views}views`);
  await expect(published.first()).toContainText(`${first.interest.saves}saves`);
  await expect(published.first()).toContainText(`${first.interest.reservations}interested`);
  await loadLazyImages(page);
  await checkScreen(page, project, 'dashboard-designer');
});

test('a visitor sees their own saves, with an invitation to keep them with an account', async ({
  page,
  request,
  project,
}) => {
  const [listing] = await listings(request);
  if (!listing) throw new Error('no listings');
  await page.goto(`/listing/${listing.slug}`);
  await page.getByTestId('save-button').click();
  await expect(page.getByTestId('save-button')).toHaveAccessibleName('Saved');
  await page.goto('/dashboard');
  await expect(page.getByTestId('sign-in-required')).toContainText('You are browsing as a visitor');
  await expect(page.getByTestId('dashboard-saved').getByTestId('listing-card')).toHaveCount(1);
  await expect(page.getByTestId('dashboard-drafts')).toHaveCount(0);
  await loadLazyImages(page);
  await checkScreen(page, project, 'dashboard-visitor');
});
