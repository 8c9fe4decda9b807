/**
 * Mode B after generation: the draft shows three variants, the words understood and not used, the
 * design's parameters and a colour per part as controls; choosing another variant with a purple
 * roof rebuilds the kit with it. The job itself ends `degraded` (part of the prompt not used) and
 * its card says so and why. A prompt for a use kits are not allowed for is refused by the server
 * with the rule, shown on the prompt screen, and no draft is made. At 390 and 1280 px, with axe
 * and no sideways scroll.
 */
import { signedIn } from '../support/create';
import { checkScreen, expect, test } from '../support/fixtures';

test('Mode B: choose a variant, a part colour and a parameter, then rebuild', async ({ page, project }) => {
  await signedIn(page, 'dsgn');
  await page.goto('/create/prompt');
  await page.getByLabel('Your prompt').fill('a red lighthouse for my desk');
  await page.getByTestId('prompt-submit').click();
  await page.waitForURL(/\/create\/draft\/[0-9a-f-]{36}$/);
  const notice = page.getByTestId('generation-degraded');
  await expect(notice).toContainText('Made: lighthouse', { timeout: 60_000 });
  await expect(notice).toContainText('Not used: desk');
  // The job's own state is degraded, not done: its card says so, with what was not used.
  const jobCard = page.getByTestId('model-job');
  await expect(jobCard).toContainText('Done, in part');
  await expect(jobCard.getByTestId('job-status-line')).toContainText('part of the request was not used');
  await expect(jobCard.getByTestId('job-degraded')).toContainText('desk');
  await expect(jobCard.getByTestId('job-retry')).toHaveCount(0);
  const card = page.getByTestId('design-edit-card');
  await expect(card).toBeVisible();
  const variants = card.getByRole('radio');
  await expect(variants).toHaveCount(3);
  await expect(variants.first()).toBeChecked();
  await expect(card.getByLabel('Parameter: stripes')).toBeVisible();
  await checkScreen(page, project, 'design-variants');

  await variants.nth(1).click();
  await card.getByLabel('Colour of the roof').selectOption('purple');
  await card.getByLabel('Parameter: stripes').selectOption('6');
  await card.getByTestId('design-rebuild').click();
  // The rebuilt design is the second variant, with the roof and stripes chosen.
  await expect(page.getByTestId('design-edit-card').getByRole('radio').nth(1)).toBeChecked({
    timeout: 60_000,
  });
  await expect(page.getByTestId('generation-degraded')).toContainText('Made: lighthouse', {
    timeout: 60_000,
  });
  await expect(page.getByTestId('design-edit-card').getByLabel('Colour of the roof')).toHaveValue('purple');
  await expect(page.getByTestId('design-edit-card').getByLabel('Parameter: stripes')).toHaveValue('6');
  await checkScreen(page, project, 'design-variants-rebuilt');
});

test('Mode B: a prompt for a blocked use is refused by the server with the rule, and nothing is made', async ({
  page,
  project,
}) => {
  const me = await signedIn(page, 'dref');
  await page.goto('/create/prompt');
  await page.getByLabel('Your prompt').fill('a castle to climb on');
  const answer = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/design-drafts' && r.request().method() === 'POST',
  );
  await page.getByTestId('prompt-submit').click();
  const refused = await answer;
  // The server is the authority: it answered with the rule, before any draft existed.
  expect(refused.status()).toBe(422);
  expect((await refused.json()).error).toMatchObject({
    code: 'USE_CASE_BLOCKED',
    details: { use_case: 'structural', source: 'prompt', matched: 'to climb' },
  });
  const notice = page.getByTestId('prompt-use-restricted');
  await expect(notice).toContainText('“to climb”');
  await expect(notice).toContainText('must not carry structural loads such as people');
  await expect(notice.getByTestId('prompt-refused-by-server')).toHaveText('Nothing was made or saved.');
  await expect(notice).toBeFocused();
  await expect(notice).toBeInViewport();
  expect(new URL(page.url()).pathname).toBe('/create/prompt');
  const drafts = await page.request.get('/api/design-drafts', {
    headers: { authorization: `Bearer ${me.auth.access_token}` },
  });
  expect((await drafts.json()).items).toEqual([]);
  await checkScreen(page, project, 'design-prompt-refused');
});
