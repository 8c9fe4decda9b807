/**
 * Beta testers and the people around them: feedback sent from a listing page reaches the staff's
 * feedback list with its screen and listing; a founder's invitation code redeemed at /invite/<code>
 * (after signing in and coming back) gives the tester badge, and a withdrawn code says so; a staff
 * reply to a member's support conversation appears in their notifications and opens the thread,
 * where they answer with a photo attached; a
 * visitor without an account follows the emailed link to their thread.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import {
  checkScreen,
  DEMO,
  expect,
  presetConsent,
  registerViaApi,
  test,
  useSession,
  waitForEmail,
} from '../support/fixtures';

async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const login = await request.post('/api/v1/auth/login', { data: { username, password: DEMO.password } });
  expect(login.ok(), await login.text()).toBe(true);
  return ((await login.json()) as { access_token: string }).access_token;
}

const stampOf = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function openFeedback(page: Page) {
  await page.getByTestId('feedback-open').click();
  const sheet = page.getByTestId('feedback-sheet');
  await expect(sheet.getByRole('heading', { name: 'Tell us about this page' })).toBeVisible();
  return sheet;
}

test('feedback sent from a listing page reaches the staff list with its screen and listing', async ({
  page,
  request,
  project,
}) => {
  await presetConsent(page);
  const gallery = await (await request.get('/api/gallery/listings?q=teapot&limit=1')).json();
  const listing = gallery.items[0] as { id: string; slug: string; title: string };
  await page.goto(`/listing/${listing.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
  // The control sits under the header, outside the page's content: nothing it covers. Polled: the
  // heading first seen may be the server-rendered one, which the app replaces as it takes over (a
  // box read from the replaced element is null).
  const strip = page.getByTestId('feedback-strip');
  const heading = page.getByRole('heading', { level: 1, name: listing.title });
  await expect
    .poll(async () => {
      const [s, h] = [await strip.boundingBox(), await heading.boundingBox()];
      return s && h ? s.y + s.height <= h.y : 'not both on the page yet';
    })
    .toBe(true);

  const sheet = await openFeedback(page);
  await expect(sheet.getByTestId('feedback-about')).toContainText('Screen: listing');
  await expect(sheet.getByTestId('feedback-about')).toContainText('About the listing shown on this page');
  // Rating and reason are required, and said so.
  await sheet.getByTestId('feedback-send').click();
  await expect(sheet.getByText('Choose a rating from 1 to 5.')).toBeVisible();
  await expect(sheet.getByText('Choose what your feedback is about.')).toBeVisible();
  const words = `The parts list is hard to find ${stampOf()}`;
  await sheet.getByRole('radio', { name: '2' }).click();
  await sheet.getByLabel('What is it about?').selectOption('confusing');
  await sheet.getByLabel('In your own words (optional)').fill(words);
  await checkScreen(page, project, 'tester-feedback-sheet');
  await sheet.getByTestId('feedback-send').click();
  await expect(sheet.getByTestId('feedback-sent')).toContainText('Your feedback reached the team');

  const founder = await tokenOf(request, 'founder');
  const list = await request.get('/api/admin/beta/feedback?screen=listing&limit=100', {
    headers: { authorization: `Bearer ${founder}` },
  });
  expect(list.ok(), await list.text()).toBe(true);
  const items = (await list.json()).items as Array<{
    rating: number;
    reason: string;
    screen: string;
    context: { route: string | null; listing_id: string | null };
    release: { app_version: string | null };
    text: { original: string } | null;
  }>;
  const mine = items.find((i) => i.text?.original === words);
  expect(mine).toMatchObject({
    rating: 2,
    reason: 'confusing',
    screen: 'listing',
    context: { route: `/listing/${listing.slug}`, listing_id: listing.id },
  });
  expect(mine?.release.app_version).toBeTruthy();
});

test('a founder’s invitation, redeemed at /invite/<code> after signing in, gives the tester badge', async ({
  page,
  request,
  project,
}) => {
  const founder = { authorization: `Bearer ${await tokenOf(request, 'founder')}` };
  const cohortWith = async (count: number) => {
    const cohort = await request.post('/api/admin/beta/cohorts', {
      headers: founder,
      data: { name: `E2E testers ${stampOf()}` },
    });
    expect(cohort.status(), await cohort.text()).toBe(201);
    const { id, name } = (await cohort.json()) as { id: string; name: string };
    const made = await request.post(`/api/admin/beta/cohorts/${id}/invitations`, {
      headers: founder,
      data: { count },
    });
    expect(made.status(), await made.text()).toBe(201);
    return { name, codes: (await made.json()).items as Array<{ id: string; code: string; link: string }> };
  };
  const { name: cohortName, codes } = await cohortWith(1);
  const good = codes[0];
  expect(good?.link).toMatch(new RegExp(`/invite/${good?.code}$`));
  // A code of another cohort, withdrawn (a code of one's own cohort just says "already a tester").
  const withdrawn = (await cohortWith(1)).codes[0];
  const revoke = await request.post(`/api/admin/beta/invitations/${withdrawn?.id}/revoke`, {
    headers: founder,
  });
  expect(revoke.ok(), await revoke.text()).toBe(true);

  const person = await registerViaApi(request, 'inv');
  await presetConsent(page);
  await page.goto(`/invite/${good?.code}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your invitation to the Kitwright beta' }),
  ).toBeVisible();
  await expect(page.getByTestId('invite-code')).toHaveText(good?.code as string);
  await checkScreen(page, project, 'tester-invite-signed-out');
  // Sign in first, and come back to the invitation.
  await page.getByTestId('invite-sign-in').click();
  await page.getByLabel(/username or email/i).fill(person.username);
  await page.getByLabel(/^password$/i).fill(person.password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await page.waitForURL(`**/invite/${good?.code}`);
  await expect(page.getByText(`You are signed in as ${person.displayName}.`)).toBeVisible();
  await page.getByTestId('invite-join').click();
  const joined = page.getByTestId('invite-joined');
  await expect(joined).toContainText('You are a beta tester now');
  await expect(joined).toContainText(cohortName);
  await expect(joined.getByTestId('tester-badge')).toContainText('Beta tester');
  await checkScreen(page, project, 'tester-invite-joined');

  await page.goto('/account');
  const badge = page.getByTestId('profile-card').getByTestId('tester-badge');
  await expect(badge).toContainText('Beta tester');
  await expect(badge).toContainText(`Cohort: ${cohortName}`);

  // A withdrawn code says so in plain words.
  await page.goto(`/invite/${withdrawn?.code}`);
  await page.getByTestId('invite-join').click();
  await expect(page.getByTestId('invite-refused')).toContainText('This invitation was withdrawn');
  await checkScreen(page, project, 'tester-invite-refused');
});

test('a staff reply appears in the member’s notifications and opens the thread', async ({
  page,
  request,
  project,
}) => {
  const person = await registerViaApi(request, 'ntf');
  const me = { authorization: `Bearer ${person.auth.access_token}` };
  const subject = `Glue for the tower ${stampOf()}`;
  const opened = await request.post('/api/support/conversations', {
    headers: me,
    data: { subject, category: 'question', message: 'Which glue holds PLA best?' },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  const { id } = (await opened.json()) as { id: string };
  const staff = { authorization: `Bearer ${await tokenOf(request, 'staff')}` };
  const answer = await request.post(`/api/admin/support/conversations/${id}/messages`, {
    headers: staff,
    data: { message: 'A cyanoacrylate glue works well on PLA.' },
  });
  expect(answer.status(), await answer.text()).toBe(201);

  await presetConsent(page);
  await useSession(page, person.auth);
  await page.goto('/account');
  // The unread count in the account entry and on the account page.
  await expect(page.getByTestId('notifications-card')).toContainText('1 unread notification');
  if (project.startsWith('desktop'))
    await expect(page.getByRole('banner').getByRole('link', { name: 'Account (1 new)' })).toBeVisible();
  await page.getByTestId('notifications-link').click();
  await page.waitForURL('**/account/notifications');
  const note = page.getByTestId('notification').filter({ hasText: subject });
  await expect(note).toContainText('Support replied');
  await expect(note.getByTestId('notification-new')).toBeVisible();
  await checkScreen(page, project, 'tester-notifications');
  await note.getByTestId('notification-open').click();
  await page.waitForURL(`**/help/support/${id}`);
  await expect(page.getByTestId('support-message-staff')).toContainText('A cyanoacrylate glue works well');
  // The member answers with a photo attached (their own upload).
  const photo = await sharp({ create: { width: 200, height: 150, channels: 3, background: '#2e86c1' } })
    .png()
    .toBuffer();
  await page
    .getByTestId('support-attach-input')
    .setInputFiles({ name: 'glued-joint.png', mimeType: 'image/png', buffer: photo });
  await expect(page.getByTestId('support-attachments')).toContainText('Attached: glued-joint.png');
  await page.getByLabel('Your reply').fill('Here is the joint after gluing.');
  await page.getByTestId('support-reply-send').click();
  await expect(page.getByTestId('support-message-mine')).toHaveCount(2);
  await expect(page.getByTestId('support-message-mine').nth(1)).toContainText('Attached: glued-joint.png');
  // Opening it marked it read.
  await page.goto('/account/notifications');
  await expect(page.getByTestId('notifications-unread')).toHaveText('You have read everything.');
  await expect(
    page.getByTestId('notification').filter({ hasText: subject }).getByTestId('notification-new'),
  ).toHaveCount(0);
});

test('a member opens a conversation with a photo attached to the first message', async ({
  page,
  request,
  project,
}) => {
  const person = await registerViaApi(request, 'att');
  await presetConsent(page);
  await useSession(page, person.auth);
  await page.goto('/help/support');
  const subject = `Cracked base plate ${stampOf()}`;
  await page.getByTestId('support-category').getByRole('radio', { name: 'Something is broken' }).click();
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Message', { exact: true }).fill('The base plate cracked along the pins.');
  const photo = await sharp({ create: { width: 160, height: 120, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();
  await page
    .getByTestId('support-attach-input')
    .setInputFiles({ name: 'cracked-plate.png', mimeType: 'image/png', buffer: photo });
  await expect(page.getByTestId('support-attachments')).toContainText('Attached: cracked-plate.png');
  await checkScreen(page, project, 'tester-support-attach');
  await page.getByTestId('support-submit').click();
  await expect(page.getByTestId('support-sent')).toBeVisible();
  await page.getByTestId('support-sent-thread').click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(page.getByTestId('support-message-mine').first()).toContainText('Attached: cracked-plate.png');
});

test('a visitor opens a support request and reads the thread from the emailed link', async ({
  page,
  request,
  browser,
  project,
}) => {
  await presetConsent(page);
  await page.goto('/help/support');
  const stamp = stampOf();
  const email = `tester-visitor-${stamp}@example.com`;
  const subject = `Missing instructions ${stamp}`;
  await page.getByTestId('support-form').getByRole('radio', { name: 'A question' }).click();
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Message', { exact: true }).fill('Step 4 of the bridge kit has no picture.');
  await page.getByLabel('Your email').fill(email);
  await page.getByTestId('support-submit').click();
  await expect(page.getByTestId('support-sent')).toBeVisible();
  const id = ((await page.getByTestId('support-sent-thread').getAttribute('href')) ?? '').split('/').pop();
  expect(id).toMatch(/^[0-9a-f-]{36}$/);

  const staff = { authorization: `Bearer ${await tokenOf(request, 'staff')}` };
  const answer = await request.post(`/api/admin/support/conversations/${id}/messages`, {
    headers: staff,
    data: { message: 'We added the picture to step 4.' },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  const mail = await waitForEmail(request, email, new RegExp(subject));
  const link = /(https?:\/\/\S+\/help\/support\/\S+)/.exec(mail.text)?.[1] as string;
  expect(link).toContain(`/help/support/${id}?token=`);

  // Another browser, no session: the link alone opens the thread.
  const fresh = await browser.newContext({ viewport: page.viewportSize(), locale: 'en-GB' });
  try {
    const other = await fresh.newPage();
    await presetConsent(other);
    await other.goto(link);
    await expect(other.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await expect(other.getByTestId('support-message-mine')).toContainText('Step 4 of the bridge kit');
    await expect(other.getByTestId('support-message-staff')).toContainText('We added the picture');
    await expect(other.getByTestId('support-thread-status')).toHaveText('Waiting for your reply');
    await checkScreen(other, project, 'tester-visitor-thread');
  } finally {
    await fresh.close();
  }
});
