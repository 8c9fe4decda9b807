/**
 * Help and trust pages before launch: every policy with its version and date, in English and in
 * French through the one i18n layer; the cookie page changing the consent answer; the support form
 * for a visitor, and a listing report prefilled from ?listing=&category=report with its reason,
 * both reaching the server's support API; a conversation's thread (/help/support/<id>) from "your
 * conversations", with a reply, a staff answer, the signed link of the reply email in a browser
 * without the session, and closing it.
 */
import type { APIRequestContext } from '@playwright/test';
import { checkScreen, DEMO, expect, presetConsent, test, waitForEmail } from '../support/fixtures';

/** A bearer token for the seeded staff account (same password as the demo accounts). */
async function staffToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/v1/auth/login', {
    data: { username: 'staff', password: DEMO.password },
  });
  expect(login.ok(), await login.text()).toBe(true);
  return ((await login.json()) as { access_token: string }).access_token;
}

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

test('the help index and every policy page, dated and versioned', async ({ page, project }) => {
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
});

test('the policy pages in French, chosen in the footer', async ({ page, project }) => {
  await presetConsent(page);
  await page.goto('/help/safety');
  await expect(page.getByRole('heading', { level: 1, name: 'Product-safety boundaries' })).toBeVisible();
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

test('a visitor writes to support, and reports a listing from its link', async ({
  page,
  request,
  project,
}) => {
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
  // A report says why: the reason is required, in plain words.
  await page.getByTestId('support-submit').click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Choose why you are reporting this listing.' }),
  ).toBeVisible();
  await page.getByTestId('support-reason').getByRole('radio', { name: 'It copies someone’s work' }).click();
  // Without an account, an email is the only way to answer: the server asks for one.
  await page.getByLabel('Your email').clear();
  await page.getByTestId('support-submit').click();
  await expect(page.getByRole('alert').filter({ hasText: 'Fill in this field' })).toBeVisible();
  await page.getByLabel('Your email').fill('visitor@example.com');
  await page.getByTestId('support-submit').click();
  await expect(page.getByTestId('support-sent')).toBeVisible();

  // The server holds the report, linked to the listing, in this visitor's own conversations…
  const mine = await (await page.request.get('/api/support/conversations')).json();
  const report = (
    mine.items as Array<{ id: string; category: string; subject: string; resource: unknown }>
  ).find((c) => c.subject === 'Copies my design');
  expect(report).toMatchObject({ category: 'report_listing', resource: { type: 'listing', id: listing.id } });
  // …and the listing's moderation record holds it with the reason chosen.
  const token = await staffToken(request);
  const item = await request.get(`/api/admin/moderation/listings/${listing.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(item.ok(), await item.text()).toBe(true);
  const reports = ((await item.json()) as { reports: Array<{ conversation_id: string; reason: string }> })
    .reports;
  expect(reports.find((r) => r.conversation_id === report?.id)?.reason).toBe('intellectual_property');
});

test('a visitor follows a conversation: its thread, a reply, the staff answer, the email link, closing it', async ({
  page,
  request,
  browser,
  project,
}) => {
  await presetConsent(page);
  await page.goto('/help/support');
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `thread-${stamp}@example.com`;
  const subject = `Printer settings ${stamp}`;
  await page.getByTestId('support-form').getByRole('radio', { name: 'A question' }).click();
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Message', { exact: true }).fill('Which layer height suits the tower kit?');
  await page.getByLabel('Your email').fill(email);
  await page.getByTestId('support-submit').click();
  await expect(page.getByTestId('support-sent')).toBeVisible();
  const sentLink = await page.getByTestId('support-sent-thread').getAttribute('href');
  expect(sentLink).toMatch(/^\/help\/support\/[0-9a-f-]{36}$/);
  const id = sentLink?.split('/').pop() as string;

  // From "your conversations" to the thread.
  await page.getByTestId('my-conversations').getByRole('link', { name: subject }).click();
  await page.waitForURL(`**/help/support/${id}`);
  const thread = page.getByTestId('support-thread');
  await expect(thread.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(page.getByTestId('support-thread-status')).toHaveText('Open');
  await expect(page.getByTestId('support-message-mine')).toHaveCount(1);
  await expect(page.getByTestId('support-message-mine')).toContainText('You');
  await expect(page.getByTestId('support-message-mine')).toContainText('Which layer height');

  // A reply: required, then sent and shown.
  await page.getByTestId('support-reply-send').click();
  await expect(
    page.getByTestId('support-reply').getByRole('alert').filter({ hasText: 'Fill in this field' }),
  ).toBeVisible();
  await page.getByLabel('Your reply').fill('It is the 1:50 tower, printed in PLA.');
  await page.getByTestId('support-reply-send').click();
  await expect(page.getByTestId('support-message-mine')).toHaveCount(2);
  await expect(page.getByLabel('Your reply')).toHaveValue('');
  await checkScreen(page, project, 'help-support-thread');

  // Staff answer through the API: the thread shows it, and the requester is emailed a link.
  const token = await staffToken(request);
  const answer = await request.post(`/api/admin/support/conversations/${id}/messages`, {
    headers: { authorization: `Bearer ${token}` },
    data: { message: 'Use 0.2 mm layers for the tower.' },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  await page.reload();
  const staff = page.getByTestId('support-message-staff');
  await expect(staff).toContainText('Kitwright support');
  await expect(staff).toContainText('Use 0.2 mm layers for the tower.');
  await expect(page.getByTestId('support-thread-status')).toHaveText('Waiting for your reply');

  const mail = await waitForEmail(request, email, new RegExp(subject));
  const link = /(https?:\/\/\S+\/help\/support\/\S+)/.exec(mail.text)?.[1] as string;
  expect(link).toContain(`/help/support/${id}?token=`);

  // The link opens the thread in a browser with no session, and lets them reply from there.
  const fresh = await browser.newContext({ viewport: page.viewportSize(), locale: 'en-GB' });
  try {
    const other = await fresh.newPage();
    await presetConsent(other);
    await other.goto(link);
    await expect(other.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await expect(other.getByTestId('support-message-staff')).toContainText('Use 0.2 mm layers');
    await other.getByLabel('Your reply').fill('Thanks, printing now.');
    await other.getByTestId('support-reply-send').click();
    await expect(other.getByTestId('support-message-mine')).toHaveCount(3);
    await expect(other.getByTestId('support-thread-status')).toHaveText('With our team');
    // A wrong token (or none) finds nothing, and says so.
    await other.goto(link.replace(/token=[^&]+/, 'token=wrong'));
    await expect(other.getByTestId('support-thread-missing')).toContainText(
      'We cannot find this conversation',
    );
    await checkScreen(other, project, 'help-support-thread-missing');
  } finally {
    await fresh.close();
  }

  // Back in the first browser: the reply from the link is there; closing it ends the thread.
  await page.reload();
  await expect(page.getByTestId('support-message-mine')).toHaveCount(3);
  await page.getByTestId('support-close').click();
  await expect(page.getByTestId('support-thread-status')).toHaveText('Closed');
  await expect(page.getByText('This conversation is closed.', { exact: false })).toBeVisible();
  await expect(page.getByTestId('support-reply')).toHaveCount(0);
  await expect(page.getByTestId('support-close')).toHaveCount(0);
  const after = await (await page.request.get(`/api/support/conversations/${id}`)).json();
  expect(after).toMatchObject({ status: 'closed', can_reply: false, can_reopen: false });
  await page.goto('/help/support');
  await expect(page.getByTestId('my-conversations').getByRole('link', { name: subject })).toContainText(
    'Closed',
  );
});
