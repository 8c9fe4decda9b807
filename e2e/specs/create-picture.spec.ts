/**
 * Mode B from a picture (issue 19) in the browser against the real server and mesher: on the
 * Mode B screen, "Start from: a picture", a small PNG is chosen and made into a 32 × 32 dithered
 * mosaic; the draft's workspace shows what was made and its preview, and the draft is saved.
 */
import path from 'node:path';
import { signedIn } from '../support/create';
import { checkScreen, expect, test } from '../support/fixtures';

const PICTURE = path.resolve(import.meta.dirname, '../support/sunset.png');

test('Mode B from a picture: a PNG becomes a framed mosaic, previewed and saved', async ({
  page,
  project,
}) => {
  await signedIn(page, 'pic');
  await page.goto('/create/prompt');
  await page.getByTestId('mode-b-source').getByRole('radio', { name: 'A picture' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'From a picture' })).toBeVisible();
  await checkScreen(page, project, 'create-picture');

  // Not a picture: said at once, nothing sent.
  await page.getByTestId('reference-file-input').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a picture'),
  });
  await expect(page.getByTestId('reference-pick-error')).toContainText(
    '“notes.txt” is not a PNG, JPEG or WebP picture.',
  );

  await page.getByTestId('reference-file-input').setInputFiles(PICTURE);
  await expect(page.getByTestId('reference-chosen')).toContainText('sunset.png');
  await page
    .getByTestId('reference-width')
    .getByRole('radio', { name: /^32 blocks/ })
    .click();
  await page
    .getByTestId('reference-aspect')
    .getByRole('radio', { name: /^Square/ })
    .click();
  await page.getByTestId('reference-dithering').click();
  await page.getByTestId('reference-submit').click();

  await page.waitForURL(/\/create\/draft\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('draft-title')).toHaveText('Sunset');
  const result = page.getByTestId('reference-result');
  await expect(result).toContainText('A mosaic of 32 × 32 blocks, framed', { timeout: 60_000 });
  await expect(result).toContainText('Dithered');
  await expect(page.getByTestId('kit-valid')).toBeVisible();
  await expect(page.getByTestId('kit-preview').getByRole('img').first()).toBeVisible();
  await expect(page.getByTestId('reference-rebuild')).toBeVisible();
  await checkScreen(page, project, 'create-picture-mosaic');

  await page.getByLabel('Draft name').fill('Sunset mosaic');
  await page.getByTestId('save-draft').click();
  await expect(page.getByTestId('draft-saved')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('draft-title')).toHaveText('Sunset mosaic');
  await expect(page.getByTestId('continue-publish')).toBeVisible();
});
