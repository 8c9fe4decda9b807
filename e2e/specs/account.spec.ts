/**
 * Accounts in the browser against the real server: sign-up with the verification email from the
 * local mailbox, per-field refusals, sign-in by username and by email, a wrong password, a session
 * that survives a reload without flashing the signed-out screen, sign-out, password reset and
 * change (which ends every session), the resend limit, and Google sign-in through the local
 * OpenID provider's own page.
 */
import type { Page } from '@playwright/test';
import {
  checkScreen,
  expect,
  linkIn,
  newIdentity,
  presetConsent,
  registerViaApi,
  test,
  useSession,
  waitForEmail,
} from '../support/fixtures';

/** Records whether the "sign in to continue" card was ever in the page (a signed-out flash). */
async function watchForSignedOutFlash(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __sawSignIn?: boolean };
    w.__sawSignIn = false;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="sign-in-required"]')) w.__sawSignIn = true;
    }).observe(document, { childList: true, subtree: true });
  });
}

async function storedSession(page: Page): Promise<{ user?: { email: string; username: string } } | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('state_server_session');
    return raw ? JSON.parse(raw) : null;
  });
}

test.beforeEach(async ({ page }) => {
  await presetConsent(page);
});

test('sign-up shows server refusals per field, then verifies the email from the mailbox', async ({
  page,
  project,
}) => {
  const me = newIdentity('reg');
  await page.goto('/account/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await checkScreen(page, project, 'account-register');

  // The server refuses a taken username: the sentence appears under that field.
  await page.getByLabel('Display name (optional)').fill(me.displayName);
  await page.getByLabel('Username', { exact: true }).fill('demo');
  await page.getByLabel('Email', { exact: true }).fill(me.email);
  await page.getByLabel('Password', { exact: true }).fill(me.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('This username is taken. Choose another one.')).toBeVisible();
  await expect(page.getByLabel('Username', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  // A malformed email is refused by the server's schema, also next to its field.
  await page.getByLabel('Username', { exact: true }).fill(me.username);
  await page.getByLabel('Email', { exact: true }).fill('not-an-email');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Enter an email address such as name@example.com.')).toBeVisible();
  await checkScreen(page, project, 'account-register-refused');

  await page.getByLabel('Email', { exact: true }).fill(me.email);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/account\?welcome=1$/);
  await expect(page.getByText(`Welcome, ${me.displayName}!`)).toBeVisible();
  await expect(page.getByTestId('profile-card').getByText('Not verified yet')).toBeVisible();
  await checkScreen(page, project, 'account-profile-unverified');

  const email = await waitForEmail(page.request, me.email, /confirm your email/i);
  await page.goto(linkIn(email));
  await page.waitForURL(/\/account\/verified\?status=success$/);
  await expect(page.getByText('Your email is verified')).toBeVisible();
  await checkScreen(page, project, 'account-verified');
  await page.getByRole('link', { name: 'Your account' }).click();
  await expect(page.getByTestId('profile-card').getByText('Verified', { exact: true })).toBeVisible();
  await expect(page.getByTestId('verify-card')).toHaveCount(0);

  // The same link again: the address is verified already, and the page says so.
  await page.goto(linkIn(email));
  await page.waitForURL(/\/account\/verified\?status=already$/);
  await expect(page.getByText('Your email is already verified')).toBeVisible();
  await expect(page.getByText('This link does not work any more')).toHaveCount(0);
  await checkScreen(page, project, 'account-verified-already');
});

test('a verification link that does not work says so and offers a new one', async ({ page, project }) => {
  await page.goto('/api/v1/auth/verify?token=kwv_never-issued');
  await page.waitForURL(/\/account\/verified\?status=invalid$/);
  await expect(page.getByText('This link does not work any more')).toBeVisible();
  await checkScreen(page, project, 'account-verified-invalid');
});

test('sign-in by username and by email, a wrong password, a reload, and sign-out', async ({
  page,
  project,
}) => {
  const me = await registerViaApi(page.request, 'sgn');
  await page.goto('/account/sign-in');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await checkScreen(page, project, 'account-sign-in');

  await page.getByLabel('Username or email').fill(me.username);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('sign-in-error')).toContainText(
    'That username or email and password do not match an account.',
  );
  await checkScreen(page, project, 'account-sign-in-wrong');

  await page.getByLabel('Password', { exact: true }).fill(me.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/dashboard$/);
  expect((await storedSession(page))?.user?.username).toBe(me.username);

  // After a reload the account page shows the account straight away, never the signed-out card.
  await watchForSignedOutFlash(page);
  await page.goto('/account');
  await expect(page.getByTestId('profile-card')).toContainText(`@${me.username}`);
  await page.reload();
  await expect(page.getByTestId('profile-card')).toContainText(me.email);
  expect(await page.evaluate(() => (window as unknown as { __sawSignIn: boolean }).__sawSignIn)).toBe(false);
  await checkScreen(page, project, 'account-profile');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(/\/account\/sign-in\?notice=signed-out$/);
  await expect(page.getByText('You are signed out.')).toBeVisible();
  expect(await storedSession(page)).toBeNull();

  // By email this time, coming back to the page that asked.
  await page.goto('/account/sign-in?next=%2Faccount');
  await page.getByLabel('Username or email').fill(me.email);
  await page.getByLabel('Password', { exact: true }).fill(me.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/account$/);
  await expect(page.getByTestId('profile-card')).toContainText(me.email);
});

test('forgot and reset the password through the mailbox; a second request is limited', async ({
  page,
  project,
}) => {
  const me = await registerViaApi(page.request, 'rst');
  await page.goto('/account/sign-in');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.waitForURL(/\/account\/forgot-password$/);
  await page.getByLabel('Email', { exact: true }).fill(me.email);
  await page.getByRole('button', { name: 'Send the reset link' }).click();
  await expect(page.getByTestId('forgot-sent')).toContainText(me.email);
  await checkScreen(page, project, 'account-forgot-sent');

  // One request per 5 minutes per address: the second is refused in plain words.
  await page.getByRole('button', { name: 'Send it again' }).click();
  await expect(page.getByText(/Too many attempts\. Try again in \d+ minutes\./)).toBeVisible();

  const email = await waitForEmail(page.request, me.email, /reset your kitwright password/i);
  await page.goto(linkIn(email));
  await page.waitForURL(/\/account\/reset-password\?token=/);
  await checkScreen(page, project, 'account-reset');
  const fresh = 'a-brand-new-password-42';
  await page.getByLabel('New password', { exact: true }).fill(fresh);
  await page.getByLabel('Repeat the new password').fill('something-else-entirely');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByText('The two passwords are not the same.')).toBeVisible();
  await page.getByLabel('Repeat the new password').fill(fresh);
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await page.waitForURL(/\/account\/sign-in\?notice=password-reset$/);
  await expect(page.getByText('Your new password is set. Sign in with it.')).toBeVisible();

  await page.getByLabel('Username or email').fill(me.username);
  await page.getByLabel('Password', { exact: true }).fill(fresh);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/dashboard$/);

  // The link works once.
  await page.goto(linkIn(email));
  await page.getByLabel('New password', { exact: true }).fill('yet-another-password-7');
  await page.getByLabel('Repeat the new password').fill('yet-another-password-7');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(
    page.getByText('This link is invalid, already used or expired. Ask for a new one.'),
  ).toBeVisible();
});

test('changing the password ends every session and asks to sign in again', async ({ page, project }) => {
  const me = await registerViaApi(page.request, 'chg');
  await useSession(page, me.auth);
  await page.goto('/account');
  await page.getByRole('link', { name: 'Change password' }).click();
  await page.waitForURL(/\/account\/change-password$/);
  await expect(page.getByText('You will be signed out everywhere')).toBeVisible();
  await checkScreen(page, project, 'account-change-password');

  const fresh = 'changed-password-2026';
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('New password', { exact: true }).fill(fresh);
  await page.getByLabel('Repeat the new password').fill(fresh);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your current password is not right.')).toBeVisible();

  await page.getByLabel('Current password').fill(me.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.waitForURL(/\/account\/sign-in\?notice=password-changed/);
  await expect(page.getByText(/every session was signed out, this one included/)).toBeVisible();
  expect(await storedSession(page)).toBeNull();
  // The old refresh token was revoked on the server, not only forgotten here.
  const refresh = await page.request.post('/api/v1/auth/refresh', {
    data: { refresh_token: me.auth.refresh_token },
  });
  expect(refresh.status()).toBe(401);

  await page.getByLabel('Username or email').fill(me.username);
  await page.getByLabel('Password', { exact: true }).fill(fresh);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/account$/);
  await expect(page.getByTestId('profile-card')).toContainText(me.username);
});

test('Google sign-in goes through the local OpenID provider and comes back signed in', async ({
  page,
  project,
}) => {
  const who = newIdentity('oidc');
  await page.goto('/account/sign-in?next=%2Faccount');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  // The provider's own sign-in page, on its own origin.
  await expect(page.getByRole('heading', { name: 'Sign in with Google' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(who.email);
  await page.getByLabel('Name', { exact: true }).fill('Olive Provider');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/account$/);
  await expect(page.getByTestId('profile-card')).toContainText(who.email);
  await expect(page.getByTestId('profile-card')).toContainText('Signed up with Google');
  expect((await storedSession(page))?.user?.email).toBe(who.email);
  await checkScreen(page, project, 'account-oauth-profile');

  // A callback that was not started here is refused in plain words.
  await page.goto('/auth/callback/google?code=forged&state=forged');
  await expect(page.getByTestId('oauth-error')).toContainText('did not complete');
  await checkScreen(page, project, 'account-oauth-failed');
});
