/**
 * The Phase A.5 buyer journey (issue 17). Runs after every Phase A journey and after the founder's
 * A.5 journey; run alone, it first checks that nothing shows pre-orders in Phase A, then opens A.5
 * through the API the way the founder does (gates, decision with its release tag, flag), which is
 * a no-op when it is already open.
 *
 * The designer accepts the pre-order terms on the listing's manage screen; a buyer reserves
 * interest; the founder invites the reservation (API); the buyer follows the invitation email to
 * /account/reservations, opens the pre-order, verifies a card with the local provider's form
 * (declined first, in clear words, then a card needing authentication, then completing it),
 * confirms with the fresh acknowledgement, sees the pre-order in "my pre-orders" and cancels it.
 * With the `phaseA5Preorders` flag off, the same page shows no pre-order section.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import {
  checkScreen,
  DEMO,
  expect,
  linkIn,
  presetConsent,
  registerViaApi,
  signInThroughUi,
  test,
  useSession,
  waitForEmail,
} from '../support/fixtures';

test.describe.configure({ mode: 'serial' });

const DESIGNER = 'tomo';
const RELEASE_TAG = 'phase-a5-preorder-20261127.1';
const CARDS = {
  declined: '4000000000009995',
  authentication: '4000002500003155',
  succeeds: '4242424242424242',
};

async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const login = await request.post('/api/v1/auth/login', { data: { username, password: DEMO.password } });
  expect(login.ok(), await login.text()).toBe(true);
  return ((await login.json()) as { access_token: string }).access_token;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function phaseOf(request: APIRequestContext, founder: string) {
  const res = await request.get('/api/admin/phase', { headers: bearer(founder) });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { phase: string; required_gates: Record<string, string[]> };
}

/** Opens A.5 as the founder does, unless it is open already; the flag is set either way. */
async function openA5(request: APIRequestContext, founder: string) {
  const state = await phaseOf(request, founder);
  if (state.phase === 'A') {
    for (const gate of state.required_gates['A.5'] ?? []) {
      const res = await request.post('/api/admin/phase/gates', {
        headers: bearer(founder),
        data: { gate, passed: true, version: 'e2e-a5-1', evidence: `${gate} signed off (browser tests)` },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    const decision = await request.post('/api/admin/phase/decisions', {
      headers: bearer(founder),
      data: { target: 'A.5', reason: 'A.5 gates recorded (browser tests)', release_tag: RELEASE_TAG },
    });
    expect(decision.ok(), await decision.text()).toBe(true);
  }
  await setFlag(request, founder, true);
  expect((await phaseOf(request, founder)).phase).not.toBe('A');
}

async function setFlag(request: APIRequestContext, founder: string, enabled: boolean) {
  const res = await request.put('/api/admin/flags/phaseA5Preorders', {
    headers: bearer(founder),
    data: { enabled },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The designer's newest published, public listing. */
async function designerListing(request: APIRequestContext) {
  const token = await tokenOf(request, DESIGNER);
  const dashboard = await (await request.get('/api/me/dashboard', { headers: bearer(token) })).json();
  const listing = (
    dashboard.listings as Array<{
      id: string;
      slug: string;
      title: string;
      state: string;
      visibility: string;
    }>
  ).find((l) => l.state === 'published' && l.visibility === 'public');
  expect(listing, 'the designer has a public listing').toBeTruthy();
  return listing as { id: string; slug: string; title: string };
}

async function reserve(request: APIRequestContext, token: string, listingId: string): Promise<string> {
  const res = await request.post(`/api/listings/${listingId}/interest`, {
    headers: bearer(token),
    data: {
      acknowledgement: { accepted: true, version: '2026-11-01' },
      jurisdiction: 'GB',
      intended_use: 'decorative',
      quantity: 1,
      source: { surface: 'listing' },
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { reservation: { id: string } }).reservation.id;
}

/** Fills the local provider's card form in its own window and submits it. */
async function submitCard(form: Page, number: string) {
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Month').fill('12');
  await form.getByLabel('Year').fill(String(new Date().getUTCFullYear() + 3));
  await form.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: 'Save card' }).click();
}

async function openCardForm(page: Page): Promise<Page> {
  const [form] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByTestId('buyer-open-card-form').click(),
  ]);
  await form.waitForLoadState();
  return form;
}

test('the A.5 buyer flow: terms, invitation, card checks, confirmation, my pre-orders, cancel', async ({
  page,
  request,
  browser,
  project,
}) => {
  test.setTimeout(240_000);
  const founder = await tokenOf(request, 'founder');
  const buyer = await registerViaApi(request, 'a5buyer');
  await presetConsent(page);
  await useSession(page, buyer.auth);

  // Run alone, the world is still Phase A: the page shows reservations and nothing of pre-orders.
  if ((await phaseOf(request, founder)).phase === 'A') {
    await page.goto('/account/reservations');
    await expect(page.getByRole('heading', { level: 2, name: 'My reservations' })).toBeVisible();
    await expect(page.getByTestId('buyer-preorders')).toHaveCount(0);
    await expect(page.getByText(/pre-order/i)).toHaveCount(0);
  }
  await openA5(request, founder);
  const listing = await designerListing(request);

  // The designer accepts the pre-order terms on the listing's manage screen.
  const designerContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'en-GB',
  });
  const designer = await designerContext.newPage();
  await presetConsent(designer);
  await signInThroughUi(designer, DESIGNER, DEMO.password);
  await designer.goto(`/listing/${listing.slug}/manage`);
  const terms = designer.getByTestId('designer-terms');
  await expect(terms.getByRole('heading', { name: 'Pre-order terms' })).toBeVisible();
  if (await terms.getByTestId('designer-terms-withdraw').isVisible()) {
    // Accepted before (the founder's journey): withdraw, asked first, then accept again.
    await terms.getByTestId('designer-terms-withdraw').click();
    await designer
      .getByTestId('designer-terms-withdraw-sheet')
      .getByRole('button', { name: 'Withdraw' })
      .click();
    await expect(terms.getByTestId('designer-terms-state')).toHaveText('Not accepted');
  } else {
    await expect(terms.getByTestId('designer-terms-state')).toHaveText('Not accepted');
  }
  await checkScreen(designer, project, 'a5-designer-terms');
  await terms.getByTestId('designer-terms-accept').click();
  await expect(terms.getByTestId('designer-terms-state')).toHaveText(/^Accepted \(version .+\) on /);
  await expect(terms.getByTestId('designer-terms-accept')).toHaveCount(0);
  await designerContext.close();

  // The buyer reserves interest; the founder invites the reservation.
  const reservationId = await reserve(request, buyer.auth.access_token, listing.id);
  const invite = await request.post(`/api/interest-reservations/${reservationId}/invite-preorder`, {
    headers: bearer(founder),
    data: { expected_price: { amount_minor: 4500, currency: 'GBP' }, expires_in_days: 14 },
  });
  expect(invite.ok(), await invite.text()).toBe(true);

  // The invitation arrives by email and in the app; the buyer follows the in-app notification.
  const email = await waitForEmail(request, buyer.email, /invited to pre-order/);
  expect(new URL(linkIn(email)).pathname).toBe('/account/reservations');
  await page.goto('/dashboard');
  const notice = page
    .getByTestId('dashboard-notifications')
    .locator('div')
    .filter({ has: page.getByText(`You are invited to pre-order “${listing.title}”`, { exact: true }) })
    .filter({ has: page.getByRole('link', { name: 'Open' }) })
    .last();
  await notice.getByRole('link', { name: 'Open' }).click();
  await expect(page).toHaveURL(/\/account\/reservations$/);
  const item = page.getByTestId('buyer-reservation').filter({ hasText: listing.title });
  await expect(item.getByTestId('buyer-invitation')).toContainText('Invited to pre-order');
  await expect(page.getByTestId('buyer-preorders')).toContainText('You have no pre-orders.');
  await checkScreen(page, project, 'a5-reservations-invited');

  await item.getByTestId('buyer-open-preorder').click();
  await expect(page).toHaveURL(new RegExp(`/pre-order/${reservationId}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Pre-order ${listing.title}` })).toBeVisible();
  await expect(page.getByTestId('buyer-expected-price')).toHaveText('£45.00');
  await expect(page.getByTestId('buyer-terms')).toContainText('No money is taken now');
  const status = page.getByTestId('buyer-card-status');
  await expect(status).toHaveText('Add a card to continue. It is verified and saved, not charged.');
  await checkScreen(page, project, 'a5-preorder');

  // Confirming before the card is verified is refused in plain words.
  await page.getByTestId('buyer-confirm').click();
  await expect(page.getByTestId('buyer-confirm-problem')).toHaveText('Verify your card first.');

  // Declined first: clear words, and the buyer can try again.
  let form = await openCardForm(page);
  await submitCard(form, CARDS.declined);
  await expect(form.getByRole('alert')).toContainText(/insufficient funds/i);
  await form.close();
  await page.getByTestId('buyer-check-card').click();
  await expect(status).toContainText('Your card was declined: your bank says there are not enough funds.');
  await expect(status).toContainText('Nothing was charged.');
  await expect(status).toContainText('You can try again');
  await checkScreen(page, project, 'a5-preorder-declined');

  // A card that needs authentication: the app says what the bank wants, then the challenge is completed.
  form = await openCardForm(page);
  await submitCard(form, CARDS.authentication);
  await expect(form.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
  await page.bringToFront();
  await page.getByTestId('buyer-check-card').click();
  await expect(status).toContainText('Your bank needs to confirm it is you.');
  await form.bringToFront();
  await form.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(form.getByRole('status')).toContainText('is verified and saved');
  await form.close();
  await page.getByTestId('buyer-check-card').click();
  await expect(status).toHaveText('Your card is verified and saved. Nothing has been charged.');
  await expect(page.getByTestId('buyer-open-card-form')).toHaveCount(0);

  // The fresh acknowledgement and the payment agreement, then the confirmation.
  await page.getByTestId('buyer-confirm').click();
  await expect(page.getByTestId('buyer-confirm-problem')).toHaveText('Tick both boxes to confirm.');
  await page.getByRole('checkbox', { name: /no money is taken now/ }).click();
  await page.getByRole('checkbox', { name: /later payment/ }).click();
  await expect(page.getByRole('checkbox', { name: /no money is taken now/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await checkScreen(page, project, 'a5-preorder-verified');
  await page.getByTestId('buyer-confirm').click();
  const confirmed = page.getByTestId('buyer-confirmed');
  await expect(confirmed.getByRole('heading', { level: 1, name: 'Pre-order confirmed' })).toBeVisible();
  await expect(confirmed.getByTestId('buyer-charged')).toHaveText('Charged now: nothing');
  await expect(confirmed).toContainText('ending 3155');
  await checkScreen(page, project, 'a5-preorder-confirmed');

  // "My pre-orders": confirmed, then cancelled (asked first, with a reason).
  await confirmed.getByTestId('buyer-see-mine').click();
  await expect(page).toHaveURL(/\/account\/reservations$/);
  const mine = page.getByTestId('buyer-preorder').filter({ hasText: listing.title });
  await expect(mine.getByTestId('buyer-preorder-status')).toHaveText('Confirmed');
  await expect(mine).toContainText('Expected price: £45.00');
  await expect(item).toContainText('Pre-ordered');
  await mine.getByTestId('buyer-preorder-cancel').click();
  const sheet = page.getByTestId('buyer-cancel-sheet');
  await expect(sheet.getByText('Cancel this pre-order?')).toBeVisible();
  await sheet.getByTestId('buyer-cancel-confirm').click();
  await expect(sheet.getByText('Choose a reason.')).toBeVisible();
  await sheet.getByRole('radio', { name: 'The timing' }).click();
  await checkScreen(page, project, 'a5-cancel-sheet');
  await sheet.getByTestId('buyer-cancel-confirm').click();
  await expect(page.getByTestId('buyer-cancelled-notice')).toContainText('Your pre-order is cancelled');
  await expect(mine.getByTestId('buyer-preorder-status')).toHaveText('Cancelled');
  await expect(mine.getByTestId('buyer-preorder-cancel')).toHaveCount(0);
  const list = await (
    await request.get('/api/pre-orders', { headers: bearer(buyer.auth.access_token) })
  ).json();
  expect(list.items[0]).toMatchObject({ status: 'cancelled', cancellation_reason: 'timing' });
  await checkScreen(page, project, 'a5-reservations-cancelled');

  // The same screens at the other test widths: no sideways scroll, nothing serious for axe.
  for (const width of [430, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/account/reservations');
    await expect(mine.getByTestId('buyer-preorder-status')).toHaveText('Cancelled');
    await checkScreen(page, project, `a5-reservations-${width}`);
    await page.goto(`/pre-order/${reservationId}`);
    const problem = page.getByTestId('buyer-preorder-problem');
    await expect(problem).toContainText('You cancelled this pre-order. It cannot be made again.');
    await expect(problem.getByRole('link', { name: '← My reservations' })).toBeVisible();
    await expect(problem.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await checkScreen(page, project, `a5-preorder-${width}`);
  }
});

test('with the phaseA5Preorders flag off, a buyer without pre-orders sees none of them', async ({
  page,
  request,
}) => {
  const founder = await tokenOf(request, 'founder');
  await openA5(request, founder);
  const listing = await designerListing(request);
  const buyer = await registerViaApi(request, 'a5flag');
  const reservationId = await reserve(request, buyer.auth.access_token, listing.id);
  await presetConsent(page);
  await useSession(page, buyer.auth);
  await setFlag(request, founder, false);
  try {
    await page.goto('/account/reservations');
    await expect(page.getByTestId('buyer-reservation').filter({ hasText: listing.title })).toBeVisible();
    await expect(page.getByTestId('buyer-preorders')).toHaveCount(0);
    await page.goto(`/pre-order/${reservationId}`);
    await expect(page.getByTestId('buyer-preorder-unavailable')).toHaveText(
      'Pre-orders are not available right now.',
    );
  } finally {
    await setFlag(request, founder, true);
  }
  await page.goto('/account/reservations');
  await expect(page.getByTestId('buyer-preorders')).toContainText('You have no pre-orders.');
});
