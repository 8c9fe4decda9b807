/**
 * Mode B after generation: the draft shows three variants, the words understood and not used, the
 * design's parameters and a colour per part as controls; choosing another variant with a purple
 * roof rebuilds the kit with it. At 390 and 1280 px, with axe and no sideways scroll.
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
