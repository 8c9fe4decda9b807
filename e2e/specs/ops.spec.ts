/**
 * The founder's operations in Phase A (A.5 stays closed here): staff review the demand with its
 * filters, qualify a reservation with a note and download the CSV; the founder makes a cohort
 * with invitation codes and revokes one, records an observed session and updates it, and reads it
 * back in the learning review; staff opening a founder page see "not allowed", and nothing of the
 * A.5 pre-order controls shows in Phase A.
 */
import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import {
  checkScreen,
  DEMO,
  expect,
  newIdentity,
  presetConsent,
  registerViaApi,
  seededListings,
  test,
  useSession,
} from '../support/fixtures';

/** Signs a seeded account in through the API; the answer is what the app keeps after a sign-in. */
async function login(request: APIRequestContext, username: string) {
  const res = await request.post('/api/v1/auth/login', { data: { username, password: DEMO.password } });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

/** A country per project, so the projects' reservations never meet in one filter. */
const COUNTRY: Record<string, string> = { 'phone-390': 'NZ', 'phone-430': 'AU', 'desktop-1280': 'CA' };

test.beforeEach(async ({ page }) => {
  await presetConsent(page);
});

test('staff filter the demand, qualify a reservation with a note and download the CSV', async ({
  page,
  request,
  project,
}) => {
  const country = COUNTRY[project] ?? 'NZ';
  const buyer = await registerViaApi(request, 'opsd');
  const listing = (await seededListings(request))[
    ['phone-390', 'phone-430', 'desktop-1280'].indexOf(project) + 17
  ];
  if (!listing) throw new Error('the demo gallery is empty');
  const reserve = await request.post(`/api/listings/${listing.id}/interest`, {
    headers: { authorization: `Bearer ${buyer.auth.access_token}` },
    data: {
      acknowledgement: { accepted: true, version: '2026-11-01' },
      jurisdiction: country,
      intended_use: 'decorative',
      quantity: 2,
    },
  });
  expect(reserve.status(), await reserve.text()).toBe(201);

  await useSession(page, await login(request, 'staff'));
  await page.goto('/admin/demand');
  await expect(page.getByRole('heading', { level: 1, name: 'Demand review' })).toBeVisible();
  await expect(page.getByTestId('demand-reservation').first()).toBeVisible();
  // Phase A: no pre-order controls anywhere.
  await expect(page.getByTestId('demand-invite')).toHaveCount(0);
  await expect(page.getByTestId('demand-caps')).toHaveCount(0);
  await checkScreen(page, project, 'ops-demand');

  await page.getByLabel('Country').fill(country.toLowerCase());
  const mine = page.getByTestId('demand-reservation').filter({ hasText: buyer.displayName });
  await expect(mine).toHaveCount(1);
  await expect(page.getByTestId('demand-reservation')).toHaveCount(1);
  await expect(mine).toContainText(listing.title);
  await expect(page.getByTestId('demand-totals')).toContainText('Kits wanted2');
  await expect(mine.getByTestId('demand-qualification')).toHaveText('Not reviewed');

  await page.getByTestId('demand-filter-qualification').selectOption('qualified');
  await expect(page.getByTestId('demand-empty')).toBeVisible();
  await page.getByTestId('demand-filter-qualification').selectOption('unreviewed');
  await expect(mine).toHaveCount(1);

  await mine.getByLabel('Qualification note (optional)').fill('Known maker, real household');
  await mine.getByRole('button', { name: 'Mark qualified' }).click();
  // Qualified now: it leaves the "not reviewed" filter…
  await expect(page.getByTestId('demand-empty')).toBeVisible();
  // …and shows under "qualified", with its note.
  await page.getByTestId('demand-filter-qualification').selectOption('qualified');
  await expect(mine.getByTestId('demand-qualification')).toHaveText('Qualified');
  await expect(mine).toContainText('Note: Known maker, real household');
  await expect(page.getByTestId('demand-totals')).toContainText('Qualified1');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download reservations (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('kitwright-demand-reservations.csv');
  const csv = fs.readFileSync((await file.path()) as string, 'utf8');
  const lines = csv.split(/\r?\n/).filter(Boolean);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(listing.title);
  expect(lines[1]).toContain('qualified');
  await expect(page.getByTestId('demand-export-done')).toHaveText(
    'Downloaded kitwright-demand-reservations.csv with 1 row.',
  );
  await checkScreen(page, project, 'ops-demand-filtered');
});

test('the founder creates a cohort with codes, revokes one, records a session and reads the learning review', async ({
  page,
  request,
  project,
}) => {
  const tag = newIdentity('c').username.slice(0, 12);
  await useSession(page, await login(request, 'founder'));

  await page.goto('/admin/cohorts');
  await expect(page.getByRole('heading', { level: 1, name: 'Cohorts and invitations' })).toBeVisible();
  await page.getByLabel('Name').fill(`Makers ${tag}`);
  await page.getByLabel('Description (optional)').fill('Makers met at the Leeds fair');
  await page.getByRole('button', { name: 'Create cohort' }).click();
  const cohort = page.getByTestId('cohort').filter({ hasText: `Makers ${tag}` });
  await expect(cohort).toHaveCount(1);
  await expect(page.getByRole('heading', { name: `Invitations of Makers ${tag}` })).toBeVisible();
  await expect(page.getByText('No invitations in this cohort yet.')).toBeVisible();

  await page.getByLabel('How many codes').fill('2');
  await page.getByRole('button', { name: 'Create codes' }).click();
  await expect(page.getByTestId('invitation-created')).toHaveText('2 invitations created.');
  const invitations = page.getByTestId('invitation');
  await expect(invitations).toHaveCount(2);
  await expect(invitations.getByTestId('invitation-status')).toHaveText(['Active', 'Active']);
  await expect(cohort).toContainText('Invitations2');
  await checkScreen(page, project, 'ops-cohorts');

  const code = (await invitations.first().getByTestId('invitation-code').textContent()) ?? '';
  await invitations
    .first()
    .getByRole('button', { name: `Revoke ${code}` })
    .click();
  await expect(invitations.filter({ hasText: code }).getByTestId('invitation-status')).toHaveText('Revoked');
  await expect(invitations.filter({ hasText: code }).getByRole('button')).toHaveCount(0);

  await page.goto('/admin/sessions');
  await expect(page.getByRole('heading', { level: 1, name: 'Observed sessions' })).toBeVisible();
  await page.getByLabel('Tester', { exact: true }).fill(`Ana ${tag}`);
  await page.getByRole('button', { name: 'Save the session' }).click();
  await expect(page.getByText('A session is only recorded with the tester’s consent.')).toBeVisible();
  await page.getByRole('checkbox', { name: 'The tester agreed to be observed' }).click();
  await page.getByLabel('Task 1', { exact: true }).fill(`Reserve a kit ${tag}`);
  await page.getByRole('radio', { name: 'Struggled' }).click();
  await page.getByLabel('What you saw in task 1 (optional)').fill('Looked for the quantity twice');
  await page.getByLabel('Interview notes and findings').fill('Wants a parts list before reserving');
  await page.getByRole('button', { name: 'Save the session' }).click();
  await expect(page.getByTestId('session-recorded')).toHaveText('Session saved.');
  const session = page.getByTestId('session').filter({ hasText: `Ana ${tag}` });
  await expect(session).toContainText(`Reserve a kit ${tag} — Struggled`);
  await expect(session.getByTestId('session-notes')).toHaveText('Notes: Wants a parts list before reserving');
  await checkScreen(page, project, 'ops-sessions');

  await session.getByRole('button', { name: `Update the session with Ana ${tag}` }).click();
  await expect(page.getByRole('heading', { name: 'Update the session' })).toBeVisible();
  await page.getByLabel('Interview notes and findings').fill('Found: the quantity field is hidden');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(session.getByTestId('session-notes')).toHaveText('Notes: Found: the quantity field is hidden');

  await page.goto('/admin/learning');
  await expect(page.getByRole('heading', { level: 1, name: 'Learning review' })).toBeVisible();
  const row = page
    .getByTestId('learning-tasks')
    .getByRole('row')
    .filter({ hasText: `Reserve a kit ${tag}` });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell')).toHaveText([`Reserve a kit ${tag}`, '0', '1', '0']);
  await checkScreen(page, project, 'ops-learning');
});

test('staff see "not allowed" on the founder pages', async ({ page, request, project }) => {
  await useSession(page, await login(request, 'staff'));
  await page.goto('/admin/phase');
  await expect(page.getByTestId('not-allowed')).toContainText('This page is not for your account');
  await expect(page.getByTestId('phase-flags')).toHaveCount(0);
  await checkScreen(page, project, 'ops-phase-staff');
});

test('the founder sees Phase A with its gates, and the pre-order flag closed with the reason', async ({
  page,
  request,
  project,
}) => {
  await useSession(page, await login(request, 'founder'));
  await page.goto('/admin/phase');
  await expect(page.getByTestId('phase-value')).toHaveText(/PhaseA$/);
  const flag = page.getByTestId('flag-phaseA5Preorders');
  await expect(flag.getByTestId('flag-state')).toHaveText('Off');
  await expect(flag.getByTestId('flag-closed')).toContainText('Cannot be switched on in Phase A');
  await expect(flag.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Gates for Phase A.5' })).toBeVisible();
  await expect(page.getByTestId('gate-designer_terms')).toBeVisible();
  await checkScreen(page, project, 'ops-phase');
});

test('the founder pages in French and German, chosen in the footer', async ({ page, request, project }) => {
  await useSession(page, await login(request, 'founder'));
  await page.goto('/admin/phase');
  await expect(page.getByTestId('phase-current')).toBeVisible();
  await page.getByTestId('language-fr').click();
  await expect(page.getByRole('heading', { name: 'Où en est la plateforme' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Critères de la phase A.5' })).toBeVisible();
  await expect(page.getByTestId('flag-phaseA5Preorders')).toContainText(
    'Impossible de l’activer en phase A.',
  );
  await checkScreen(page, project, 'ops-phase-fr');

  await page.getByTestId('language-de').click();
  await page.goto('/admin/demand');
  await expect(page.getByRole('heading', { name: 'Summen für diese Filter' })).toBeVisible();
  await expect(page.getByLabel('Vorgesehene Verwendung')).toBeVisible();
  await checkScreen(page, project, 'ops-demand-de');
  await page.goto('/admin/sessions');
  await expect(page.getByRole('heading', { name: 'Sitzung planen oder erfassen' })).toBeVisible();
  await checkScreen(page, project, 'ops-sessions-de');
});
