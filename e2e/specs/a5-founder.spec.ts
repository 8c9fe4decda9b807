/**
 * The founder opens Phase A.5 through the app (runs after every Phase A journey, in its own
 * project: opening A.5 cannot be undone on the shared server). The decision is refused first for
 * a bad release tag and for the missing gates, in plain words; then every A.5 gate is recorded
 * through the evidence form, the decision is taken with its release tag, `phaseA5Preorders` is
 * switched on, a designer accepts the pre-order terms (through the API: there is no screen for it
 * on main), the founder sets the listing's caps and invites a fresh buyer's reservation, and the
 * reservation's invitation state changes on the demand screen.
 */
import type { APIRequestContext } from '@playwright/test';
import {
  checkScreen,
  DEMO,
  expect,
  presetConsent,
  registerViaApi,
  test,
  useSession,
} from '../support/fixtures';

const A5_GATES = [
  'Designer commerce terms',
  'Moderation',
  'Intellectual property',
  'Product regulation',
  'Card verification flow',
  'Support wording',
];

async function login(request: APIRequestContext, username: string) {
  const res = await request.post('/api/v1/auth/login', { data: { username, password: DEMO.password } });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

test('the founder records the A.5 gates, opens A.5, sets caps and invites a reservation', async ({
  page,
  request,
  project,
}) => {
  test.setTimeout(240_000);
  await presetConsent(page);
  await useSession(page, await login(request, 'founder'));
  await page.goto('/admin/phase');
  await expect(page.getByTestId('phase-value')).toHaveText(/PhaseA$/);

  // The decision names its release and needs every gate: refusals in plain words.
  const decision = page.getByTestId('phase-decision');
  await decision.getByLabel('Why now').fill('Demand is qualified and every A.5 gate is signed off.');
  await decision.getByLabel('Release tag').fill('a5-go');
  await decision.getByRole('button', { name: 'Open Phase A.5' }).click();
  await expect(decision).toContainText(
    'The release tag is not right. It has the form phase-a5-preorder-YYYYMMDD.N',
  );
  await decision.getByLabel('Release tag').fill('phase-a5-preorder-20261127.1');
  await decision.getByRole('button', { name: 'Open Phase A.5' }).click();
  await expect(page.getByTestId('phase-decision-refused')).toContainText(
    'These gates are not recorded as passed: Designer commerce terms',
  );
  await checkScreen(page, project, 'a5-phase-refused');

  // Every A.5 gate through the evidence form.
  const form = page.getByTestId('gate-form');
  for (const gate of A5_GATES) {
    await form.getByLabel('Gate', { exact: true }).selectOption({ label: gate });
    await form.getByLabel('Version checked').fill('a5-e2e-1');
    await form.getByLabel('Evidence').fill(`${gate} reviewed and signed off (e2e)`);
    await form.getByRole('button', { name: 'Record this gate' }).click();
    await expect(page.getByTestId('gate-form-done')).toHaveText(`Recorded: ${gate} passed.`);
  }
  await expect(page.getByTestId('phase-gates').getByTestId('gate-state')).toHaveText(
    A5_GATES.map(() => 'Passed'),
  );

  await decision.getByRole('button', { name: 'Open Phase A.5' }).click();
  await expect(page.getByTestId('phase-decision-done')).toHaveText('Phase A.5 is open.');
  await expect(page.getByTestId('phase-value')).toHaveText(/PhaseA\.5$/);

  const flag = page.getByTestId('flag-phaseA5Preorders');
  await expect(flag.getByTestId('flag-closed')).toHaveCount(0);
  await flag.getByRole('button', { name: 'Switch on A.5 pre-orders' }).click();
  await expect(flag.getByTestId('flag-state')).toHaveText('On');
  await checkScreen(page, project, 'a5-phase-open');

  // A designer accepts the commerce terms of one listing; a fresh buyer reserves it from the UK.
  const priya = (await login(request, 'priya')) as { access_token: string };
  const gallery = (await (await request.get('/api/gallery/listings?designer=priya&limit=4')).json()) as {
    items: { id: string; title: string }[];
  };
  const listing = gallery.items[0];
  if (!listing) throw new Error('priya has no public listing');
  const terms = await request.get(`/api/listings/${listing.id}/designer-terms`, {
    headers: { authorization: `Bearer ${priya.access_token}` },
  });
  expect(terms.ok(), await terms.text()).toBe(true);
  const accept = await request.put(`/api/listings/${listing.id}/designer-terms`, {
    headers: { authorization: `Bearer ${priya.access_token}` },
    data: { accepted: true, version: ((await terms.json()) as { current_version: string }).current_version },
  });
  expect(accept.ok(), await accept.text()).toBe(true);
  const buyer = await registerViaApi(request, 'a5b');
  const reserve = await request.post(`/api/listings/${listing.id}/interest`, {
    headers: { authorization: `Bearer ${buyer.auth.access_token}` },
    data: {
      acknowledgement: { accepted: true, version: '2026-11-01' },
      jurisdiction: 'GB',
      intended_use: 'decorative',
      quantity: 1,
    },
  });
  expect(reserve.status(), await reserve.text()).toBe(201);

  await page.goto('/admin/demand');
  await page.getByTestId('demand-filter-listing_id').selectOption({ label: listing.title });
  const totals = page.getByTestId('demand-listing').filter({ hasText: listing.title });
  await expect(totals).toHaveCount(1);
  // The form starts from the caps in force.
  await expect(totals.getByTestId('demand-caps-current')).toContainText(/^Now: \d+ of \d+ invitations used/);
  await expect(totals.getByLabel('Invitations allowed')).toHaveValue(/^\d+$/);
  await totals.getByLabel('Invitations allowed').fill('20');
  await totals.getByLabel('Pre-orders allowed').fill('10');
  await totals.getByRole('button', { name: 'Save caps' }).click();
  await expect(totals.getByTestId('demand-caps-saved')).toContainText('of 20 invitations used');
  await expect(totals.getByTestId('demand-caps-saved')).toContainText('of 10 pre-orders');

  const reservation = page.getByTestId('demand-reservation').filter({ hasText: buyer.displayName });
  await expect(reservation).toHaveCount(1);
  await expect(reservation.getByTestId('demand-invite-state')).toHaveText('Not invited');
  await reservation.getByLabel('Expected price (£)').fill('49.50');
  await reservation.getByRole('button', { name: 'Invite to pre-order' }).click();
  await expect(reservation.getByTestId('demand-invite-state')).toHaveText('Invited to pre-order');
  await expect(reservation.getByTestId('demand-invite')).toHaveCount(0);
  await checkScreen(page, project, 'a5-demand-invited');

  // The app shell now carries the open phase; the founder's version line follows it.
  await page.goto('/admin/phase');
  await expect(page.getByTestId('phase-current')).toContainText('Phase A.5');
});
