/**
 * Rebuilding a draft's kit with other settings, through the HTTP API: after a kit with problems
 * (the bunny "would tip over" standing on its file's up axis, z, when that is named), "Apply and rebuild" must bring the
 * draft back to "model checked" so its kit build starts, and never leave it with no job and no
 * way on.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, register } from './support/auth-helpers';
import { createDraft, drain, STL_MODELS, upload } from './support/create-helpers';
import { createTestApp, type TestApp } from './support/test-app';

const BUNNY_STL = fs.readFileSync(path.join(STL_MODELS, 'objects/bunny.bin.stl'));
const REPAIR_SQL = fs.readFileSync(
  path.resolve(import.meta.dirname, '../src/db/migrations/0013_rebuildable_drafts.sql'),
  'utf8',
);

describe('rebuilding a draft after a kit with problems', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await register(t.app)).access_token;
  });
  afterAll(async () => t.close());

  const get = async (id: string) =>
    (await t.app.inject({ url: `/api/design-drafts/${id}`, headers: bearer(token) })).json();
  const post = (url: string) => t.app.inject({ method: 'POST', url, headers: bearer(token) });
  /** A bunny draft whose model job has run (model checked, no kit yet). */
  const checkedBunny = async () => {
    const up = await upload(t.app, token, BUNNY_STL, 'bunny.stl');
    const draft = await createDraft(t.app, token, {
      mode: 'A',
      source_upload_id: up.json().upload.id,
      settings: { size: 16 },
    });
    await post(`/api/design-drafts/${draft.id}/model-jobs`);
    await drain(t);
    return draft;
  };

  it('starts the kit build again once other settings are applied, and the new kit replaces the failed one', async () => {
    const up = await upload(t.app, token, BUNNY_STL, 'sitting_bunny.stl');
    expect(up.statusCode).toBe(201);
    // z named: by default the mesher now stands this y-up bunny on its feet (draft-pose.test.ts).
    const draft = await createDraft(t.app, token, {
      mode: 'A',
      source_upload_id: up.json().upload.id,
      settings: { size: 24, up_axis: 'z' },
    });
    expect((await post(`/api/design-drafts/${draft.id}/model-jobs`)).statusCode).toBe(202);
    await drain(t);
    expect((await post(`/api/design-drafts/${draft.id}/block-kit-jobs`)).statusCode).toBe(202);
    await drain(t);

    const failed = await get(draft.id);
    expect(failed).toMatchObject({ stage: 'kit_ready', validation_state: 'invalid' });
    expect(failed.validation.build).toMatchObject({ buildable: false });
    const stability = failed.validation.build.stability;
    expect(stability).not.toBe('stable');

    // Apply and rebuild: another up direction.
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/design-drafts/${draft.id}`,
      headers: bearer(token),
      payload: { settings: { up_axis: 'y' } },
    });
    expect(patched.statusCode).toBe(200);
    const applied = patched.json();
    // Back at "model checked": the model passed, and only the kit is to be made again.
    expect(applied).toMatchObject({
      stage: 'model_ready',
      validation_state: 'valid',
      jobs: { block_kit: null },
      artefacts: { kit_url: null, preview_png_url: null, summary: null },
    });
    expect(applied.validation.mesh).toBeDefined();
    expect(applied.validation.build).toBeUndefined();

    // The kit build starts (the app starts it on seeing "model checked") and runs.
    const started = await post(`/api/design-drafts/${draft.id}/block-kit-jobs`);
    expect(started.statusCode).toBe(202);
    await drain(t);
    const rebuilt = await get(draft.id);
    expect(rebuilt.jobs.block_kit).toBe(started.json().id);
    expect(rebuilt.stage).toBe('kit_ready');
    expect(rebuilt.settings.up_axis).toBe('y');
    expect(rebuilt.artefacts.summary).not.toBeNull();
    expect(rebuilt.validation.build).toBeDefined();
  });

  it('a draft left stuck by the old rebuild (model checked, kit problems kept, no job) can build again', async () => {
    const draft = await checkedBunny();
    // What the old "Apply and rebuild" left behind after a kit with problems.
    await t.database.db
      .updateTable('design_drafts')
      .set({
        validation_state: 'invalid',
        validation: JSON.stringify({
          mesh: (await get(draft.id)).validation.mesh,
          build: { buildable: false, allowed: true, stability: 'tips_over', problems: [] },
        }),
      })
      .where('id', '=', draft.id)
      .execute();
    // The API builds its kit even so (the model passed)...
    const started = await post(`/api/design-drafts/${draft.id}/block-kit-jobs`);
    expect(started.statusCode).toBe(202);
    await drain(t);
    expect((await get(draft.id)).stage).toBe('kit_ready');
  });

  it('migration 0013 puts a stuck draft back at "model checked", so the app builds its kit', async () => {
    const draft = await checkedBunny();
    const mesh = (await get(draft.id)).validation.mesh;
    await t.database.db
      .updateTable('design_drafts')
      .set({
        validation_state: 'invalid',
        validation: JSON.stringify({
          mesh,
          build: { buildable: false, allowed: true, stability: 'tips_over', problems: [] },
        }),
      })
      .where('id', '=', draft.id)
      .execute();
    await sql.raw(REPAIR_SQL).execute(t.database.db);
    const repaired = await get(draft.id);
    expect(repaired).toMatchObject({ stage: 'model_ready', validation_state: 'valid', validation: { mesh } });
    expect(repaired.validation.build).toBeUndefined();
  });
});
