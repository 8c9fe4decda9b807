/**
 * A NUL character (U+0000), which PostgreSQL text cannot hold, is a 400 in the error envelope on
 * every surface an outside tester found answering 500 (issue 15, item 2), signed in or not, and
 * nothing is written or logged as a server error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, register } from './support/auth-helpers';
import { createTestApp, type TestApp } from './support/test-app';

describe('text with a NUL character', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await register(t.app)).access_token;
  });
  afterAll(async () => t.close());

  const refused = (
    res: { statusCode: number; json: () => { error: { code: string; details?: { fields?: object } } } },
    field: string,
  ) => {
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.details?.fields).toEqual({ [field]: 'contains a NUL character' });
  };

  it('in a gallery search, a login, a registration, a prompt, a support message and a path', async () => {
    refused(await t.app.inject({ url: '/api/gallery/listings?q=%00' }), 'q');
    refused(await t.app.inject({ url: '/api/gallery/listings?q=red%00bridge' }), 'q');
    refused(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: 'demo\u0000', password: 'whatever-it-is' },
      }),
      'username',
    );
    refused(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: {
          username: `nul${Date.now()}`,
          email: `nul${Date.now()}@example.com`,
          password: 'correct-horse-battery',
          display_name: 'Nul\u0000Person',
        },
      }),
      'display_name',
    );
    refused(
      await t.app.inject({
        method: 'POST',
        url: '/api/design-drafts',
        headers: bearer(token),
        payload: { mode: 'B', prompt: 'a small\u0000 boat', settings: { size: 12 } },
      }),
      'prompt',
    );
    refused(
      await t.app.inject({
        method: 'POST',
        url: '/api/support/conversations',
        headers: bearer(token),
        payload: { subject: 'Help', category: 'question', message: 'hello\u0000' },
      }),
      'message',
    );
    // In a nested field and in a path parameter.
    refused(
      await t.app.inject({
        method: 'PATCH',
        url: '/api/design-drafts/x%00y',
        headers: bearer(token),
        payload: {},
      }),
      'draftId',
    );
  });

  it('refuses half of a surrogate pair (found by the fuzzer: a gate version of a lone U+D800 was a 503)', async () => {
    const subject = (message: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/support/conversations',
        headers: bearer(token),
        payload: { subject: 'Help', category: 'question', message },
      });
    for (const message of ['a\ud800', '\udc00b', 'x\udbff\ud800y']) {
      const res = await subject(message);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(res.json().error.details?.fields).toEqual({ message: 'contains half of a surrogate pair' });
    }
    // A whole pair (an emoji) is text like any other.
    expect((await subject('thanks \ud83d\ude42')).statusCode).toBe(201);
  });

  it('records no server error for any of them', async () => {
    const errors = await t.database.db
      .selectFrom('error_events')
      .select(['code'])
      .where('code', '=', 'INTERNAL_ERROR')
      .execute();
    expect(errors).toEqual([]);
  });

  it('still accepts ordinary text, including other control-free Unicode', async () => {
    const res = await t.app.inject({ url: '/api/gallery/listings?q=%C3%A9t%C3%A9' });
    expect(res.statusCode).toBe(200);
  });
});

describe('text with other control characters', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await register(t.app)).access_token;
  });
  afterAll(async () => t.close());

  it('refuses C0 controls and DEL anywhere, and keeps tab and line breaks in text', async () => {
    for (const bad of ['\u0001', '\u0007', '\u001b[31m', '\u007f', '\u000b', '\u000c']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/design-drafts',
        headers: bearer(token),
        payload: { mode: 'B', title: `boat${bad}`, prompt: 'a small boat', settings: { size: 12 } },
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error.details?.fields).toEqual({ title: 'contains a control character' });
    }
    const search = await t.app.inject({ url: '/api/gallery/listings?q=red%1Bbridge' });
    expect(search.statusCode).toBe(400);
    expect(search.json().error.details?.fields).toEqual({ q: 'contains a control character' });
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/design-drafts',
      headers: bearer(token),
      payload: { mode: 'B', prompt: 'a small boat', settings: { 'si\u0002ze': 12 } },
    });
    expect(key.json().error.details?.fields).toEqual({
      'settings.si\u0002ze': 'contains a control character',
    });
    const multiline = await t.app.inject({
      method: 'POST',
      url: '/api/design-drafts',
      headers: bearer(token),
      payload: { mode: 'B', prompt: 'a small boat\n\twith a mast\r\nand a sail', settings: { size: 12 } },
    });
    expect(multiline.statusCode).toBe(201);
  });
});

describe('deeply nested JSON', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await register(t.app)).access_token;
  });
  afterAll(async () => t.close());

  const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

  it('refuses draft settings nested 100,000 deep or 1,000 deep with a 400, and stores nothing', async () => {
    for (const depth of [100_000, 1_000, 40]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/design-drafts',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: `{"mode":"B","prompt":"a small boat","settings":${nested(depth)}}`,
      });
      expect(res.statusCode, String(depth)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(Object.values(res.json().error.details.fields)).toEqual(['nests too deeply']);
    }
    const drafts = (await t.app.inject({ url: '/api/design-drafts', headers: bearer(token) })).json();
    expect(drafts.items).toEqual([]);
  });
});

describe('text that is only spaces', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('is refused where it would be stored trimmed below its minimum (found by the fuzzer: it was a 500)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support/conversations',
      payload: {
        subject: ')5 ',
        category: 'reservation',
        message: '   ',
        contact_email: 'someone@example.com',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields).toEqual({
      subject: 'needs at least 3 characters besides spaces',
      message: 'is empty',
    });
  });
});
