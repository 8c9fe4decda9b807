/**
 * Issue 12, "Pose": a draft with no up axis (null) is built in the pose the mesher chooses, and the
 * draft API reports it (up, the side it stands on, auto or given, and why); naming an up axis and
 * rebuilding builds that one instead, reported as given.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, register } from './support/auth-helpers';
import { createDraft, drain, STL_MODELS, upload } from './support/create-helpers';
import { createTestApp, type TestApp } from './support/test-app';

/** The Stanford bunny drawn y-up, in an STL (whose convention is z-up): on z it lies on its back. */
const BUNNY_STL = fs.readFileSync(path.join(STL_MODELS, 'objects/bunny.bin.stl'));

describe('the pose of a draft kit', () => {
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

  it('chooses the pose when the upload names no up axis, reports it, and builds the one named on rebuild', async () => {
    const up = await upload(t.app, token, BUNNY_STL, 'bunny.stl');
    expect(up.statusCode).toBe(201);
    const draft = await createDraft(t.app, token, {
      mode: 'A',
      source_upload_id: up.json().upload.id,
      settings: { size: 16 },
    });
    expect(draft.settings.up_axis).toBeNull();
    expect((await post(`/api/design-drafts/${draft.id}/model-jobs`)).statusCode).toBe(202);
    await drain(t);
    expect((await post(`/api/design-drafts/${draft.id}/block-kit-jobs`)).statusCode).toBe(202);
    await drain(t);

    const built = await get(draft.id);
    expect(built).toMatchObject({
      stage: 'kit_ready',
      validation_state: 'valid',
      settings: { up_axis: null },
    });
    expect(built.artefacts.summary).toMatchObject({ stability: 'stable' });
    const pose = built.artefacts.pose;
    expect(pose).toMatchObject({
      up: 'y',
      standing_on: '-y',
      chosen: 'auto',
      file_up: 'z',
      reason_code: 'other-up',
    });
    // Turned, and it says so: the STL's own up tips the bunny over; y, the other usual up, stands.
    expect(pose.reason).toMatch(
      /^turned from the file's own up: the file's own up \(z\) tips over.*; the other usual up \(y\) stands: tips at \d+\.\d°, \d+% overhang$/,
    );
    expect(pose.contact_cells).toBeGreaterThan(0);
    expect(pose.tipping_margin_deg).toBeGreaterThan(10);
    expect(pose.candidates.find((c: { up: string }) => c.up === 'y').tipping_margin_deg).toBe(
      pose.tipping_margin_deg,
    );
    expect(pose.candidates.map((c: { up: string }) => c.up)).toEqual(['x', 'y', 'z', '-x', '-y', '-z']);
    expect(pose.candidates.find((c: { up: string }) => c.up === 'z').stands).toBe(false);
    expect(pose.candidates.find((c: { up: string }) => c.up === 'y').stands).toBe(true);

    // The person turns the model: z named, rebuilt; the draft reports the pose as given.
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/design-drafts/${draft.id}`,
      headers: bearer(token),
      payload: { settings: { up_axis: 'z' } },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().artefacts.pose).toBeNull();
    expect((await post(`/api/design-drafts/${draft.id}/block-kit-jobs`)).statusCode).toBe(202);
    await drain(t);
    const turned = await get(draft.id);
    expect(turned.artefacts.pose).toMatchObject({
      up: 'z',
      standing_on: '-z',
      chosen: 'given',
      file_up: 'z',
      reason_code: 'given',
      candidates: [],
    });
    expect(turned.validation.build.buildable).toBe(false);
  });
});
