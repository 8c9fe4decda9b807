/**
 * Cancelling interest needs no reason: no body, an empty body (with or without a JSON content
 * type), `{}` and an empty reason are all accepted, and the record then has no reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, register } from './support/auth-helpers';
import { publishedListing, RESERVE_BODY } from './support/create-helpers';
import { createTestApp, type TestApp } from './support/test-app';

describe('cancelling interest without a reason', () => {
  let t: TestApp;
  let token: string;
  let listing: { id: string; slug: string };
  beforeAll(async () => {
    t = await createTestApp();
    const designer = await register(t.app, { display_name: 'Dee Designer' });
    listing = await publishedListing(t.app, t, designer.access_token, {
      title: 'Optional tower',
      prompt: 'a tower',
    });
    token = (await register(t.app)).access_token;
  });
  afterAll(async () => t.close());

  async function reserve(): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/listings/${listing.slug}/interest`,
      headers: bearer(token),
      payload: RESERVE_BODY,
    });
    expect(res.statusCode).toBeLessThan(300);
    return res.json().reservation.id;
  }

  const cases: Array<[string, { headers?: Record<string, string>; payload?: string }]> = [
    ['no body', {}],
    [
      'an empty body with a JSON content type',
      { headers: { 'content-type': 'application/json' }, payload: '' },
    ],
    ['an empty JSON object', { headers: { 'content-type': 'application/json' }, payload: '{}' }],
    ['an empty reason', { headers: { 'content-type': 'application/json' }, payload: '{"reason":""}' }],
    ['a blank reason', { headers: { 'content-type': 'application/json' }, payload: '{"reason":"   "}' }],
    ['a null reason', { headers: { 'content-type': 'application/json' }, payload: '{"reason":null}' }],
  ];

  for (const [name, request] of cases) {
    it(`accepts ${name}`, async () => {
      const id = await reserve();
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/interest-reservations/${id}`,
        headers: { ...bearer(token), ...request.headers },
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      });
      expect(res.json()).toMatchObject({ status: 'cancelled', cancellation_reason: null });
      expect(res.statusCode).toBe(200);
    });
  }

  it('still keeps a reason that is given', async () => {
    const id = await reserve();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/interest-reservations/${id}`,
      headers: bearer(token),
      payload: { reason: 'Not right now' },
    });
    expect(res.json()).toMatchObject({ status: 'cancelled', cancellation_reason: 'Not right now' });
  });
});
