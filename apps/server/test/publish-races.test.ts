/**
 * Publishing under real concurrency: the same draft published several times at once makes one
 * listing and tells the others it is already published (409), and listings with the same title
 * published at once all get an address of their own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, register } from './support/auth-helpers';
import { createDraft, drain, PUBLISH_BODY } from './support/create-helpers';
import { createTestApp, type TestApp } from './support/test-app';

describe('publishing races', () => {
  let t: TestApp;
  let maker: Awaited<ReturnType<typeof register>>;
  beforeAll(async () => {
    t = await createTestApp();
    maker = await register(t.app);
  });
  afterAll(async () => t.close());

  /** A Mode B draft with its kit built, ready to publish. */
  async function readyDraft(prompt: string): Promise<string> {
    const draft = await createDraft(t.app, maker.access_token, { mode: 'B', prompt, settings: { size: 12 } });
    await t.app.inject({
      method: 'POST',
      url: `/api/design-drafts/${draft.id}/model-jobs`,
      headers: bearer(maker.access_token),
    });
    await drain(t);
    return draft.id;
  }

  const publish = (draftId: string, title: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/design-drafts/${draftId}/publish`,
      headers: bearer(maker.access_token),
      payload: { ...PUBLISH_BODY, title },
    });

  it('one draft published five times at once: one listing, four 409 INVALID_STATE', async () => {
    const draftId = await readyDraft('a small tower');
    const answers = await Promise.all(Array.from({ length: 5 }, () => publish(draftId, 'Racing tower')));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409]);
    const winner = answers.find((a) => a.statusCode === 201)?.json();
    for (const loser of answers.filter((a) => a.statusCode === 409)) {
      expect(loser.json().error).toMatchObject({
        code: 'INVALID_STATE',
        message: 'This draft is already published.',
      });
      // Told where the listing is, when the winner had finished by then.
      const details = loser.json().error.details;
      if (details?.listing_id) expect(details.listing_id).toBe(winner.id);
    }
    const listings = await t.database.db
      .selectFrom('listings')
      .select('id')
      .where('draft_id', '=', draftId)
      .execute();
    expect(listings.map((l) => l.id)).toEqual([winner.id]);
    const draft = (
      await t.app.inject({ url: `/api/design-drafts/${draftId}`, headers: bearer(maker.access_token) })
    ).json();
    expect(draft).toMatchObject({ publish_state: 'published', listing_id: winner.id });
  });

  it('four listings with the same title published at once each get their own slug', async () => {
    const drafts = [];
    for (const prompt of ['an arch', 'a bridge', 'a pyramid', 'a wall'])
      drafts.push(await readyDraft(prompt));
    const answers = await Promise.all(drafts.map((id) => publish(id, 'Same name for all')));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
    const slugs = answers.map((a) => a.json().slug as string);
    expect(new Set(slugs).size).toBe(4);
    expect(slugs).toContain('same-name-for-all');
    for (const slug of slugs) expect(slug).toMatch(/^same-name-for-all(-[a-z0-9]{6})?$/);
  });
});
