/**
 * The app shell on every width: header and footer, the consent banner (rejecting keeps the app
 * working and drops optional analytics), the web manifest, and the app shell offline.
 */
import { checkScreen, expect, test } from '../support/fixtures';

test('the consent banner asks once; rejecting keeps essential operation and sends the choice', async ({
  page,
  project,
}) => {
  const consentHeaders: string[] = [];
  page.on('request', (req) => {
    // Requests the app makes (images are fetched by the browser and carry no app headers).
    if (req.url().includes('/api/') && ['fetch', 'xhr'].includes(req.resourceType()))
      consentHeaders.push(req.headers()['x-analytics-consent'] ?? 'none');
  });
  await page.goto('/');
  const banner = page.getByRole('region', { name: /cookies and analytics/i });
  await expect(banner).toBeVisible();
  await expect(page.getByText(/belongs to the person who made it/i).first()).toBeVisible();
  await checkScreen(page, project, 'consent-banner');

  await banner.getByRole('button', { name: /essential only/i }).click();
  await expect(banner).toBeHidden();
  // After the answer, API calls carry it so the server drops optional analytics.
  consentHeaders.length = 0;
  await page.reload();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('region', { name: /cookies and analytics/i })).toBeHidden();
  await expect.poll(() => consentHeaders.filter((h) => h === 'denied').length).toBeGreaterThan(0);
  expect(consentHeaders).not.toContain('granted');
  expect(consentHeaders).not.toContain('none');
});

test('the app is installable and its shell opens offline', async ({ page, context, browserName }) => {
  test.skip(browserName !== 'chromium');
  const manifest = await page.request.get('/manifest.webmanifest');
  expect(manifest.ok()).toBe(true);
  const body = await manifest.json();
  expect(body.name).toBe('Kitwright');
  expect(body.icons.some((i: { sizes: string }) => i.sizes === '512x512')).toBe(true);

  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(1);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The worker takes control (clients.claim) and caches the bundles this page loaded.
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await page.reload();
  await expect(page.getByRole('banner')).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByText(/belongs to the person who made it/i).first()).toBeVisible();
  await context.setOffline(false);
});

test.describe('the beta flag', () => {
  // The answer is changed on its way to the page, which a service worker's fetch would bypass.
  test.use({ serviceWorkers: 'block' });

  test('the betaMode flag shows or hides the public-beta badge and footer notice', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('home-beta-badge')).toBeVisible();
    await expect(page.getByTestId('footer-beta')).toBeVisible();

    // The same app with the flag turned off by the founder: the shell answers betaMode false.
    await page.route('**/api/app-shell', async (route) => {
      const response = await route.fetch();
      const shell = await response.json();
      await route.fulfill({ response, json: { ...shell, flags: { ...shell.flags, betaMode: false } } });
    });
    await page.reload();
    await expect(page.getByTestId('home-screen')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByTestId('home-beta-badge')).toHaveCount(0);
    await expect(page.getByTestId('footer-beta')).toHaveCount(0);
    await expect(page.getByText(/belongs to the person who made it/i).first()).toBeVisible();
  });
});
