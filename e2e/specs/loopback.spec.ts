/**
 * A local server opened at http://127.0.0.1:<port> (what many people type) instead of the
 * configured http://localhost:<port>: the page's own requests are accepted, cookie and all.
 */
import { baseURL } from '../playwright.config';
import { expect, presetConsent, test } from '../support/fixtures';

const loopback = baseURL.replace('//localhost:', '//127.0.0.1:');

test.beforeEach(async ({ page }) => {
  await presetConsent(page);
});

test('opened at 127.0.0.1, saving and unsaving a design works', async ({ page }) => {
  const refused: string[] = [];
  page.on('response', (r) => r.status() === 403 && refused.push(`${r.request().method()} ${r.url()}`));
  await page.goto(`${loopback}/listing/stanford-bunny`);
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\//);
  await expect(page.getByTestId('listing-title')).toHaveText('Stanford bunny');

  // The first save makes the visitor's session (a cookie); taking the save off sends that cookie,
  // which is what the origin check looks at.
  const save = page.getByTestId('save-button');
  await save.click();
  await expect(save).toHaveAccessibleName('Saved');
  await page.reload();
  await expect(save).toHaveAccessibleName('Saved');
  await save.click();
  await expect(save).toHaveAccessibleName('Save');
  await page.reload();
  await expect(save).toHaveAccessibleName('Save');
  expect(refused).toEqual([]);
});
