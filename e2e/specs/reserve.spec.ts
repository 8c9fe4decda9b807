/**
 * Registering non-binding interest, as a visitor without an account and as a signed-in user: the
 * sheet, the acknowledgement that must be ticked, the server's own words when it refuses, the
 * success state, and the reservation afterwards on the listing and in the dashboard.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import {
  checkScreen,
  expect,
  presetConsent,
  registerViaApi,
  seededListings,
  test,
  useSession,
} from '../support/fixtures';

/** A public listing to reserve, different for each width so parallel runs do not meet. */
async function listingFor(request: APIRequestContext, project: string, offset: number) {
  const index = (['phone-390', 'phone-430', 'desktop-1280'].indexOf(project) + 1) * 3 + offset;
  // Not the demo account's own listings (another test reads their counts), nor other tests' own.
  const listing = (await seededListings(request))[index];
  if (!listing) throw new Error('the demo gallery has too few listings');
  return listing;
}

async function openSheet(page: Page) {
  await page.getByTestId('reserve-button').click();
  const sheet = page.getByRole('dialog', { name: 'Register interest' });
  await expect(sheet).toBeVisible();
  return sheet;
}

test.beforeEach(async ({ page }) => {
  await presetConsent(page);
});

test('a visitor reserves without an account: acknowledgement required, server refusals shown, then success', async ({
  page,
  request,
  project,
}) => {
  const listing = await listingFor(request, project, 0);
  const posts: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && r.url().includes('/interest') && posts.push(r.url()));
  await page.goto(`/listing/${listing.slug}?from=gallery`);
  await expect(page.getByTestId('interest-panel')).toContainText(/non-binding/i);
  const sheet = await openSheet(page);
  await expect(sheet).toContainText('It is free: no card, no payment details.');
  await checkScreen(page, project, 'reserve-sheet');

  // Without the acknowledgement nothing is sent, and the box says why.
  await sheet.getByTestId('reserve-submit').click();
  await expect(
    sheet.getByText('Tick this box to confirm you understand that interest is non-binding.'),
  ).toBeVisible();
  expect(posts).toEqual([]);

  await sheet.getByRole('checkbox', { name: /I understand that this is non-binding interest/ }).click();
  await sheet.getByRole('radio', { name: /^3$/ }).click();
  await sheet.getByRole('radio', { name: /^Decoration/ }).click();
  await sheet.getByLabel('Country where you would use it').selectOption('FR');

  // The server refuses a country it does not accept: its own message is shown.
  await page.route('**/api/listings/*/interest', async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}');
    await route.continue({ postData: JSON.stringify({ ...body, jurisdiction: 'XX' }) });
  });
  await sheet.getByTestId('reserve-submit').click();
  await expect(sheet.getByTestId('reserve-error')).toContainText(
    'Choose the country where you would use the kit.',
  );
  await page.unroute('**/api/listings/*/interest');

  await sheet.getByTestId('reserve-submit').click();
  const success = page.getByTestId('reserve-success');
  await expect(success).toContainText('Your interest is registered');
  await expect(success).toContainText('3 × kit · Decoration · France');
  await expect(success).toContainText('Keep it with an account');
  await checkScreen(page, project, 'reserve-success');
  await success.getByTestId('reserve-done').click();

  await expect(page.getByTestId('interest-reserved')).toContainText('You have registered interest');
  await page.reload();
  await expect(page.getByTestId('interest-reserved')).toBeVisible();
  // Beside the raw count, how far the reservations are proven: households and verified accounts.
  await expect(page.getByTestId('interest-trust')).toHaveText(
    /^from \d+ households? · \d+ with (a )?verified accounts?$/,
  );

  // The visitor's dashboard shows it, with the invitation to keep it with an account.
  await page.goto('/dashboard');
  await expect(page.getByTestId('sign-in-required')).toBeVisible();
  const reservations = page.getByTestId('dashboard-reservations');
  await expect(reservations.getByTestId('dashboard-reservation')).toHaveCount(1);
  await expect(reservations.locator(`a[href^="/listing/${listing.slug}?"]`)).toHaveCount(1);
});

test('a signed-in user reserves, changes it, and cancels it from the listing', async ({
  page,
  request,
  project,
}) => {
  const { auth } = await registerViaApi(request, 'rsv');
  await useSession(page, auth);
  const listing = await listingFor(request, project, 1);
  await page.goto(`/listing/${listing.slug}`);
  const sheet = await openSheet(page);
  await expect(sheet).not.toContainText('No account needed');
  await sheet.getByTestId('reserve-ack').click();
  await sheet.getByRole('radio', { name: /^Free-standing object/ }).click();
  await sheet.getByLabel('Country where you would use it').selectOption('GB');
  await sheet.getByTestId('reserve-submit').click();
  const success = page.getByTestId('reserve-success');
  await expect(success).toContainText('1 × kit · Free-standing object · United Kingdom');
  await expect(success).not.toContainText('Keep it with an account');
  await success.getByTestId('reserve-done').click();

  // Changing it refreshes the same reservation.
  await page.getByRole('button', { name: 'Change details' }).click();
  const again = page.getByRole('dialog', { name: 'Register interest' });
  await again.getByTestId('reserve-ack').click();
  await again.getByRole('radio', { name: /^2$/ }).click();
  await again.getByTestId('reserve-submit').click();
  await expect(page.getByTestId('reserve-success')).toContainText('Your interest is updated');
  await page.getByTestId('reserve-done').click();

  // Cancel, with a reason (optional: words.spec.ts cancels without one).
  await page.getByTestId('interest-cancel').click();
  const cancel = page.getByRole('dialog', { name: 'Cancel your interest' });
  await cancel.getByRole('radio', { name: 'Not right now' }).click();
  await cancel.getByTestId('cancel-submit').click();
  await expect(cancel).toBeHidden();
  await expect(page.getByTestId('reserve-button')).toBeVisible();

  const mine = await request.get('/api/me/interest-reservations', {
    headers: { authorization: `Bearer ${auth.access_token}` },
  });
  const items = (
    (await mine.json()) as { items: { status: string; quantity: number; cancellation_reason: string }[] }
  ).items;
  expect(items).toHaveLength(1);
  expect(items[0]).toMatchObject({ status: 'cancelled', quantity: 2, cancellation_reason: 'Not right now' });
});
