/**
 * Words of issue 11: cancelling interest needs no reason (the copy says it is optional).
 */
import { expect, presetConsent, registerViaApi, seededListings, test, useSession } from '../support/fixtures';

test.beforeEach(async ({ page }) => {
  await presetConsent(page);
});

test('interest is cancelled without a reason', async ({ page, request, project }) => {
  const { auth } = await registerViaApi(request, 'nor');
  const headers = { authorization: `Bearer ${auth.access_token}` };
  const offset = ['phone-390', 'phone-430', 'desktop-1280'].indexOf(project) + 12;
  const listing = (await seededListings(request))[offset];
  if (!listing) throw new Error('the demo gallery has too few listings');
  const reserved = await request.post(`/api/listings/${listing.slug}/interest`, {
    headers,
    data: {
      acknowledgement: { accepted: true, version: '2026-11-01' },
      jurisdiction: 'GB',
      intended_use: 'decorative',
      quantity: 1,
    },
  });
  expect(reserved.status()).toBeLessThan(300);

  await useSession(page, auth);
  await page.goto(`/listing/${listing.slug}`);
  await page.getByTestId('interest-cancel').click();
  const sheet = page.getByRole('dialog', { name: 'Cancel your interest' });
  await expect(sheet).toContainText('Why are you cancelling? (optional)');
  await sheet.getByTestId('cancel-submit').click();
  await expect(sheet).toBeHidden();
  await expect(page.getByTestId('reserve-button')).toBeVisible();

  const mine = (await (await request.get('/api/me/interest-reservations', { headers })).json()) as {
    items: { status: string; cancellation_reason: string | null }[];
  };
  expect(mine.items).toEqual([expect.objectContaining({ status: 'cancelled', cancellation_reason: null })]);
});
