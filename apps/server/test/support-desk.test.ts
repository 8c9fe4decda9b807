/**
 * The support desk through the real server: requester follow-up (session or signed link), the
 * status machine, the staff queue and ticket, internal notes, translation both ways, the reply
 * emails over real SMTP, the SLA clock across a weekend and a bank holiday, and the P1 backlog alert.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { pseudoTranslation } from '../src/providers/translation/pseudo-translation';
import { bearer, login, register } from './support/auth-helpers';
import { photoPng, publishedListing, upload } from './support/create-helpers';
import { type ReceivedMail, startSmtpSink } from './support/smtp-sink';
import { createTestApp, type TestApp } from './support/test-app';

type Json = Record<string, unknown>;

async function makeStaff(t: TestApp, role: 'staff' | 'founder' = 'staff') {
  const person = await register(t.app);
  await t.database.db.updateTable('users').set({ role }).where('id', '=', person.user.id).execute();
  return person;
}

/** Signs in again: access tokens last 15 minutes, and these tests move the clock by days. */
async function relogin(t: TestApp, person: { user: { username: string }; password: string }) {
  const res = await login(t.app, person.user.username, person.password);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return bearer(res.json().access_token);
}

/** A received message as text: its quoted-printable bytes read as UTF-8. */
const textOf = (mail: ReceivedMail) => Buffer.from(mail.decoded, 'latin1').toString('utf8');

function open(t: TestApp, headers: Record<string, string>, payload: Json) {
  return t.app.inject({ method: 'POST', url: '/api/support/conversations', headers, payload });
}

describe('support desk: requester follow-up, status machine, staff queue and ticket', () => {
  let t: TestApp;
  // A Wednesday morning in London (GMT).
  const clock = new ManualClock('2026-11-25T10:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(async () => t.close());

  it('lets only staff and founders into the queue and tickets', async () => {
    const member = await register(t.app);
    const c = (
      await open(t, bearer(member.access_token), {
        subject: 'Where is my kit',
        category: 'question',
        message: 'Hi',
      })
    ).json();
    const urls = [
      ['GET', '/api/admin/support/conversations', undefined],
      ['GET', `/api/admin/support/conversations/${c.id}`, undefined],
      ['POST', `/api/admin/support/conversations/${c.id}/messages`, { message: 'Hello' }],
      ['PATCH', `/api/admin/support/conversations/${c.id}`, { priority: 'high' }],
      ['GET', '/api/admin/support/staff', undefined],
    ] as const;
    for (const [method, url, payload] of urls) {
      expect((await t.app.inject({ method, url, payload })).statusCode).toBe(401);
      expect(
        (await t.app.inject({ method, url, payload, headers: bearer(member.access_token) })).statusCode,
      ).toBe(403);
    }
    const staff = await makeStaff(t);
    const founder = await makeStaff(t, 'founder');
    for (const who of [staff, founder])
      expect(
        (
          await t.app.inject({
            url: `/api/admin/support/conversations/${c.id}`,
            headers: bearer(who.access_token),
          })
        ).statusCode,
      ).toBe(200);
    // Whom it can be assigned to: every staff member and founder by name, and no member.
    const team = await t.app.inject({ url: '/api/admin/support/staff', headers: bearer(staff.access_token) });
    expect(team.statusCode).toBe(200);
    const items = team.json().items as Array<{ id: string; username: string; display_name: string }>;
    const ids = items.map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining([staff.user.id, founder.user.id]));
    expect(ids).not.toContain(member.user.id);
    expect(items.find((p) => p.id === founder.user.id)).toEqual({
      id: founder.user.id,
      username: founder.user.username,
      display_name: founder.user.display_name,
    });
    // Someone else's conversation does not exist for another member.
    const other = await register(t.app);
    expect(
      (await t.app.inject({ url: `/api/support/conversations/${c.id}`, headers: bearer(other.access_token) }))
        .statusCode,
    ).toBe(404);
  });

  it('notifies a signed-in requester of a staff reply in the app, never of an internal note', async () => {
    const member = await register(t.app);
    const staff = await makeStaff(t);
    const c = (
      await open(
        t,
        { ...bearer(member.access_token), 'accept-language': 'fr-FR,fr;q=0.9' },
        { subject: 'Où est mon kit', category: 'question', message: 'Bonjour' },
      )
    ).json();
    const notes = async () =>
      (await t.app.inject({ url: '/api/me/notifications', headers: bearer(member.access_token) })).json()
        .items as Array<Json>;
    const reply = (payload: Json) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/support/conversations/${c.id}/messages`,
        headers: bearer(staff.access_token),
        payload,
      });
    expect((await reply({ message: 'Checking the order', internal: true })).statusCode).toBe(201);
    expect((await notes()).filter((n) => n.kind === 'support_reply')).toEqual([]);
    expect((await reply({ message: 'It ships tomorrow' })).statusCode).toBe(201);
    const [note] = (await notes()).filter((n) => n.kind === 'support_reply');
    expect(note).toMatchObject({
      title: 'L’assistance a répondu',
      link: `/help/support/${c.id}`,
      read: false,
    });
    expect(String(note?.body)).toContain('Où est mon kit');
  });

  it('runs the status machine: reply, answer, solve, reopen within the period, close for good', async () => {
    const member = await register(t.app);
    let mh = bearer(member.access_token);
    const staff = await makeStaff(t);
    let sh = bearer(staff.access_token);
    const later = async (ms: number) => {
      clock.advance(ms);
      mh = await relogin(t, member);
      sh = await relogin(t, staff);
    };
    const c = (
      await open(t, mh, { subject: 'Kit pieces missing', category: 'bug', message: 'Two are missing' })
    ).json();
    expect(c).toMatchObject({ status: 'open', can_reply: true, can_close: true, can_reopen: false });

    // The requester adds detail before anyone answered: still open (waiting for a first response).
    const more = await t.app.inject({
      method: 'POST',
      url: `/api/support/conversations/${c.id}/messages`,
      headers: mh,
      payload: { message: '  Pieces 3 and 4.  ' },
    });
    expect(more.statusCode).toBe(201);
    expect(more.json().status).toBe('open');
    expect(more.json().messages.map((m: Json) => m.body)).toEqual(['Two are missing', 'Pieces 3 and 4.']);

    // An internal note: not a response, never shown to the requester.
    await later(30 * 60_000);
    const note = await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/conversations/${c.id}/messages`,
      headers: sh,
      payload: { message: 'Probably the slicer bug again', internal: true },
    });
    expect(note.statusCode).toBe(201);
    expect(note.json()).toMatchObject({ status: 'open', first_staff_response_at: null, sla_state: 'due' });
    expect(note.json().messages.at(-1)).toMatchObject({ internal: true, author: { id: staff.user.id } });

    await later(2 * 3600_000);
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/conversations/${c.id}/messages`,
      headers: sh,
      payload: { message: 'Sorry! Which kit was it?' },
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({
      status: 'waiting_on_requester',
      response_time_bucket: 'under_4h',
      sla_state: 'met',
    });
    const seen = (await t.app.inject({ url: `/api/support/conversations/${c.id}`, headers: mh })).json();
    expect(seen.status).toBe('waiting_on_requester');
    expect(seen.messages.map((m: Json) => m.body)).toEqual([
      'Two are missing',
      'Pieces 3 and 4.',
      'Sorry! Which kit was it?',
    ]);
    expect(JSON.stringify(seen)).not.toContain('slicer bug');
    expect(seen.last_staff_response_at).not.toBeNull();
    const replied = await t.database.db
      .selectFrom('product_events')
      .select('properties')
      .where('name', '=', 'support_conversation_replied')
      .execute();
    expect(replied.map((e) => e.properties)).toContainEqual({
      support_id: c.id,
      responder_role: 'staff',
      response_time_bucket: 'under_4h',
    });

    // The requester replies: back to staff.
    const back = await t.app.inject({
      method: 'POST',
      url: `/api/support/conversations/${c.id}/messages`,
      headers: mh,
      payload: { message: 'The red tower' },
    });
    expect(back.json().status).toBe('waiting_on_staff');

    // Staff cannot set `open` (only a new conversation is), and a no-op is refused.
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/support/conversations/${c.id}`,
      headers: sh,
      payload: { status: 'open' },
    });
    expect(bad.statusCode).toBe(400);
    const same = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/support/conversations/${c.id}`,
      headers: sh,
      payload: { status: 'waiting_on_staff' },
    });
    expect(same.statusCode).toBe(409);

    const solved = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/support/conversations/${c.id}`,
      headers: sh,
      payload: { status: 'resolved' },
    });
    expect(solved.json()).toMatchObject({ status: 'resolved', solved_at: expect.any(String) });
    const afterSolve = (
      await t.app.inject({ url: `/api/support/conversations/${c.id}`, headers: mh })
    ).json();
    expect(afterSolve).toMatchObject({ can_reopen: true, can_reply: true });
    expect(new Date(afterSolve.reopen_until).getTime() - clock.now().getTime()).toBe(7 * 24 * 3600_000);

    // Within the reopen period the requester reopens it.
    await later(3 * 24 * 3600_000);
    const reopened = await t.app.inject({
      method: 'PATCH',
      url: `/api/support/conversations/${c.id}`,
      headers: mh,
      payload: { action: 'reopen' },
    });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().status).toBe('waiting_on_staff');
    // An open conversation cannot be "reopened".
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/support/conversations/${c.id}`,
          headers: mh,
          payload: { action: 'reopen' },
        })
      ).statusCode,
    ).toBe(409);

    // Solved again, and the period passes: neither reopening nor replying is allowed.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/support/conversations/${c.id}`,
      headers: sh,
      payload: { status: 'resolved' },
    });
    await later(8 * 24 * 3600_000);
    const late = await t.app.inject({
      method: 'PATCH',
      url: `/api/support/conversations/${c.id}`,
      headers: mh,
      payload: { action: 'reopen' },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toContain('Open a new one');
    const lateReply = await t.app.inject({
      method: 'POST',
      url: `/api/support/conversations/${c.id}/messages`,
      headers: mh,
      payload: { message: 'Still broken' },
    });
    expect(lateReply.statusCode).toBe(409);

    // The requester closes it: final for everyone.
    const closed = await t.app.inject({
      method: 'PATCH',
      url: `/api/support/conversations/${c.id}`,
      headers: mh,
      payload: { action: 'close' },
    });
    expect(closed.json()).toMatchObject({
      status: 'closed',
      can_reply: false,
      can_close: false,
      can_reopen: false,
    });
    for (const [url, payload, method] of [
      [`/api/admin/support/conversations/${c.id}/messages`, { message: 'Hello?' }, 'POST'],
      [`/api/admin/support/conversations/${c.id}`, { status: 'waiting_on_staff' }, 'PATCH'],
    ] as const)
      expect((await t.app.inject({ method, url, headers: sh, payload })).statusCode).toBe(409);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/support/conversations/${c.id}`,
          headers: mh,
          payload: { action: 'close' },
        })
      ).statusCode,
    ).toBe(409);
    // The database refuses an unknown status whatever the service does.
    await expect(
      t.database.db
        .updateTable('support_conversations')
        .set({ status: 'pending' })
        .where('id', '=', c.id)
        .execute(),
    ).rejects.toThrow();
  });

  it('pages the requester’s conversations with a cursor', async () => {
    const member = await register(t.app);
    const mh = bearer(member.access_token);
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      clock.advance(1000);
      ids.push(
        (await open(t, mh, { subject: `Question ${n}`, category: 'question', message: 'Hi' })).json().id,
      );
    }
    const first = (await t.app.inject({ url: '/api/support/conversations?limit=2', headers: mh })).json();
    expect(first.items.map((c: Json) => c.id)).toEqual([ids[2], ids[1]]);
    const second = (
      await t.app.inject({
        url: `/api/support/conversations?limit=2&cursor=${first.next_cursor}`,
        headers: mh,
      })
    ).json();
    expect(second).toEqual({ items: [expect.objectContaining({ id: ids[0] })], next_cursor: null });
    expect(
      (await t.app.inject({ url: '/api/support/conversations?cursor=nope', headers: mh })).statusCode,
    ).toBe(400);
    // A blank source surface is not one: the web form is assumed.
    const blank = await open(t, mh, {
      subject: 'Blank surface',
      category: 'question',
      message: 'Hi',
      source_surface: ' ',
    });
    expect(blank.statusCode).toBe(201);
    expect(blank.json().source_surface).toBe('web');
  });

  it('takes the requester’s own uploads as evidence and refuses anyone else’s', async () => {
    const member = await register(t.app);
    const mh = bearer(member.access_token);
    const other = await register(t.app);
    const c = (await open(t, mh, { subject: 'Broken print', category: 'bug', message: 'See photo' })).json();
    const mine = (await upload(t.app, member.access_token, await photoPng(), 'broken.png')).json().upload;
    const theirs = (await upload(t.app, other.access_token, await photoPng('#a33'), 'x.png')).json().upload;
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/support/conversations/${c.id}/messages`,
      headers: mh,
      payload: { message: 'Photo', attachments: [theirs.id] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details.fields.attachments).toBeDefined();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/support/conversations/${c.id}/messages`,
      headers: mh,
      payload: { message: 'Photo', attachments: [mine.id] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().messages.at(-1).attachments).toEqual([
      {
        id: mine.id,
        kind: 'image',
        format: 'png',
        original_name: 'broken.png',
        url: `/api/media/${mine.id}/content`,
      },
    ]);
    const staff = await makeStaff(t);
    const ticket = (
      await t.app.inject({
        url: `/api/admin/support/conversations/${c.id}`,
        headers: bearer(staff.access_token),
      })
    ).json();
    expect(ticket.attachment_count).toBe(1);
    // Staff can fetch the file's bytes.
    expect(
      (await t.app.inject({ url: `/api/media/${mine.id}/content`, headers: bearer(staff.access_token) }))
        .statusCode,
    ).toBe(200);
    const tooMany = await t.app.inject({
      method: 'POST',
      url: `/api/support/conversations/${c.id}/messages`,
      headers: mh,
      payload: { message: 'x', attachments: Array.from({ length: 6 }, () => crypto.randomUUID()) },
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('takes the requester’s own uploads with the first message, and none from a visitor or of anyone else', async () => {
    const member = await register(t.app);
    const mh = bearer(member.access_token);
    const other = await register(t.app);
    const mine = (await upload(t.app, member.access_token, await photoPng(), 'crack.png')).json().upload;
    const theirs = (await upload(t.app, other.access_token, await photoPng('#3a3'), 'y.png')).json().upload;
    const before = await t.database.db
      .selectFrom('support_conversations')
      .select((e) => e.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const first = { subject: 'Cracked block', category: 'bug', message: 'See the photo' };
    const refused = await open(t, mh, { ...first, attachments: [theirs.id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details.fields.attachments).toBeDefined();
    const visitor = await open(t, {}, { ...first, contact_email: 'v@example.com', attachments: [mine.id] });
    expect(visitor.statusCode).toBe(400);
    expect(visitor.json().error.details.fields.attachments).toBe('need you signed in');
    // Nothing was half-written by the refusals.
    const after = await t.database.db
      .selectFrom('support_conversations')
      .select((e) => e.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));

    const res = await open(t, mh, { ...first, attachments: [mine.id] });
    expect(res.statusCode).toBe(201);
    expect(res.json().messages).toHaveLength(1);
    expect(res.json().messages[0].attachments).toEqual([
      expect.objectContaining({ id: mine.id, kind: 'image', original_name: 'crack.png' }),
    ]);
    const staff = await makeStaff(t);
    const ticket = (
      await t.app.inject({
        url: `/api/admin/support/conversations/${res.json().id}`,
        headers: bearer(staff.access_token),
      })
    ).json();
    expect(ticket.attachment_count).toBe(1);
    const six = Array.from({ length: 6 }, () => crypto.randomUUID());
    expect((await open(t, mh, { ...first, attachments: six })).statusCode).toBe(400);
  });

  it('shows staff a ticket with safe context, changes it with audit references, and filters the queue', async () => {
    const maker = await register(t.app, { display_name: 'Maker Mo' });
    const listing = await publishedListing(t.app, t, maker.access_token);
    const staff = await makeStaff(t);
    const sh = bearer(staff.access_token);
    const colleague = await makeStaff(t);
    const member = await register(t.app);
    const c = (
      await open(t, bearer(maker.access_token), {
        subject: 'My listing looks wrong',
        category: 'bug',
        message: 'The preview is dark',
        resource: { type: 'listing', id: listing.id },
      })
    ).json();
    const ticket = (
      await t.app.inject({ url: `/api/admin/support/conversations/${c.id}`, headers: sh })
    ).json();
    expect(ticket.context.account).toEqual({
      id: maker.user.id,
      username: maker.user.username,
      display_name: 'Maker Mo',
      role: 'user',
      roles: ['user'],
      locale: expect.any(String),
      email_verified: false,
      created_at: expect.any(String),
    });
    expect(ticket.context.listings.map((l: Json) => l.id)).toEqual([listing.id]);
    expect(ticket.context.jobs.length).toBeGreaterThan(0);
    expect(Object.keys(ticket.context.jobs[0]).sort()).toEqual(
      ['created_at', 'error_code', 'finished_at', 'id', 'status', 'type'].sort(),
    );
    expect(ticket.context.resource).toMatchObject({
      type: 'listing',
      id: listing.id,
      found: true,
      owner_user_id: maker.user.id,
    });
    const text = JSON.stringify(ticket);
    for (const secret of ['password', 'hash', 'token', maker.user.email]) expect(text).not.toContain(secret);

    // Assign (only to staff), prioritise, recategorise, link a bug and a pre-order: each audited.
    const notStaff = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/support/conversations/${c.id}`,
      headers: sh,
      payload: { assignee_id: member.user.id },
    });
    expect(notStaff.statusCode).toBe(400);
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/support/conversations/${c.id}`,
      headers: sh,
      payload: {
        assignee_id: colleague.user.id,
        priority: 'urgent',
        category: 'account',
        add_link: { type: 'bug', reference: 'KW-142' },
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      assignee: { id: colleague.user.id },
      priority: 'urgent',
      category: 'account',
      links: [{ type: 'bug', reference: 'KW-142' }],
    });
    const refs: number[] = changed.json().audit_refs;
    expect(refs).toHaveLength(4);
    const entries = await t.database.db
      .selectFrom('audit_log')
      .select(['seq', 'action', 'actor_id', 'resource_id'])
      .where('seq', 'in', refs)
      .orderBy('seq')
      .execute();
    expect(entries.map((e) => e.action)).toEqual([
      'support.assigned',
      'support.priority_changed',
      'support.category_changed',
      'support.linked',
    ]);
    expect(entries.every((e) => e.actor_id === staff.user.id && e.resource_id === c.id)).toBe(true);
    const again = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/support/conversations/${c.id}`,
      headers: sh,
      payload: { add_link: { type: 'bug', reference: 'KW-142' } },
    });
    expect(again.statusCode).toBe(409);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/support/conversations/${c.id}`,
      headers: sh,
      payload: { add_link: { type: 'preorder', reference: 'po_2026_0042' } },
    });
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/admin/support/conversations/${c.id}`,
          headers: sh,
          payload: {},
        })
      ).statusCode,
    ).toBe(400);

    // The queue's filters.
    const q = async (query: string, headers = sh) =>
      (await t.app.inject({ url: `/api/admin/support/conversations?${query}`, headers }))
        .json()
        .items.map((x: Json) => x.id);
    expect(await q('assignee=unassigned&limit=100')).not.toContain(c.id);
    expect(await q(`assignee=${colleague.user.id}`)).toEqual([c.id]);
    expect(await q('assignee=me', bearer(colleague.access_token))).toEqual([c.id]);
    expect(await q('priority=urgent')).toEqual([c.id]);
    expect(await q(`requester_user_id=${maker.user.id}`)).toEqual([c.id]);
    expect(await q(`resource_type=listing&resource_id=${listing.id}`)).toEqual([c.id]);
    expect(await q('category=account&sla=due&limit=100')).toContain(c.id);
    expect(await q('sla=overdue&limit=100')).not.toContain(c.id);
    expect(await q('max_age_hours=1&limit=100')).toContain(c.id);
    expect(await q('min_age_hours=1&category=account')).not.toContain(c.id);
    expect(
      (await t.app.inject({ url: '/api/admin/support/conversations?assignee=someone', headers: sh }))
        .statusCode,
    ).toBe(400);
  });

  it('sorts the queue by due time by default, pages it, and knows overdue from met and breached', async () => {
    const staff = await makeStaff(t);
    const member = await register(t.app);
    // Opened on Thursday, then Friday: due Thursday 17:30, Friday 17:30.
    clock.set('2026-12-03T10:00:00Z');
    const thu = (
      await open(t, await relogin(t, member), {
        subject: 'Thursday one',
        category: 'feedback',
        message: 'Hi',
      })
    ).json();
    clock.set('2026-12-04T10:00:00Z');
    const fri = (
      await open(t, await relogin(t, member), { subject: 'Friday one', category: 'feedback', message: 'Hi' })
    ).json();
    const sh = await relogin(t, staff);
    expect(thu.first_response_due_at).toBe('2026-12-03T17:30:00.000Z');
    const page1 = (
      await t.app.inject({
        url: `/api/admin/support/conversations?requester_user_id=${member.user.id}&limit=1`,
        headers: sh,
      })
    ).json();
    expect(page1.items.map((x: Json) => x.id)).toEqual([thu.id]);
    expect(page1.items[0].sla_state).toBe('overdue');
    const page2 = (
      await t.app.inject({
        url: `/api/admin/support/conversations?requester_user_id=${member.user.id}&limit=1&cursor=${page1.next_cursor}`,
        headers: sh,
      })
    ).json();
    expect(page2.items.map((x: Json) => x.id)).toEqual([fri.id]);
    const created = (
      await t.app.inject({
        url: `/api/admin/support/conversations?requester_user_id=${member.user.id}&sort=created`,
        headers: sh,
      })
    ).json();
    expect(created.items.map((x: Json) => x.id)).toEqual([fri.id, thu.id]);
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/conversations/${thu.id}/messages`,
      headers: sh,
      payload: { message: 'Late, sorry' },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/conversations/${fri.id}/messages`,
      headers: sh,
      payload: { message: 'Quick one' },
    });
    const ids = async (sla: string) =>
      (
        await t.app.inject({
          url: `/api/admin/support/conversations?requester_user_id=${member.user.id}&sla=${sla}`,
          headers: sh,
        })
      )
        .json()
        .items.map((x: Json) => x.id);
    expect(await ids('breached')).toEqual([thu.id]);
    expect(await ids('met')).toEqual([fri.id]);
    const thuTicket = (
      await t.app.inject({ url: `/api/admin/support/conversations/${thu.id}`, headers: sh })
    ).json();
    expect(thuTicket.response_time_bucket).toBe('next_day');
  });
});

describe('support desk: the SLA clock over a bank-holiday weekend, and the backlog alert', () => {
  let t: TestApp;
  // Friday 28 August 2026, 18:00 in London (BST): Monday 31 August is the summer bank holiday.
  const clock = new ManualClock('2026-08-28T17:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ clock, env: { ALERT_CONSECUTIVE_CHECKS: '1' } });
  });
  afterAll(async () => t.close());

  it('is due at the end of Tuesday, and feeds the P1 alert only while no staff response came', async () => {
    const member = await register(t.app);
    const res = await open(t, bearer(member.access_token), {
      subject: 'Weekend question',
      category: 'question',
      message: 'Anyone there?',
    });
    expect(res.json().first_response_due_at).toBe('2026-09-01T16:30:00.000Z');
    const staff = await makeStaff(t);
    const action = async () =>
      (await t.maintenance.evaluateAlerts()).results.find((r) => r.key === 'support_backlog_breach')?.action;
    const id = res.json().id;
    // Monday (the holiday): not late yet.
    clock.set('2026-08-31T12:00:00Z');
    expect(await action()).toBe('clear');
    // Tuesday evening: past due, still unanswered.
    clock.set('2026-09-01T17:00:00Z');
    expect(await action()).toBe('opened');
    // An internal note is not a response: still breached.
    const sh = await relogin(t, staff);
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/conversations/${id}/messages`,
      headers: sh,
      payload: { message: 'Looking', internal: true },
    });
    clock.advance(60_000);
    expect(await action()).not.toBe('resolved');
    // The first staff reply ends it, though the conversation stays open with the requester.
    const answered = await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/conversations/${id}/messages`,
      headers: sh,
      payload: { message: 'Here now' },
    });
    // Answered after Tuesday's end: late, within the next business day.
    expect(answered.json()).toMatchObject({ sla_state: 'breached', response_time_bucket: 'next_day' });
    clock.advance(60_000);
    expect(await action()).toBe('resolved');
    // The requester writes back: waiting on staff again, but the first response came, so no breach.
    const back = await t.app.inject({
      method: 'POST',
      url: `/api/support/conversations/${id}/messages`,
      headers: await relogin(t, member),
      payload: { message: 'Thanks, one more thing' },
    });
    expect(back.json().status).toBe('waiting_on_staff');
    clock.advance(3 * 24 * 3600_000);
    expect(await action()).toBe('clear');
  });
});

describe('support desk: the reply path over SMTP, in the requester’s language, with translation', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({
      translation: pseudoTranslation,
      env: {
        EMAIL_PROVIDER: 'smtp',
        SMTP_URL: smtp.url,
        SUPPORT_INBOX: 'inbox@kitwright.example',
        FRONTEND_URL: 'http://localhost:8081',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('emails a French visitor the French reply with a signed link that opens and answers the thread', async () => {
    const res = await open(
      t,
      { 'accept-language': 'fr-FR,fr;q=0.9' },
      {
        subject: 'Ma réservation',
        category: 'reservation',
        message: 'Je ne trouve pas ma réservation',
        contact_email: 'claire@example.fr',
      },
    );
    expect(res.statusCode).toBe(201);
    const c = res.json();
    expect(c.language).toBe('fr');
    // Announced to the support inbox, with the staff translation.
    const announced = await smtp.next('inbox@kitwright.example');
    expect(textOf(announced)).toContain('A new conversation (reservation, priority normal) arrived.');
    expect(textOf(announced)).toContain('[en] Je ne trouve pas ma réservation');
    expect(textOf(announced)).toContain(`http://localhost:8081/admin/support/${c.id}`);

    const staff = await makeStaff(t);
    const sh = bearer(staff.access_token);
    const ticket = (
      await t.app.inject({ url: `/api/admin/support/conversations/${c.id}`, headers: sh })
    ).json();
    expect(ticket.messages[0]).toMatchObject({
      body: 'Je ne trouve pas ma réservation',
      language: 'fr',
      translation: { language: 'en', status: 'translated', body: '[en] Je ne trouve pas ma réservation' },
    });
    expect(ticket.translation_summary).toContain('Requester writes in fr, staff in en');
    expect(ticket.requester).toMatchObject({
      user_id: null,
      visitor: true,
      contact_email: 'claire@example.fr',
    });

    const before = smtp.messages.length;
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/conversations/${c.id}/messages`,
      headers: sh,
      payload: { message: 'We found your reservation' },
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().messages.at(-1)).toMatchObject({
      body: 'We found your reservation',
      language: 'en',
      translation: { language: 'fr', status: 'translated', body: '[fr] Wé fôùnd yôùr résérvàtîôn' },
    });
    const mail = await smtp.next('claire@example.fr', before);
    expect(textOf(mail)).toContain('Nous avons répondu à votre demande d’assistance');
    expect(textOf(mail)).toContain('[fr] Wé fôùnd yôùr résérvàtîôn');
    expect(textOf(mail)).toContain('Cette réponse a été traduite automatiquement');
    expect(textOf(mail)).toContain('We found your reservation');
    const link = new URL(
      (
        textOf(mail).match(/http:\/\/localhost:8081\/help\/support\/[\w-]+\?token=[\w-]+/) as RegExpMatchArray
      )[0],
    );
    const id = link.pathname.split('/').at(-1) as string;
    expect(id).toBe(c.id);
    const token = link.searchParams.get('token') as string;

    // The link opens the thread without any session; without it, or with another, nothing.
    const thread = await t.app.inject({ url: `/api/support/conversations/${id}?token=${token}` });
    expect(thread.statusCode).toBe(200);
    expect(thread.json().messages.at(-1).translation.body).toBe('[fr] Wé fôùnd yôùr résérvàtîôn');
    expect((await t.app.inject({ url: `/api/support/conversations/${id}` })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/support/conversations/${id}?token=${token.slice(1)}x` })).statusCode,
    ).toBe(404);
    const other = (
      await open(
        t,
        {},
        { subject: 'Other', category: 'question', message: 'Hi', contact_email: 'o@example.com' },
      )
    ).json();
    expect(
      (await t.app.inject({ url: `/api/support/conversations/${other.id}?token=${token}` })).statusCode,
    ).toBe(404);

    // They answer through the link (header form), without attachments (uploads need an account).
    const noFiles = await t.app.inject({
      method: 'POST',
      url: `/api/support/conversations/${id}/messages`,
      headers: { 'x-support-token': token },
      payload: { message: 'Merci', attachments: [crypto.randomUUID()] },
    });
    expect(noFiles.statusCode).toBe(400);
    // Assigned to a colleague, whose inbox hears about the reply.
    const colleague = await makeStaff(t);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/support/conversations/${id}`,
      headers: sh,
      payload: { assignee_id: colleague.user.id },
    });
    const count = smtp.messages.length;
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/support/conversations/${id}/messages`,
      headers: { 'x-support-token': token },
      payload: { message: 'Merci beaucoup' },
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.json().status).toBe('waiting_on_staff');
    const notice = await smtp.next(colleague.user.email, count);
    expect(textOf(notice)).toContain('The requester of a conversation assigned to you replied:');
    expect(textOf(notice)).toContain('[en] Merci beaucoup');
    expect(textOf(notice)).toContain(`http://localhost:8081/admin/support/${id}`);
    // An internal note sends nothing to the requester.
    const n = smtp.messages.length;
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/conversations/${id}/messages`,
      headers: sh,
      payload: { message: 'Note for us', internal: true },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/conversations/${id}/messages`,
      headers: sh,
      payload: { message: 'All sorted' },
    });
    const last = await smtp.next('claire@example.fr', n);
    expect(textOf(last)).not.toContain('Note for us');
    expect(smtp.messages.slice(n).some((m) => textOf(m).includes('Note for us'))).toBe(false);
  });

  it('limits follow-ups through a link per requester', async () => {
    const c = (
      await open(
        t,
        {},
        { subject: 'Chatty', category: 'question', message: 'Hi', contact_email: 'c@example.com' },
      )
    ).json();
    const row = await t.database.db
      .selectFrom('support_conversations')
      .select('requester_visitor_id')
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(row.requester_visitor_id).not.toBeNull();
    // The signed link from an email.
    const staff = await makeStaff(t);
    const before = smtp.messages.length;
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/conversations/${c.id}/messages`,
      headers: bearer(staff.access_token),
      payload: { message: 'Hello' },
    });
    const mail = await smtp.next('c@example.com', before);
    const token = new URL(
      (textOf(mail).match(/http:\/\/localhost:8081\/help\/support\/\S+?token=[\w-]+/) as RegExpMatchArray)[0],
    ).searchParams.get('token') as string;
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/support/conversations/${c.id}/messages?token=${token}`,
            payload: { message: `Message ${i}` },
          })
        ).statusCode,
      );
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('support desk: without machine translation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('says honestly that a message in another language was not translated', async () => {
    const c = (
      await open(
        t,
        { 'accept-language': 'de' },
        {
          subject: 'Frage',
          category: 'question',
          message: 'Wo ist mein Bausatz?',
          contact_email: 'd@example.de',
        },
      )
    ).json();
    const staff = await makeStaff(t);
    const ticket = (
      await t.app.inject({
        url: `/api/admin/support/conversations/${c.id}`,
        headers: bearer(staff.access_token),
      })
    ).json();
    expect(ticket.messages[0].translation).toEqual({ language: 'en', status: 'not_translated', body: null });
    expect(ticket.translation_summary).toMatch(/1 of 1 message\(s\) not translated .*read the original/);
  });
});
