/**
 * The founder dashboard and incidents (issue 17): the founder reads the success targets and sees
 * a new registration raise sign-ups, downloads a table as CSV, and acknowledges one of the demo
 * seed's drill incidents (its state and timeline change); staff read the same dashboard without
 * the founder's links; a plain user gets the "not allowed" page. axe at each screen.
 */
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import {
  checkScreen,
  DEMO,
  expect,
  presetConsent,
  registerViaApi,
  signInThroughUi,
  test,
} from '../support/fixtures';

test.beforeEach(async ({ page }) => {
  await presetConsent(page);
});

/** The sign-ups figure the dashboard shows now. */
async function signUps(page: Page): Promise<number> {
  const text = await page.getByTestId('target-sign_ups-actual').innerText();
  return Number(text.replace(/[^\d]/g, ''));
}

test('the founder reads the dashboard, sees a registration count, and downloads a CSV', async ({
  page,
  project,
  request,
}) => {
  await signInThroughUi(page, 'founder', DEMO.password);
  await page.goto('/admin/beta');
  await expect(page.getByRole('heading', { level: 1, name: 'Founder dashboard' })).toBeVisible();
  await expect(page.getByTestId('target-sign_ups-actual')).toBeVisible();
  await expect(page.getByTestId('target-sign_ups')).toContainText(/Met|On track|Behind/);
  await expect(page.getByTestId('founder-controls')).toBeVisible();
  await expect(page.getByTestId('founder-read-only')).toHaveCount(0);
  const before = await signUps(page);

  // A new registration raises the sign-ups figure (other journeys may register too: at least one).
  await registerViaApi(request, 'fdash');
  await expect
    .poll(
      async () => {
        await page.reload();
        await expect(page.getByTestId('target-sign_ups-actual')).toBeVisible();
        return signUps(page);
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(before);

  // The chart's figures are there as text for screen readers.
  const chart = page.getByTestId('chart-sign_ups');
  await expect(chart).toContainText(/in \d+ days?/);
  await chart.getByRole('button', { name: 'Show the figures' }).click();
  await expect(chart.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByTestId('funnel-create')).toContainText('Visit');
  await expect(page.getByTestId('founder-incidents-open')).toContainText(/\d+ incidents? not resolved/);
  await checkScreen(page, project, 'founder-dashboard');

  // The metrics table as a CSV download.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('export-metrics').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('kitwright-beta-metrics.csv');
  const csv = fs.readFileSync((await download.path()) as string, 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toBe('metric,value,target,expected_by_now,status,source');
  const row = lines.find((l) => l.startsWith('sign_ups,'));
  expect(row).toMatch(/^sign_ups,(\d+),50,/);
  expect(Number(row?.split(',')[1])).toBeGreaterThan(before);
  await expect(page.getByText('Targets downloaded.')).toBeVisible();

  // Another period: the first 30 days, whose sign-up target is 500.
  await page.getByRole('radio', { name: 'First 30 days' }).click();
  await expect(page.getByTestId('target-sign_ups')).toContainText('500');
});

test('the founder acknowledges a drill incident: its state and timeline change', async ({
  page,
  project,
}) => {
  await signInThroughUi(page, 'founder', DEMO.password);
  await page.goto('/admin/incidents');
  await expect(page.getByRole('heading', { level: 1, name: 'Incidents' })).toBeVisible();
  await page.getByRole('radio', { name: 'Open', exact: true }).click();
  const drill = page
    .getByTestId('incident-row')
    .filter({ hasText: /Drill: / })
    .first();
  await expect(drill).toBeVisible();
  await expect(drill.getByTestId('incident-row-state')).toHaveText('Open');
  await checkScreen(page, project, 'founder-incidents');
  const title = (await drill.getByRole('link').innerText()).trim();
  await drill.getByRole('link').click();

  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(page.getByTestId('incident-state')).toHaveText('Open');
  const timeline = page.getByTestId('incident-timeline');
  await expect(timeline.getByTestId('timeline-entry')).toHaveCount(1);
  await expect(timeline).toContainText('Example data from the demo seed');
  await checkScreen(page, project, 'founder-incident');

  await page.getByTestId('incident-acknowledge').click();
  await expect(page.getByTestId('incident-state')).toHaveText('Acknowledged');
  await expect(page.getByTestId('incident-acknowledge')).toHaveCount(0);
  await expect(timeline.getByTestId('timeline-entry')).toHaveCount(2);
  await expect(timeline.getByTestId('timeline-entry').last()).toContainText('Acknowledged · Frankie Founder');

  // Take it on and leave a note: both on the timeline; the list shows the new state.
  await page.getByTestId('incident-assign-me').click();
  await expect(page.getByTestId('incident-owner')).toHaveText('Frankie Founder');
  await page.getByLabel('Note', { exact: true }).fill('Checked the drill record during the e2e run.');
  await page.getByTestId('incident-add-note').click();
  await expect(timeline.getByTestId('timeline-entry').last()).toContainText(
    'Checked the drill record during the e2e run.',
  );
  await page.getByRole('link', { name: '← All incidents' }).click();
  await page.getByRole('radio', { name: 'Acknowledged', exact: true }).click();
  await expect(page.getByTestId('incident-row').filter({ hasText: title }).first()).toContainText(
    'Acknowledged',
  );
});

test('staff read the dashboard without the founder’s links', async ({ page, project }) => {
  await signInThroughUi(page, 'staff', DEMO.password);
  await page.goto('/admin/beta');
  await expect(page.getByRole('heading', { level: 1, name: 'Founder dashboard' })).toBeVisible();
  await expect(page.getByTestId('target-sign_ups-actual')).toBeVisible();
  await expect(page.getByTestId('founder-read-only')).toContainText('Read-only');
  await expect(page.getByTestId('founder-controls')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Phase gates and flags' })).toHaveCount(0);
  await checkScreen(page, project, 'founder-dashboard-staff');
});

test('a plain user opening the dashboard sees "not allowed"', async ({ page, project }) => {
  await signInThroughUi(page, DEMO.username, DEMO.password);
  await page.goto('/admin/beta');
  await expect(page.getByTestId('not-allowed')).toBeVisible();
  await expect(page.getByTestId('target-sign_ups-actual')).toHaveCount(0);
  await checkScreen(page, project, 'founder-dashboard-not-allowed');
});
