/**
 * A person's own data in the browser (issue 11): sign up, make some data, download it as the
 * account export and find it in the file, then delete the account — a wrong password is refused,
 * the right one deletes it, a confirmation arrives, and signing in no longer works. Also the
 * local mailbox, whose cards hold long links without growing wider than a phone.
 */
import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  checkScreen,
  expect,
  linkIn,
  newIdentity,
  presetConsent,
  test,
  waitForEmail,
} from '../support/fixtures';

async function storedSession(page: Page): Promise<{ access_token: string } | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('state_server_session');
    return raw ? JSON.parse(raw) : null;
  });
}

test.beforeEach(async ({ page }) => {
  await presetConsent(page);
});

test('sign up, export my data, delete my account, and not sign in again', async ({
  page,
  request,
  project,
}) => {
  const me = newIdentity('gdpr');
  await page.goto('/account/register');
  await page.getByLabel('Display name (optional)').fill(me.displayName);
  await page.getByLabel('Username', { exact: true }).fill(me.username);
  await page.getByLabel('Email', { exact: true }).fill(me.email);
  await page.getByLabel('Password', { exact: true }).fill(me.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/account\?welcome=1$/);
  const verification = await waitForEmail(page.request, me.email, /confirm your email/i);
  await page.goto(linkIn(verification));
  await page.waitForURL(/\/account\/verified\?status=success$/);

  // Some data of this person's own: a draft with a title to look for, and a saved design.
  const session = await storedSession(page);
  if (!session) throw new Error('not signed in after registering');
  const auth = { authorization: `Bearer ${session.access_token}` };
  const draft = await request.post('/api/design-drafts', {
    headers: auth,
    data: { mode: 'B', prompt: 'a small tower', title: 'Export me, tower' },
  });
  expect(draft.status(), await draft.text()).toBe(201);
  const gallery = (await (await request.get('/api/gallery/listings?limit=1')).json()) as {
    items: { id: string }[];
  };
  const saved = gallery.items[0]?.id as string;
  expect((await request.post(`/api/listings/${saved}/save`, { headers: auth })).status()).toBe(200);

  await page.goto('/account');
  await page.getByRole('link', { name: 'Download or delete your data' }).click();
  await page.waitForURL(/\/account\/data$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your data' })).toBeVisible();
  await checkScreen(page, project, 'account-data');

  // The download is the account export, with this person's data in it.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^kitwright-${me.username}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
  );
  const exported = JSON.parse(await fs.readFile(await download.path(), 'utf8'));
  expect(exported).toMatchObject({
    format: 'kitwright.account-export',
    version: 1,
    account: { username: me.username, email: me.email, display_name: me.displayName },
  });
  expect(exported.drafts.map((d: { title: string | null }) => d.title)).toContain('Export me, tower');
  expect(exported.saves.map((s: { listing_id: string }) => s.listing_id)).toEqual([saved]);
  expect(JSON.stringify(exported)).not.toContain(session.access_token);
  await expect(page.getByText(`Your data was saved as ${download.suggestedFilename()}.`)).toBeVisible();

  // Deleting asks for the username and the password, and says what happens first.
  await page.getByRole('button', { name: 'Delete my account…' }).click();
  await expect(page.getByText('Your username and email address become free again.')).toBeVisible();
  await page.getByLabel('Your username').fill(me.username);
  await page.getByLabel('Your password').fill('not-my-password-at-all');
  await page.getByRole('button', { name: 'Delete my account permanently' }).click();
  await expect(page.getByText('Your current password is not right.')).toBeVisible();
  await checkScreen(page, project, 'account-data-delete-refused');

  await page.getByLabel('Your password').fill(me.password);
  await page.getByRole('button', { name: 'Delete my account permanently' }).click();
  await page.waitForURL(/\/account\/deleted\?email=sent$/);
  await expect(page.getByText('Your account is deleted')).toBeVisible();
  await expect(page.getByText('We sent a confirmation to your email address.')).toBeVisible();
  await checkScreen(page, project, 'account-deleted');
  expect(await storedSession(page)).toBeNull();
  // The privacy notice says what deleting did.
  await page.getByRole('link', { name: 'Privacy notice' }).first().click();
  await expect(
    page.getByRole('heading', { name: '7. Downloading your data and deleting your account' }),
  ).toBeVisible();
  await expect(page.getByText(/Your designs are yours, so they leave with you/)).toBeVisible();
  await waitForEmail(page.request, me.email, /your kitwright account is deleted/i);
  // The session ended on the server, not only in this browser.
  expect((await request.get('/api/v1/users/me', { headers: auth })).status()).toBe(401);

  // Signing in with the old username and password no longer works.
  await page.goto('/account/sign-in');
  await page.getByLabel('Username or email').fill(me.username);
  await page.getByLabel('Password', { exact: true }).fill(me.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('sign-in-error')).toContainText(
    'That username or email and password do not match an account.',
  );
});

test('the local mailbox wraps a long link inside its card', async ({ page, request, project }) => {
  const me = newIdentity('mbox');
  // A link's token may or may not contain a dash (where a browser may break a line); an address of
  // 60 letters and digits never does, so the card is sure to meet a word wider than a phone.
  const email = `${me.username.padEnd(60, '0')}@example.com`;
  const res = await request.post('/api/v1/auth/register', {
    data: { username: me.username, email, password: me.password },
  });
  expect(res.status()).toBe(201);
  await waitForEmail(request, email, /confirm your email/i);
  await page.goto('/dev/mailbox');
  const card = page.locator('article', { hasText: email });
  await expect(card).toContainText('/api/v1/auth/verify?token=');
  // The card (and the link in it) is no wider than the space it has.
  const overflow = await card.evaluate((el) => ({
    card: el.scrollWidth - el.clientWidth,
    link:
      Math.max(...[...el.querySelectorAll('a')].map((a) => a.getBoundingClientRect().right)) -
      el.getBoundingClientRect().right,
  }));
  expect(overflow.card).toBeLessThanOrEqual(0);
  expect(overflow.link).toBeLessThanOrEqual(0);
  await checkScreen(page, project, 'dev-mailbox');
});
