/**
 * Help and trust pages before launch: every policy with its version and date, in English and in
 * French through the one i18n layer; the cookie page changing the consent answer; the support form
 * for a visitor, and a listing report prefilled from ?listing=&category=report, both reaching the
 * server's support API.
 */
import { checkScreen, expect, presetConsent, test } from '../support/fixtures';

const PAGES = [
  { path: '/help/terms', title: 'Terms of use', fr: 'Conditions d’utilisation' },
  { path: '/help/privacy', title: 'Privacy notice', fr: 'Politique de confidentialité' },
  { path: '/help/cookies', title: 'Cookies and local storage', fr: 'Cookies et stockage local' },
  { path: '/help/content-licence', title: 'Content licence', fr: 'Licence de contenu' },
  {
    path: '/help/interest',
    title: 'Interest reservation disclaimer',
    fr: 'Avertissement sur les réservations d’intérêt',
  },
  { path: '/help/safety', title: 'Product-safety boundaries', fr: 'Limites de sécurité des produits' },
  { path: '/help/support', title: 'Support and reporting', fr: 'Assistance et signalement' },
] as const;

test('the help index and every policy page, dated and versioned, in English and French', async ({
  page,
  project,
}) => {
  await presetConsent(page);
  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1, name: 'Help and policies' })).toBeVisible();
  await checkScreen(page, project, 'help-index');
  for (const p of PAGES) {
    await page.goto(p.path);
    await expect(page.getByRole('heading', { level: 1, name: p.title })).toBeVisible();
    await expect(page.getByTestId('policy-version')).toHaveText(
      /^Version \S+ · in effect from \d{1,2} \w+ 2026$/,
    );
    await checkScreen(page, project, `help${p.path.replace('/help', '').replaceAll('/', '-')}`);
  }
  // The licence page is the one a publisher accepts: same version string as the publish gate.
  await page.goto('/help/content-licence');
  await expect(page.getByTestId('policy-version')).toContainText('Version 2026-11-01');
  await expect(
    page.getByText(/host, process, translate, moderate, display and validate/).first(),
  ).toBeVisible();
  await page.goto('/help/interest');
  await expect(
    page.getByText('No card is asked for and no money is taken, now or automatically later.'),
  ).toBeVisible();
  await page.goto('/help/safety');
  for (const blocked of [
    'Cladding:',
    'Structural:',
    'Electrical:',
    'Wet areas:',
    'Child use:',
    'Regulated uses:',
  ])
    await expect(page.getByText(blocked, { exact: false }).first()).toBeVisible();

  // The same pages in French, chosen in the footer.
  await page.getByTestId('language-fr').click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Limites de sécurité des produits' }),
  ).toBeVisible();
  for (const p of PAGES.slice(0, 3)) {
    await page.goto(p.path);
    await expect(page.getByRole('heading', { level: 1, name: p.fr })).toBeVisible();
    await expect(page.getByTestId('policy-version')).toContainText('en vigueur depuis le');
  }
  await checkScreen(page, project, 'help-privacy-fr');
});

test('the cookie page shows the current answer and changes it', async ({ page, project }) => {
  await page.goto('/help/cookies');
  const banner = page.getByTestId('consent-banner');
  await expect(banner).toBeVisible();
  const choice = page.getByTestId('consent-choice');
  await expect(choice).toContainText('Not answered yet');
  await expect(page.getByText('kw_visitor (cookie, up to 1 year)', { exact: false })).toBeVisible();

  await choice.getByRole('button', { name: 'Allow analytics' }).click();
  await expect(choice).toContainText('Analytics allowed');
  await expect(banner).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('kw_consent'))).toBe('granted');
  await checkScreen(page, project, 'help-cookies-granted');

  await choice.getByRole('button', { name: 'Essential only' }).click();
  await expect(choice).toContainText('Essential only');
  await page.reload();
  await expect(page.getByTestId('consent-choice')).toContainText('Essential only');
  expect(await page.evaluate(() => localStorage.getItem('kw_consent'))).toBe('denied');
});

test('a visitor writes to support, and reports a listing from its link', async ({ page, project }) => {
  await presetConsent(page);
  await page.goto('/help/support');
  const form = page.getByTestId('support-form');
  await form.getByRole('radio', { name: 'A question' }).click();
  const subject = `Where is my draft ${Date.now().toString(36)}`;
  await page.getByLabel('Subject').fill(subject);
  await page
    .getByLabel('Message', { exact: true })
    .fill('I uploaded a model yesterday and cannot find the draft.');
  await page.getByLabel('Your email').fill('visitor@example.com');
  await page.getByTestId('support-submit').click();
  await expect(page.getByTestId('support-sent')).toContainText('Thank you, your message has arrived');
  await expect(page.getByTestId('my-conversations')).toContainText(subject);
  await checkScreen(page, project, 'help-support-sent');

  // A listing's "report" link: the listing is named and the category chosen. A seeded listing that
  // no other spec edits, so its title cannot change while this test reads it.
  const gallery = await (await page.request.get('/api/gallery/listings?q=teapot&limit=1')).json();
  const listing = gallery.items[0] as { id: string; title: string };
  await page.goto(`/help/support?listing=${listing.id}&category=report`);
  await expect(page.getByTestId('reported-listing')).toContainText(listing.title);
  await expect(
    page.getByTestId('support-category').getByRole('radio', { name: 'Report a listing' }),
  ).toHaveAttribute('aria-checked', 'true');
  await checkScreen(page, project, 'help-support-report');
  await page.getByLabel('Subject').fill('Copies my design');
  await page
    .getByLabel('Message', { exact: true })
    .fill('This is a copy of a model I published elsewhere in 2024.');
  // Without an account, an email is the only way to answer: the server asks for one.
  await page.getByLabel('Your email').clear();
  await page.getByTestId('support-submit').click();
  await expect(page.getByRole('alert').filter({ hasText: 'Fill in this field' })).toBeVisible();
  await page.getByLabel('Your email').fill('visitor@example.com');
  await page.getByTestId('support-submit').click();
  await expect(page.getByTestId('support-sent')).toBeVisible();

  // The server holds the report, linked to the listing, in this visitor's own conversations.
  const mine = await (await page.request.get('/api/support/conversations')).json();
  const report = (mine.items as Array<{ category: string; subject: string; resource: unknown }>).find(
    (c) => c.subject === 'Copies my design',
  );
  expect(report).toMatchObject({ category: 'report_listing', resource: { type: 'listing', id: listing.id } });
});
