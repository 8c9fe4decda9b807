/**
 * What crawlers, link previews and phones without (or before) JavaScript get: a listing page and
 * the gallery as real content with their own titles and tags; a branded not-found page (404) for
 * any address without a page; no public list of the app's routes; a favicon.
 */
import { checkScreen, expect, presetConsent, test } from '../support/fixtures';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a listing page shows its title, designer, description and picture, and names itself', async ({
    page,
  }) => {
    const response = await page.goto('/listing/stanford-bunny');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('Stanford bunny · Kitwright');
    await expect(page.getByRole('heading', { level: 1, name: 'Stanford bunny' })).toBeVisible();
    await expect(page.getByText('The famous scanned bunny, turned into a buildable kit.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Priya Shah' }).first()).toBeVisible();
    const picture = page.getByRole('img', {
      name: /^Isometric preview of Stanford bunny, built from \d+ blocks$/,
    });
    await expect(picture).toBeVisible();
    // Sized before it loads (no jump), and a real picture.
    const box = await picture.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThan(200);
    const src = (await picture.getAttribute('src')) ?? '';
    const image = await page.request.get(src);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    // Link previews and search engines read the same design.
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Stanford bunny');
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      /\/api\/media\/.+\/content$/,
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/listing\/stanford-bunny$/);
  });

  test('the gallery shows its first cards as links to their listings', async ({ page }) => {
    await page.goto('/gallery');
    await expect(page).toHaveTitle('Gallery · Kitwright');
    const cards = page.locator('#kw-static a[href^="/listing/"]');
    await expect(cards).toHaveCount(12);
    await cards.first().click();
    await expect(page).toHaveURL(/\/listing\/[a-z0-9-]+\?from=gallery$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test.describe('with JavaScript', () => {
  test.beforeEach(async ({ page }) => {
    await presetConsent(page);
  });

  test('the app takes over from the static content without showing both', async ({ page }) => {
    await page.goto('/listing/stanford-bunny');
    await expect(page.getByTestId('listing-title')).toHaveText('Stanford bunny');
    await expect(page.locator('#kw-static')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  });

  test('an address without a page is a branded not-found page, answered 404', async ({ page, project }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('not-found-screen')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('Unmatched Route')).toHaveCount(0);
    await expect(page).toHaveTitle('Page not found · Kitwright');
    await checkScreen(page, project, 'not-found');
    await page.getByTestId('not-found-gallery').click();
    await expect(page).toHaveURL(/\/gallery$/);
    await expect(page.getByTestId('listing-card').first()).toBeVisible();
  });

  test('the app’s routes are not listed at /_sitemap', async ({ page, request }) => {
    const response = await page.goto('/_sitemap');
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('not-found-screen')).toBeVisible();
    // Expo's route list names files such as _layout.tsx and links every route.
    await expect(page.getByText(/_layout|\.tsx/)).toHaveCount(0);
    await expect(page.locator('a[href="/create/upload"]')).toHaveCount(0);
    expect((await (await request.get('/robots.txt')).text()).split('\n')).toContain('Disallow: /_sitemap');
  });

  test('the site has a favicon, on the page and at /favicon.ico', async ({ page, request }) => {
    await page.goto('/');
    await expect(page.locator('link[rel="icon"][href="/favicon.ico"]')).toHaveCount(1);
    const icon = await request.get('/favicon.ico');
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toBe('image/x-icon');
  });
});
