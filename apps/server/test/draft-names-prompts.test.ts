/**
 * A draft's default name and a prompt's restricted use, through the HTTP API: an unnamed upload's
 * draft is called after its file, tidied; a prompt that describes a seat for people is refused at
 * once, before any draft or job exists, with the contracts' rule (so it never reaches publishing),
 * and the same design described as an ornament is built and published.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, register } from './support/auth-helpers';
import { CUBE_STL, createDraft, drain, job, PUBLISH_BODY, upload } from './support/create-helpers';
import { createTestApp, type TestApp } from './support/test-app';

describe('draft names and prompt uses', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await register(t.app)).access_token;
  });
  afterAll(async () => t.close());

  it('names an unnamed upload’s draft after its file, without the extension', async () => {
    const up = await upload(t.app, token, CUBE_STL, 'sitting_bunny.stl');
    const unnamed = await createDraft(t.app, token, { mode: 'A', source_upload_id: up.json().upload.id });
    expect(unnamed.title).toBe('Sitting bunny');
    const named = await createDraft(t.app, token, {
      mode: 'A',
      source_upload_id: up.json().upload.id,
      title: 'My cube',
    });
    expect(named.title).toBe('My cube');
    const dashboard = await t.app.inject({ url: '/api/me/dashboard', headers: bearer(token) });
    expect(dashboard.json().drafts.map((d: { title: string }) => d.title)).toContain('Sitting bunny');
  });

  it('refuses a prompt’s design for a use its words describe at once, with the rule', async () => {
    const publish = async (prompt: string) => {
      const draft = await createDraft(t.app, token, { mode: 'B', prompt, settings: { size: 12 } });
      const started = await t.app.inject({
        method: 'POST',
        url: `/api/design-drafts/${draft.id}/model-jobs`,
        headers: bearer(token),
      });
      await drain(t);
      const generated = await job(t.app, token, started.json().id);
      const published = await t.app.inject({
        method: 'POST',
        url: `/api/design-drafts/${draft.id}/publish`,
        headers: bearer(token),
        payload: { ...PUBLISH_BODY, title: 'A bench', description: 'A small bench to look at.' },
      });
      return { generated, published };
    };
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/design-drafts',
      headers: bearer(token),
      payload: { mode: 'B', prompt: 'a bench for two', settings: { size: 12 } },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: 'USE_CASE_BLOCKED',
      details: { use_case: 'structural', source: 'prompt', matched: 'bench for two' },
    });
    expect(refused.json().error.message).toContain('"bench for two"');
    expect(refused.json().error.message).toContain('must not carry structural loads such as people');
    const ornament = await publish('a brown garden bench with a green back');
    expect(ornament.generated.artefacts.generation).toMatchObject({ status: 'success' });
    expect(ornament.published.statusCode).toBe(201);
  });
});
