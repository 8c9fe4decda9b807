/**
 * One-line fields (a display name, a listing's title and tags, a support subject) refuse line
 * breaks with a 400 naming the field, before anything is written; the fields beside them that may
 * run over several lines (a description, a message) still take them. Every field is checked in
 * packages/contracts/src/one-line.test.ts; these go through the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, register, uniqueName } from './support/auth-helpers';
import { createTestApp, type TestApp } from './support/test-app';

const ONE_LINE = 'must be on one line (no line breaks)';

describe('line breaks in one-line fields', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const refused = (res: { statusCode: number; body: string }, field: string) => {
    expect(res.statusCode, res.body).toBe(400);
    const error = JSON.parse(res.body).error;
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.details).toEqual({ location: 'body', fields: { [field]: ONE_LINE } });
  };

  it('refuses a display name over two lines at registration, and makes no account', async () => {
    const username = uniqueName('lines');
    const payload = {
      username,
      email: `${username}@example.com`,
      password: 'correct-horse-battery',
      display_name: 'Test\nMaker',
    };
    for (const display_name of ['Test\nMaker', 'Test\r\nMaker', 'Test\u2028Maker', 'Test\u0085Maker'])
      refused(
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/register',
          payload: { ...payload, display_name },
        }),
        'display_name',
      );
    // The same name on one line is taken: the refused attempts made nothing.
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { ...payload, display_name: 'Test Maker' },
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it("refuses a listing's title or tag with a line break, and takes a description over several lines", async () => {
    const user = await register(t.app);
    const url = '/api/listings/0193c2a4-0000-7000-8000-000000000000';
    const edit = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url, headers: bearer(user.access_token), payload });
    refused(await edit({ title: 'Tall\nbridge' }), 'title');
    refused(await edit({ title: 'Tall bridge', tags: ['bridge', 'red\rblue'] }), 'tags.1');
    // Past validation: the listing does not exist.
    const description = await edit({ title: 'Tall bridge', description: 'A bridge.\n\nIt stands tall.' });
    expect(description.statusCode, description.body).toBe(404);
  });

  it('refuses a support subject over two lines, and takes a message over several', async () => {
    const send = (subject: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/support/conversations',
        payload: {
          category: 'other',
          subject,
          message: 'It broke.\nThen it broke again.',
          contact_email: 'someone@example.com',
        },
      });
    refused(await send('Upload\nfailed'), 'subject');
    refused(await send('Upload failed\u2029'), 'subject');
    const ok = await send('Upload failed');
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().messages[0].body).toBe('It broke.\nThen it broke again.');
  });
});
