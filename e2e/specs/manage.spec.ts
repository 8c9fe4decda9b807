/**
 * "Manage my design": a new designer publishes a prompt design, then manages it from its page —
 * edits its title, description and visibility and sees them on the listing, unpublishes it (gone
 * from the gallery and its link, still theirs to see), publishes it again, and deletes it after a
 * confirmation (its page is gone); and deletes a draft from the dashboard. The owner never sees
 * "Report this design" on their own design.
 */
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { answerSafetyNoAndLicence, chooseUse, readyDraft, signedIn } from '../support/create';
import { checkScreen, expect, test } from '../support/fixtures';

/** The slugs the public gallery shows for a search, as a visitor with no session reads it. */
async function gallerySlugs(request: APIRequestContext, q: string): Promise<string[]> {
  const res = await request.get(`/api/gallery/listings?q=${encodeURIComponent(q)}`);
  return ((await res.json()).items as Array<{ slug: string }>).map((c) => c.slug);
}

test('a designer edits, unpublishes, republishes and deletes their design, and deletes a draft', async ({
  page,
  project,
  playwright,
}) => {
  // A long journey on a shared machine: it publishes, edits, uploads and deletes for real.
  test.setTimeout(300_000);
  const me = await signedIn(page, 'mng');
  const word = `lantern${Date.now().toString(36)}`;
  const draftId = await readyDraft(page.request, me.auth.access_token, 'a red tower 10 blocks tall');

  // Publish it through the form.
  await page.goto(`/create/draft/${draftId}/publish`);
  await expect(page.getByLabel('Title')).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Title').fill(`Harbour ${word}`);
  await page.getByLabel('Description').fill('A small red harbour tower for a shelf, twelve blocks tall.');
  await page.getByLabel('Tags').fill(`${word}, harbour`);
  await page.getByTestId('publish-category').getByRole('radio', { name: 'Architecture' }).click();
  await chooseUse(page, /^Decorative/);
  await answerSafetyNoAndLicence(page);
  await page.getByTestId('publish-submit').click();
  await page.waitForURL(/\/listing\/harbour-lantern/);
  const slug = new URL(page.url()).pathname.split('/')[2] as string;

  // The owner sees their panel and the way to manage it, never "Report this design".
  await expect(page.getByTestId('listing-title')).toHaveText(`Harbour ${word}`);
  await expect(page.getByTestId('owner-panel')).toContainText('Your design');
  await expect(page.getByTestId('report-link')).toHaveCount(0);
  await expect(page.getByText('Report this design')).toHaveCount(0);
  await checkScreen(page, project, 'manage-listing-owner');
  expect(await gallerySlugs(page.request, word)).toEqual([slug]);

  // Edit title, description and visibility.
  await page.getByTestId('manage-link').click();
  await page.waitForURL(new RegExp(`/listing/${slug}/manage$`));
  await expect(page.getByTestId('manage-listing-title')).toHaveText(`Harbour ${word}`);
  await checkScreen(page, project, 'manage-screen');
  await page.getByTestId('manage-details').getByLabel('Title').fill(`Harbour light ${word}`);
  await page
    .getByTestId('manage-details')
    .getByLabel('Description')
    .fill('A small red and white harbour light for a shelf, twelve blocks tall.');
  await page
    .getByTestId('manage-visibility')
    .getByRole('radio', { name: /^Unlisted/ })
    .click();
  await page.getByTestId('manage-save').click();
  await expect(page.getByTestId('manage-saved')).toContainText('Your changes are saved.');
  // A photo of the built design.
  const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();
  await page
    .getByTestId('photo-file-input')
    .setInputFiles({ name: 'built.png', mimeType: 'image/png', buffer: photo });
  await expect(page.getByTestId('manage-photos-done')).toContainText('Photo added.');
  await expect(page.getByTestId('manage-photos').getByRole('img', { name: /^Photo 1 of / })).toBeVisible();
  await page.getByTestId('manage-back').click();
  await page.waitForURL(new RegExp(`/listing/${slug}$`));
  await expect(page.getByTestId('listing-title')).toHaveText(`Harbour light ${word}`);
  await expect(page.getByTestId('listing-description')).toContainText('red and white harbour light');
  await expect(page.getByTestId('owner-panel')).toContainText('Unlisted');
  const shown = page
    .getByTestId('listing-photos')
    .getByRole('img', { name: `Photo 1 of Harbour light ${word}` });
  await expect.poll(() => shown.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(320);
  // Unlisted: out of the gallery, still reached by its link.
  expect(await gallerySlugs(page.request, word)).toEqual([]);
  const stranger = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  expect((await stranger.get(`/api/listings/${slug}`)).status()).toBe(200);

  // Back to public, then unpublish: gone from the gallery and its link, still the owner's to see.
  await page.goto(`/listing/${slug}/manage`);
  await page
    .getByTestId('manage-visibility')
    .getByRole('radio', { name: /^Public/ })
    .click();
  await page.getByTestId('manage-save').click();
  await expect(page.getByTestId('manage-saved')).toBeVisible();
  expect(await gallerySlugs(page.request, word)).toEqual([slug]);
  await page.getByTestId('manage-unpublish').click();
  await expect(page.getByTestId('manage-status-done')).toContainText('Unpublished. Only you can see it now.');
  await expect(page.getByTestId('manage-republish')).toBeVisible();
  await checkScreen(page, project, 'manage-unpublished');
  expect(await gallerySlugs(page.request, word)).toEqual([]);
  expect((await stranger.get(`/api/listings/${slug}`)).status()).toBe(404);
  await page.goto('/gallery');
  await expect(page.getByText(`Harbour light ${word}`)).toHaveCount(0);
  await page.goto(`/listing/${slug}`);
  await expect(page.getByTestId('owner-unpublished')).toContainText('Only you can see this design');
  // Its picture is read with the owner's token (an <img> alone would be refused now).
  const picture = page.getByTestId('kit-preview-image').first();
  await expect
    .poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  await checkScreen(page, project, 'manage-listing-unpublished');

  // Publish it again: back in the gallery.
  await page.getByTestId('manage-link').click();
  await page.getByTestId('manage-republish').click();
  await expect(page.getByTestId('manage-status-done')).toContainText('Published again.');
  await page.getByTestId('manage-photos').getByTestId('remove-photo').click();
  await expect(page.getByTestId('manage-photos-done')).toContainText('Photo removed.');
  await expect(page.getByTestId('manage-photos')).toContainText('No photos yet.');
  expect(await gallerySlugs(page.request, word)).toEqual([slug]);
  expect((await stranger.get(`/api/listings/${slug}`)).status()).toBe(200);

  // Delete it, after confirming: its page is gone, for its owner too.
  await page.getByTestId('manage-delete-open').click();
  // The sheet is a dialog named by its question (once it has opened).
  const sheet = page.getByRole('dialog', { name: `Delete “Harbour light ${word}” for good?` });
  await expect(sheet).toContainText('This cannot be undone.');
  await checkScreen(page, project, 'manage-delete-confirm');
  await sheet.getByTestId('confirm-delete').click();
  await page.waitForURL(/\/dashboard$/);
  await expect(page.getByTestId('dashboard-published')).not.toContainText(`Harbour light ${word}`);
  expect((await stranger.get(`/api/listings/${slug}`)).status()).toBe(404);
  expect((await stranger.get(`/l/${slug}`)).status()).toBe(404);
  expect(await gallerySlugs(page.request, word)).toEqual([]);
  await page.goto(`/listing/${slug}`);
  await expect(page.getByText('This design is not available').first()).toBeVisible();
  await expect(page.getByTestId('owner-panel')).toHaveCount(0);
  await stranger.dispose();

  // Delete a draft from the dashboard, after confirming.
  const otherDraft = await readyDraft(page.request, me.auth.access_token, 'a blue bridge');
  await page.goto('/dashboard');
  const row = page.getByTestId('dashboard-draft-row').filter({ hasText: 'a blue bridge' });
  await expect(row).toHaveCount(1);
  await row.getByTestId('draft-delete').click();
  const draftSheet = page.getByRole('dialog', { name: 'Delete this draft for good?' });
  await expect(draftSheet).toContainText(
    '“a blue bridge” is removed with the kit made from its description.',
  );
  await checkScreen(page, project, 'manage-delete-draft');
  await draftSheet.getByTestId('confirm-delete').click();
  await expect(page.getByTestId('dashboard-draft-row').filter({ hasText: 'a blue bridge' })).toHaveCount(0);
  const gone = await page.request.get(`/api/design-drafts/${otherDraft}`, {
    headers: { authorization: `Bearer ${me.auth.access_token}` },
  });
  expect(gone.status()).toBe(404);
});

test('the dashboard manages published designs: Manage opens the screen, Delete asks first', async ({
  page,
  project,
}) => {
  const me = await signedIn(page, 'mnd');
  const draftId = await readyDraft(page.request, me.auth.access_token, 'a yellow pyramid');
  const headers = { authorization: `Bearer ${me.auth.access_token}` };
  const published = await page.request.post(`/api/design-drafts/${draftId}/publish`, {
    headers,
    data: {
      title: 'Sunny pyramid',
      description: 'A stepped pyramid in sandy yellow blocks.',
      tags: ['pyramid'],
      category: 'architecture',
      visibility: 'public',
      use_case: 'decorative',
      safety: {
        intended_for_children: false,
        bears_loads_or_people: false,
        contains_electrics: false,
        used_outdoors_in_water: false,
      },
      licence: { accepted: true, version: '2026-11-01' },
    },
  });
  expect(published.status(), await published.text()).toBe(201);
  const slug = (await published.json()).slug as string;

  await page.goto('/dashboard');
  const row = page.getByTestId('dashboard-listing').filter({ hasText: 'Sunny pyramid' });
  await expect(row.getByTestId('listing-manage')).toBeVisible();
  await checkScreen(page, project, 'manage-dashboard-published');
  await row.getByTestId('listing-delete').click();
  const sheet = page.getByRole('dialog', { name: 'Delete “Sunny pyramid” for good?' });
  await expect(sheet).toContainText('Its page, kit, pictures and draft are removed');
  // Keeping it changes nothing.
  await sheet.getByRole('button', { name: 'Keep it' }).click();
  await expect(sheet).toHaveCount(0);
  await row.getByTestId('listing-manage').click();
  await page.waitForURL(new RegExp(`/listing/${slug}/manage$`));
  await expect(page.getByTestId('manage-listing-title')).toHaveText('Sunny pyramid');

  await page.goto('/dashboard');
  await page
    .getByTestId('dashboard-listing')
    .filter({ hasText: 'Sunny pyramid' })
    .getByTestId('listing-delete')
    .click();
  await page
    .getByRole('dialog', { name: 'Delete “Sunny pyramid” for good?' })
    .getByTestId('confirm-delete')
    .click();
  await expect(page.getByTestId('dashboard-listing').filter({ hasText: 'Sunny pyramid' })).toHaveCount(0);
  expect((await page.request.get(`/api/listings/${slug}`, { headers })).status()).toBe(404);
});
