/**
 * Staff tools in the browser: a user opens a ticket in the app, staff answer it from the support
 * queue and ticket (with an internal note the user never sees), the user reads the reply email in
 * the dev mailbox, follows its link and answers, and staff see the answer; a user reports a
 * listing from its page, staff review the report in the moderation queue and hide the listing, and
 * it leaves the gallery while its page says it is unavailable; `demo` is not allowed in.
 * Every staff screen is checked with axe and for sideways scroll.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { readyDraft, signedIn } from '../support/create';
import {
  checkScreen,
  DEMO,
  expect,
  linkIn,
  presetConsent,
  registerViaApi,
  signInThroughUi,
  test,
  useSession,
  waitForEmail,
} from '../support/fixtures';

/** A page of its own signed in as the seeded staff account. */
async function staffPage(browser: Browser, page: Page) {
  const context = await browser.newContext({ viewport: page.viewportSize(), locale: 'en-GB' });
  const staff = await context.newPage();
  await presetConsent(staff);
  const login = await staff.request.post('/api/v1/auth/login', {
    data: { username: 'staff', password: DEMO.password },
  });
  expect(login.ok(), await login.text()).toBe(true);
  await useSession(staff, await login.json());
  return { staff, close: () => context.close() };
}

/** A listing published through the API by a fresh designer, so hiding it disturbs no other spec. */
async function publishedListing(request: APIRequestContext, title: string) {
  const designer = await registerViaApi(request, 'stfd');
  const draftId = await readyDraft(request, designer.auth.access_token, 'a small green tower');
  const published = await request.post(`/api/design-drafts/${draftId}/publish`, {
    headers: { authorization: `Bearer ${designer.auth.access_token}` },
    data: {
      title,
      description: 'A small stepped tower in green blocks, for a shelf.',
      tags: ['tower'],
      category: 'architecture',
      visibility: 'public',
      use_case: 'decorative',
      safety: {
        intended_for_children: false,
        bears_loads_or_people: false,
        contains_electrics: false,
        used_outdoors_in_water: false,
      },
      licence: { accepted: true, version: '2026-11-01' },
    },
  });
  expect(published.status(), await published.text()).toBe(201);
  return (await published.json()) as { id: string; slug: string; moderation_state: string };
}

test('a ticket: the user writes, staff reply and note, the user answers from the email, staff see it', async ({
  page,
  browser,
  request,
  project,
}) => {
  test.setTimeout(240_000);
  const me = await signedIn(page, 'stfu');
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const subject = `Kit missing a part ${stamp}`;

  // The user opens a ticket in the app.
  await page.goto('/help/support');
  await page.getByTestId('support-form').getByRole('radio', { name: 'A question' }).click();
  await page.getByLabel('Subject').fill(subject);
  await page
    .getByLabel('Message', { exact: true })
    .fill('My bill of materials lists 12 bricks but the steps use 14.');
  await page.getByTestId('support-submit').click();
  await expect(page.getByTestId('support-sent')).toBeVisible();
  const id = ((await page.getByTestId('support-sent-thread').getAttribute('href')) ?? '')
    .split('/')
    .pop() as string;
  expect(id).toMatch(/^[0-9a-f-]{36}$/);

  const { staff, close } = await staffPage(browser, page);
  try {
    // Staff find it in the queue: new, with its first-response timer in words.
    await staff.goto('/admin/support');
    await expect(staff.getByRole('heading', { level: 1, name: 'Support queue' })).toBeVisible();
    await staff.getByLabel('Status').selectOption('open');
    const row = staff.getByTestId('support-queue-item').filter({ hasText: subject });
    await expect(row).toBeVisible();
    await expect(row).toContainText('New');
    await expect(row.getByTestId('support-queue-sla')).toHaveText(/^(Reply due in|Overdue by) \d/);
    await checkScreen(staff, project, 'staff-support-queue');
    await row.click();
    await staff.waitForURL(`**/admin/support/${id}`);

    // The ticket: the subject, the requester's account, the message.
    await expect(staff.getByTestId('ticket-subject')).toHaveText(subject);
    await expect(staff.getByTestId('ticket-status')).toHaveText('New');
    await expect(staff.getByTestId('ticket-context')).toContainText(`@${me.username}`);
    await expect(staff.getByTestId('ticket-message-requester')).toContainText('12 bricks');

    // Assign it to me.
    await staff.getByTestId('ticket-assign-me').click();
    await expect(staff.getByTestId('ticket-assignee')).toHaveText('Assigned to you');
    // Any colleague can be chosen, not only those already on a ticket: the founder, then back.
    const assignee = staff.getByLabel('Assign to', { exact: true });
    await assignee.selectOption({ label: 'Frankie Founder (@founder)' });
    await expect(staff.getByTestId('ticket-assignee')).toHaveText('Assigned to Frankie Founder');
    await staff.getByTestId('ticket-assign-me').click();
    await expect(staff.getByTestId('ticket-assignee')).toHaveText('Assigned to you');

    // An internal note, clearly marked, then the reply.
    await staff.getByTestId('ticket-compose-kind').getByRole('radio', { name: 'Internal note' }).click();
    await expect(
      staff.getByText('They are never shown or sent to the requester.', { exact: false }),
    ).toBeVisible();
    await staff.getByLabel('Your note (staff only)').fill('Checked the kit: step 4 double-counts.');
    await staff.getByTestId('ticket-compose-send').click();
    await expect(staff.getByTestId('ticket-note')).toContainText('Internal note · not sent');
    await expect(staff.getByTestId('ticket-note')).toContainText('step 4 double-counts');
    await expect(staff.getByTestId('ticket-status')).toHaveText('New');

    await staff
      .getByTestId('ticket-compose-kind')
      .getByRole('radio', { name: 'Reply to the requester' })
      .click();
    await staff.getByLabel('Your reply').fill('Thank you: step 4 counts two bricks twice; 12 is right.');
    await staff.getByTestId('ticket-compose-send').click();
    await expect(staff.getByTestId('ticket-compose-done')).toHaveText('Reply sent to the requester.');
    await expect(staff.getByTestId('ticket-message-staff')).toContainText('12 is right');
    await expect(staff.getByTestId('ticket-status')).toHaveText('Waiting on the requester');
    await expect(staff.getByTestId('ticket-sla')).toHaveText('Answered in time');
    await checkScreen(staff, project, 'staff-support-ticket');

    // The user reads the reply email and follows its link into the app.
    const mail = await waitForEmail(request, me.email, new RegExp(subject));
    const link = linkIn(mail);
    expect(link).toContain(`/help/support/${id}`);
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    const reply = page.getByTestId('support-message-staff');
    await expect(reply).toContainText('12 is right');
    // The internal note is never shown to the user.
    await expect(page.getByText('step 4 double-counts')).toHaveCount(0);
    await page.getByLabel('Your reply').fill('Got it, thanks: building it now.');
    await page.getByTestId('support-reply-send').click();
    await expect(page.getByTestId('support-message-mine')).toHaveCount(2);

    // Staff see the answer, and the ticket back with them.
    await staff.reload();
    await expect(staff.getByTestId('ticket-message-requester').last()).toContainText('building it now');
    await expect(staff.getByTestId('ticket-status')).toHaveText('Waiting on us');

    // Resolve it from the ticket; the queue's "Resolved" filter then holds it.
    await staff.getByTestId('ticket-status-choice').getByRole('radio', { name: 'Resolved' }).click();
    await expect(staff.getByTestId('ticket-status')).toHaveText('Resolved');
    await staff.goto('/admin/support');
    await staff.getByLabel('Status').selectOption('resolved');
    await expect(staff.getByTestId('support-queue-item').filter({ hasText: subject })).toContainText(
      'Resolved',
    );
  } finally {
    await close();
  }
});

test('a report hides a listing after staff review it in the moderation queue', async ({
  page,
  browser,
  project,
}) => {
  test.setTimeout(240_000);
  const title = `Green shelf tower ${Date.now().toString(36)}`;
  const listing = await publishedListing(page.request, title);
  expect(listing.moderation_state).toBe('approved');

  // A user reports it from its page.
  await signedIn(page, 'stfr');
  await page.goto(`/listing/${listing.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByTestId('report-link').click();
  await page.waitForURL('**/help/support?**');
  await expect(page.getByTestId('reported-listing')).toContainText(title);
  await page.getByLabel('Subject').fill('Not safe for a shelf');
  await page.getByLabel('Message', { exact: true }).fill('The tower tips over with the top block as drawn.');
  await page
    .getByTestId('support-reason')
    .getByRole('radio', { name: 'It is unsafe to build or use' })
    .click();
  await page.getByTestId('support-submit').click();
  await expect(page.getByTestId('support-sent')).toBeVisible();

  const { staff, close } = await staffPage(browser, page);
  try {
    // Staff find it in the queue, reported, with the report and the listing's picture.
    await staff.goto('/admin/moderation');
    await expect(staff.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
    await staff.getByLabel('Why it waits').selectOption('reported');
    const row = staff.getByTestId('moderation-queue-item').filter({ hasText: title });
    await expect(row).toContainText('Reported');
    await expect(row).toContainText('1 open report');
    await checkScreen(staff, project, 'staff-moderation-queue');
    await row.click();
    await staff.waitForURL(`**/admin/moderation/${listing.id}`);
    await expect(staff.getByTestId('moderation-listing-title')).toHaveText(title);
    await expect(staff.getByTestId('moderation-state')).toHaveText('Approved');
    await expect(staff.getByTestId('moderation-report')).toContainText('tips over');

    // Hiding needs the reason the designer reads.
    await staff.getByTestId('moderation-action').getByRole('radio', { name: /^Hide/ }).click();
    await staff.getByTestId('moderation-submit').click();
    await expect(staff.getByText('Give the reason the designer will read.')).toBeVisible();
    await staff
      .getByLabel('Reason (the designer reads it)')
      .fill('It tips over as drawn: please add a wider base.');
    await checkScreen(staff, project, 'staff-moderation-item');
    await staff.getByTestId('moderation-submit').click();
    await expect(staff.getByTestId('moderation-done')).toHaveText(
      'Decision recorded: the listing is now Hidden.',
    );
    await expect(staff.getByTestId('moderation-state')).toHaveText('Hidden');
    await expect(staff.getByTestId('moderation-decision').first()).toContainText('Hide: Approved → Hidden');
    await expect(staff.getByTestId('moderation-report')).toContainText('Settled');
  } finally {
    await close();
  }

  // The listing is gone from the gallery, and its page says it is unavailable.
  await page.goto(`/gallery?q=${encodeURIComponent(title)}`);
  await expect(page.getByText(title)).toHaveCount(0);
  await page.goto(`/listing/${listing.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toHaveCount(0);
  await expect(page.getByText('This design is not available').first()).toBeVisible();
});

test('demo opening the staff pages sees "not allowed"', async ({ page, project }) => {
  await presetConsent(page);
  await signInThroughUi(page, DEMO.username, DEMO.password);
  for (const path of ['/admin/support', '/admin/moderation']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'This page is not for your account' })).toBeVisible();
    await expect(page.getByTestId('support-queue')).toHaveCount(0);
    await expect(page.getByTestId('moderation-queue')).toHaveCount(0);
  }
  await checkScreen(page, project, 'staff-not-allowed');
});
