/** Create and publish, end to end through the API: uploads, drafts, jobs, publishing. */
import fs from 'node:fs';
import path from 'node:path';
import { parseKit } from '@kitwright/mesher';
import { strToU8, zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressedGlb, cube } from '../../../packages/mesher/test/helpers/model-fixtures';
import { bearer, register } from './support/auth-helpers';
import {
  CUBE_STL,
  createDraft,
  drain,
  job,
  kitReadyDraft,
  PUBLISH_BODY,
  STL_MODELS,
  upload,
} from './support/create-helpers';
import { createTestApp, type TestApp } from './support/test-app';

/** A box's corner i (bit 0: x, bit 1: y, bit 2: z, each 0 or 1) and its 12 triangles wound outwards. */
const boxCorner = (i: number) => [i & 1, (i >> 1) & 1, (i >> 2) & 1];
const BOX_TRIANGLES = [
  0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4, 2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6, 1, 3, 5, 3, 7, 5,
];

/** The broken STLs whose only fault is their normals: accepted with this note (issue 12). */
const NORMAL_NOTES: Record<string, string> = {
  'missingNormal.ascii.stl': 'MISSING_NORMAL',
  'notANumberNormal.ascii.stl': 'NON_FINITE_NORMAL',
  'wrongNormal.ascii.stl': 'NORMALS_DISAGREE',
  'wrongNormals.ascii.stl': 'ZERO_NORMALS',
};
/** A binary STL whose header starts with "solid": read as binary in a strict upload, with a note. */
const HEADER_NOTE = { 'wrongHeader.bin.stl': 'BINARY_STL_SOLID_HEADER' };
const NOTED: Record<string, string> = { ...NORMAL_NOTES, ...HEADER_NOTE };

describe('create and publish', () => {
  let t: TestApp;
  let token: string;
  let userId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const user = await register(t.app);
    token = user.access_token;
    userId = user.user.id;
  });
  afterAll(async () => t.close());

  it('lists drafts newest first in keyset pages, and refuses a cursor it did not make', async () => {
    const me = await register(t.app);
    const made: string[] = [];
    for (const prompt of ['a bench', 'a tower', 'a crate'])
      made.push((await createDraft(t.app, me.access_token, { mode: 'B', prompt })).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await t.app.inject({
        url: `/api/design-drafts?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        headers: bearer(me.access_token),
      });
      expect(res.statusCode).toBe(200);
      const body = res.json() as { items: { id: string }[]; next_cursor: string | null };
      seen.push(...body.items.map((d) => d.id));
      cursor = body.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen).toEqual([...made].reverse());
    for (const bad of ['nonsense', Buffer.from('2026-01-01T00:00:00Z|not-an-id').toString('base64url')]) {
      const res = await t.app.inject({
        url: `/api/design-drafts?cursor=${bad}`,
        headers: bearer(me.access_token),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: { fields: { cursor: 'is invalid' } },
      });
    }
  });

  it('Mode A: upload, model job, block-kit job with steps and progress, publish, and see the listing', async () => {
    const up = await upload(t.app, token, CUBE_STL, 'my cube.stl');
    expect(up.statusCode).toBe(201);
    const file = up.json().upload;
    expect(file).toMatchObject({
      kind: 'source_model',
      format: 'stl',
      byte_size: CUBE_STL.length,
      mesh: { triangles: 12, watertight: true },
    });
    expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
    // The same bytes again are the same stored file.
    const again = await upload(t.app, token, CUBE_STL, 'copy.stl');
    expect(again.statusCode).toBe(200);
    expect(again.json().upload.id).toBe(file.id);

    const draft = await createDraft(t.app, token, {
      mode: 'A',
      source_upload_id: file.id,
      title: 'Cube',
      settings: { size: 16 },
    });
    expect(draft).toMatchObject({
      mode: 'A',
      stage: 'created',
      validation_state: 'pending',
      source_upload: { id: file.id, format: 'stl' },
    });
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/design-drafts/${draft.id}/model-jobs`,
      headers: bearer(token),
    });
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({
      type: 'model',
      status: 'queued',
      can_cancel: true,
      can_retry: false,
    });
    await drain(t);
    const modelJob = await job(t.app, token, started.json().id);
    expect(modelJob).toMatchObject({ status: 'succeeded', progress: 1, attempts: 1 });
    expect(modelJob.steps.map((s: { name: string; status: string }) => `${s.name}:${s.status}`)).toEqual([
      'fetch_source:done',
      'inspect:done',
    ]);

    const kitJob = await t.app.inject({
      method: 'POST',
      url: `/api/design-drafts/${draft.id}/block-kit-jobs`,
      headers: bearer(token),
    });
    expect(kitJob.statusCode).toBe(202);
    await drain(t);
    const done = await job(t.app, token, kitJob.json().id);
    expect(done.status).toBe('succeeded');
    expect(done.steps.map((s: { name: string }) => s.name)).toEqual([
      'fetch_source',
      'voxelise',
      'layout',
      'validate',
      'preview',
      'store',
    ]);
    expect(done.steps.every((s: { status: string }) => s.status === 'done')).toBe(true);

    const ready = (
      await t.app.inject({ url: `/api/design-drafts/${draft.id}`, headers: bearer(token) })
    ).json();
    expect(ready).toMatchObject({ stage: 'kit_ready', validation_state: 'valid' });
    expect(ready.artefacts.summary).toMatchObject({ components: 1, stability: 'stable' });
    // The joint model's verdict travels with the summary (typed in the contracts, not stripped).
    expect(['stands', 'stands_with_weak_points']).toContain(ready.artefacts.summary.stability_verdict);
    expect(ready.artefacts.summary.overloaded_joint_count).toBe(0);
    expect(ready.validation.build.structural_verdict).toBe(ready.artefacts.summary.stability_verdict);
    // How far it can be tilted before it tips (issue 48): in the summary and the validator's report.
    expect(ready.artefacts.summary.tipping_margin_deg).toBeGreaterThan(0);
    expect(ready.validation.build.tipping_margin_deg).toBe(ready.artefacts.summary.tipping_margin_deg);
    // Steps where the half-built model is held upright: counted in the summary, listed by the validator.
    const held: { from_step: number; to_step: number }[] = ready.validation.build.held_steps;
    expect(ready.artefacts.summary.held_step_count).toBe(
      held.reduce((n, run) => n + run.to_step - run.from_step + 1, 0),
    );
    // Joint loads after every step: steps to prop are counted in the summary, the validator says
    // how many steps it solved and that none is overloaded unpropped.
    const during = ready.validation.build.build_joints;
    expect(during.steps_checked).toBeGreaterThan(0);
    expect(during.steps_checked).toBeLessThan(during.steps);
    expect(during.overloaded_at_step).toBeNull();
    expect(ready.artefacts.summary.supported_step_count).toBe(
      during.supported_steps.reduce(
        (n: number, run: { from_step: number; to_step: number }) => n + run.to_step - run.from_step + 1,
        0,
      ),
    );
    expect(ready.artefacts.summary.part_count).toBeLessThan(ready.artefacts.summary.baseline_count);
    // Both reductions: blocks alone, and blocks and pins together (lower, since pins are counted).
    const { reduction, reduction_with_pins, added_block_count } = ready.artefacts.summary;
    expect(reduction_with_pins).toBeGreaterThan(0);
    expect(reduction_with_pins).toBeLessThan(reduction);
    expect(added_block_count).toBe(0);
    const svg = await t.app.inject({ url: ready.artefacts.preview_url, headers: bearer(token) });
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.body).toContain('<svg');
    const png = await t.app.inject({ url: ready.artefacts.preview_png_url, headers: bearer(token) });
    const meta = await sharp(png.rawPayload).metadata();
    expect(meta.format).toBe('png');
    // A 256-colour palette image: a third of the bytes of a full-colour one.
    expect(meta.isPalette).toBe(true);
    // Before publishing, the kit is the owner's alone.
    expect((await t.app.inject({ url: ready.artefacts.kit_url })).statusCode).toBe(404);

    const published = await t.app.inject({
      method: 'POST',
      url: `/api/design-drafts/${draft.id}/publish`,
      headers: bearer(token),
      payload: PUBLISH_BODY,
    });
    expect(published.statusCode).toBe(201);
    const listing = published.json();
    expect(listing).toMatchObject({
      slug: 'a-small-cube',
      title: 'A small cube',
      visibility: 'public',
      moderation_state: 'approved',
      use_case: 'decorative',
      owner: { id: userId },
      creator: { id: userId },
      commerce_state: 'interest_only',
      licence_version: '2026-11-01',
    });
    expect(listing.attribution).toMatch(/^Designed and owned by /);
    expect(listing.bill_of_materials.blocks.length).toBeGreaterThan(0);
    expect(JSON.stringify(listing)).not.toMatch(/kitwright (owns|owned)|owned by kitwright/i);

    const seen = await t.app.inject(`/api/listings/${listing.slug}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().id).toBe(listing.id);
    const listingKit = await t.app.inject(listing.media.kit_url);
    expect(listingKit.statusCode).toBe(200);
    // The listing's kit file is the compact document; it reads back as the kit the summary counts.
    expect(listingKit.json().version).toBe('kitwright.blockkit/3');
    const kit = parseKit(listingKit.body);
    const bom = listing.bill_of_materials as { blocks: { count: number }[]; fasteners: { count: number }[] };
    expect(kit.blocks).toHaveLength(bom.blocks.reduce((n, l) => n + l.count, 0));
    expect(kit.steps.reduce((n, s) => n + s.pinCount, 0)).toBe(
      bom.fasteners.reduce((n, l) => n + l.count, 0),
    );
    const draftAfter = (
      await t.app.inject({ url: `/api/design-drafts/${draft.id}`, headers: bearer(token) })
    ).json();
    expect(draftAfter).toMatchObject({
      publish_state: 'published',
      stage: 'published',
      listing_id: listing.id,
    });

    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'listing.published')
      .where('resource_id', '=', listing.id)
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ draft_id: draft.id, visibility: 'public' });
    const event = await t.database.db
      .selectFrom('product_events')
      .selectAll()
      .where('name', '=', 'listing_published')
      .executeTakeFirstOrThrow();
    expect(event.properties).toEqual({
      listing_id: listing.id,
      draft_id: draft.id,
      visibility: 'public',
      mode: 'A',
    });
    // Optional analytics need consent: without it create_started and draft_saved were dropped.
    const names = (
      await t.database.db.selectFrom('product_events').select('name').where('user_id', '=', userId).execute()
    ).map((e) => e.name);
    expect(names).toContain('listing_published');
    expect(names).not.toContain('draft_saved');
    await t.app.inject({
      method: 'PATCH',
      url: `/api/design-drafts/${draft.id}`,
      headers: { ...bearer(token), 'x-analytics-consent': 'granted' },
      payload: { title: 'Cube!' },
    });
    const saved = await t.database.db
      .selectFrom('product_events')
      .selectAll()
      .where('name', '=', 'draft_saved')
      .executeTakeFirst();
    expect(saved).toBeUndefined(); // a published draft cannot be edited, so nothing was saved
    const consented = await createDraft(
      t.app,
      token,
      { mode: 'B', prompt: 'an arch' },
      { 'x-analytics-consent': 'granted' },
    );
    const events = await t.database.db
      .selectFrom('product_events')
      .selectAll()
      .where('user_id', '=', userId)
      .where('name', 'in', ['create_started', 'draft_saved'])
      .execute();
    expect(events.map((e) => e.properties)).toEqual(
      expect.arrayContaining([
        {
          mode: 'B',
          source_surface: 'web',
          signed_in: true,
          source_attribution: { first_touch: null, last_touch: null },
        },
        { draft_id: consented.id, mode: 'B', stage: 'created', has_model: true, has_block_kit: false },
      ]),
    );

    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/design-drafts/${draft.id}/publish`,
      headers: bearer(token),
      payload: PUBLISH_BODY,
    });
    expect(twice.statusCode).toBe(409);
  });

  it('Mode B: a prompt becomes a kit through the generator, and publishes with a unique slug', async () => {
    const draft = await createDraft(t.app, token, {
      mode: 'B',
      prompt: 'a 30 cm tower with a red roof',
      title: 'Tower',
    });
    expect(draft).toMatchObject({ mode: 'B', prompt: 'a 30 cm tower with a red roof', source_upload: null });
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/design-drafts/${draft.id}/model-jobs`,
      headers: bearer(token),
    });
    await drain(t);
    const done = await job(t.app, token, started.json().id);
    expect(done.status).toBe('succeeded');
    expect(done.artefacts.generation).toMatchObject({ status: 'success' });
    const ready = (
      await t.app.inject({ url: `/api/design-drafts/${draft.id}`, headers: bearer(token) })
    ).json();
    expect(ready.stage).toBe('kit_ready');
    expect(ready.artefacts.summary.colours).toContain('red');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/design-drafts/${draft.id}/publish`,
      headers: bearer(token),
      payload: PUBLISH_BODY,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().slug).toMatch(/^a-small-cube-[0-9a-f]{6}$/);
    expect(res.json().mode).toBe('B');
  });

  it('Mode B: a prompt it cannot follow in full comes back degraded with its reason', async () => {
    const draft = await createDraft(t.app, token, {
      mode: 'B',
      prompt: 'a vaguely nice lighthouse for my mum',
    });
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/design-drafts/${draft.id}/model-jobs`,
      headers: bearer(token),
    });
    await drain(t);
    const done = await job(t.app, token, started.json().id);
    expect(done.artefacts.generation.status).toBe('degraded');
    expect(done.artefacts.generation.reason).toContain('vaguely');
  });

  it('refuses to publish without a valid kit, for a blocked use, with risky safety answers or an old licence', async () => {
    const bare = await createDraft(t.app, token, { mode: 'B', prompt: 'a planter' });
    const notReady = await t.app.inject({
      method: 'POST',
      url: `/api/design-drafts/${bare.id}/publish`,
      headers: bearer(token),
      payload: PUBLISH_BODY,
    });
    expect(notReady.statusCode).toBe(422);
    expect(notReady.json().error.code).toBe('KIT_NOT_READY');
    const draft = await kitReadyDraft(t.app, t, token);
    const attempt = (changes: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/design-drafts/${draft.id}/publish`,
        headers: bearer(token),
        payload: { ...PUBLISH_BODY, ...changes },
      });
    const blocked = await attempt({ use_case: 'structural' });
    expect(blocked.json().error).toMatchObject({
      code: 'USE_CASE_BLOCKED',
      details: { use_case: 'structural' },
    });
    expect(blocked.json().error.message).toMatch(/structural/i);
    const child = await attempt({ use_case: 'child_use' });
    expect(child.json().error.code).toBe('USE_CASE_BLOCKED');
    const risky = await attempt({ safety: { ...PUBLISH_BODY.safety, contains_electrics: true } });
    expect(risky.json().error).toMatchObject({
      code: 'GATE_NOT_MET',
      details: { gate: 'safety', answers: ['contains_electrics'] },
    });
    const oldLicence = await attempt({ licence: { accepted: true, version: '2025-01-01' } });
    expect(oldLicence.json().error).toMatchObject({
      code: 'GATE_NOT_MET',
      details: { gate: 'licence', current_version: '2026-11-01' },
    });
    const noLicence = await attempt({ licence: { accepted: false, version: '2026-11-01' } });
    expect(noLicence.statusCode).toBe(400);
    const flagged = await attempt({
      description: 'A cube for kids to stack. Email me at maker@example.com for more!',
    });
    expect(flagged.statusCode).toBe(201);
    expect(flagged.json().moderation_state).toBe('pending');
    // A pending listing is not public yet.
    expect((await t.app.inject(`/api/listings/${flagged.json().id}`)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/listings/${flagged.json().id}`, headers: bearer(token) })).statusCode,
    ).toBe(200);
  });

  it('refuses publishing and Mode B while their flags are off', async () => {
    const draft = await kitReadyDraft(t.app, t, token);
    await t.controls.setFlag('publishing', false, { type: 'operator', id: 'operator' });
    await t.controls.setFlag('modeB', false, { type: 'operator', id: 'operator' });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/design-drafts/${draft.id}/publish`,
        headers: bearer(token),
        payload: PUBLISH_BODY,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'FEATURE_DISABLED', details: { flag: 'publishing' } });
      const b = await t.app.inject({
        method: 'POST',
        url: '/api/design-drafts',
        headers: bearer(token),
        payload: { mode: 'B', prompt: 'an arch' },
      });
      expect(b.json().error).toMatchObject({ code: 'FEATURE_DISABLED', details: { flag: 'modeB' } });
    } finally {
      await t.controls.setFlag('publishing', true, { type: 'operator', id: 'operator' });
      await t.controls.setFlag('modeB', true, { type: 'operator', id: 'operator' });
    }
  });

  it('keeps drafts, jobs and unpublished files private: 404 for anyone else, 401 without a session', async () => {
    const draft = await kitReadyDraft(t.app, t, token);
    const other = await register(t.app);
    const theirs = bearer(other.access_token);
    expect((await t.app.inject({ url: `/api/design-drafts/${draft.id}`, headers: theirs })).statusCode).toBe(
      404,
    );
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/design-drafts/${draft.id}`,
          headers: theirs,
          payload: { title: 'mine' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/design-drafts/${draft.id}/block-kit-jobs`,
          headers: theirs,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/design-drafts/${draft.id}/publish`,
          headers: theirs,
          payload: PUBLISH_BODY,
        })
      ).statusCode,
    ).toBe(404);
    for (const id of [draft.jobs.model, draft.jobs.block_kit]) {
      const res = await t.app.inject({ url: `/api/jobs/${id}`, headers: theirs });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(draft.id);
      expect(
        (await t.app.inject({ method: 'POST', url: `/api/jobs/${id}/cancel`, headers: theirs })).statusCode,
      ).toBe(404);
    }
    expect((await t.app.inject({ url: draft.artefacts.kit_url, headers: theirs })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/design-drafts/${draft.id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/media/uploads' })).statusCode).toBe(401);
  });

  it('takes a negative up axis (-z) in the draft settings and builds the kit with it', async () => {
    const up = await upload(t.app, token, CUBE_STL, 'cube.stl');
    const draft = await createDraft(t.app, token, {
      mode: 'A',
      source_upload_id: up.json().upload.id,
      title: 'Upside down',
      settings: { size: 16, up_axis: '-z' },
    });
    expect(draft.settings).toMatchObject({ size: 16, up_axis: '-z' });
    for (const kind of ['model-jobs', 'block-kit-jobs']) {
      const started = await t.app.inject({
        method: 'POST',
        url: `/api/design-drafts/${draft.id}/${kind}`,
        headers: bearer(token),
      });
      expect(started.statusCode).toBe(202);
      await drain(t);
    }
    const built = (
      await t.app.inject({ url: `/api/design-drafts/${draft.id}`, headers: bearer(token) })
    ).json();
    expect(built).toMatchObject({ stage: 'kit_ready', settings: { up_axis: '-z' } });
    const kitJob = await t.database.db
      .selectFrom('jobs')
      .select('payload')
      .where('id', '=', built.jobs.block_kit)
      .executeTakeFirstOrThrow();
    expect(kitJob.payload).toMatchObject({ up_axis: '-z' });
    // Every axis and its negative is accepted; anything else is a validation error.
    for (const axis of ['x', '-x', 'y', '-y', 'z'])
      expect(
        (
          await t.app.inject({
            method: 'PATCH',
            url: `/api/design-drafts/${draft.id}`,
            headers: bearer(token),
            payload: { settings: { up_axis: axis } },
          })
        ).json().settings.up_axis,
      ).toBe(axis);
    const wrong = await t.app.inject({
      method: 'PATCH',
      url: `/api/design-drafts/${draft.id}`,
      headers: bearer(token),
      payload: { settings: { up_axis: '+w' } },
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('a PATCH with new settings makes the kit stale', async () => {
    const draft = await kitReadyDraft(t.app, t, token);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/design-drafts/${draft.id}`,
      headers: bearer(token),
      payload: { settings: { size: 20 }, title: 'Bigger cube' },
    });
    expect(patched.json()).toMatchObject({
      title: 'Bigger cube',
      stage: 'model_ready',
      settings: { size: 20 },
      artefacts: { kit_url: null },
    });
    const kit = await t.app.inject({
      method: 'POST',
      url: `/api/design-drafts/${draft.id}/block-kit-jobs`,
      headers: bearer(token),
    });
    expect(kit.statusCode).toBe(202);
  });
});

describe('uploads decide by bytes, strip metadata, and refuse broken files cleanly', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await register(t.app)).access_token;
  });
  afterAll(async () => t.close());

  async function storedFiles(): Promise<string[]> {
    const walk = (dir: string): string[] =>
      fs.existsSync(dir)
        ? fs
            .readdirSync(dir, { withFileTypes: true })
            .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [e.name]))
        : [];
    return walk(t.storageDir);
  }

  it('re-encodes images so EXIF and GPS data never survive, whatever the file is called', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'SnoopCam', Model: 'X1' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
      })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload(t.app, token, jpeg, 'holiday.stl');
    expect(res.statusCode).toBe(201);
    const file = res.json().upload;
    expect(file).toMatchObject({
      kind: 'image',
      format: 'jpeg',
      content_type: 'image/jpeg',
      width: 64,
      height: 48,
    });
    const content = await t.app.inject({ url: file.url, headers: bearer(token) });
    const meta = await sharp(content.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(content.rawPayload.includes(Buffer.from('SnoopCam'))).toBe(false);
  });

  it('refuses a file that is neither a model nor an image with 415, stores nothing, and emits the event', async () => {
    const before = await storedFiles();
    const res = await upload(t.app, token, Buffer.from('%PDF-1.7 not a model at all'), 'model.stl');
    expect(res.statusCode).toBe(415);
    expect(res.json().error.details).toMatchObject({ reason_code: 'UNSUPPORTED_FORMAT' });
    expect(await storedFiles()).toEqual(before);
  });

  it('every broken STL of the test set gets a clear 4xx, nothing stored, and upload_validation_failed', async () => {
    const dir = path.join(STL_MODELS, 'broken');
    const all = fs.readdirSync(dir).sort();
    expect(all).toHaveLength(14);
    // Wrong, missing or zero normals are notes, not refusals (see the test below).
    const names = all.filter((name) => !NOTED[name]);
    // The uploads name a draft of this person (an upload may name only one of theirs).
    const draftId = (
      await createDraft(t.app, token, { mode: 'B', prompt: 'a small boat', settings: { size: 12 } })
    ).id;
    const before = await storedFiles();
    const rowsBefore = await t.database.db.selectFrom('media_files').select('id').execute();
    const outcomes: Record<string, { status: number; reason: string; recoverable: boolean }> = {};
    for (const name of names) {
      const res = await upload(
        t.app,
        token,
        fs.readFileSync(path.join(dir, name)),
        name,
        `?draft_id=${draftId}`,
      );
      const error = res.json().error;
      expect(error?.message?.length ?? 0, name).toBeGreaterThan(10);
      outcomes[name] = {
        status: res.statusCode,
        reason: error?.details?.reason_code,
        recoverable: error?.details?.recoverable === true,
      };
    }
    // Strict by default: every file is refused with the problem named; the ones a repair can get
    // past say so, with how to fix them.
    expect(outcomes).toEqual({
      'empty.stl': { status: 422, reason: 'EMPTY_FILE', recoverable: false },
      'fourVertices.ascii.stl': { status: 422, reason: 'MALFORMED_ASCII', recoverable: false },
      'incorrectFaceCounter.bin.stl': { status: 422, reason: 'FACE_COUNT_MISMATCH', recoverable: false },
      'missingEndsolid.ascii.stl': { status: 422, reason: 'MISSING_ENDSOLID', recoverable: true },
      'missingFace.ascii.stl': { status: 422, reason: 'NOT_ENCLOSED', recoverable: true },
      'quad.ascii.stl': { status: 422, reason: 'MALFORMED_ASCII', recoverable: false },
      'singleFace.ascii.stl': { status: 422, reason: 'FLAT_MODEL', recoverable: false },
      'solidNameMismatch.ascii.stl': { status: 422, reason: 'SOLID_NAME_MISMATCH', recoverable: true },
      'twoVertices.ascii.stl': { status: 422, reason: 'MALFORMED_ASCII', recoverable: false },
    });
    const rowsAfter = await t.database.db.selectFrom('media_files').select('id').execute();
    expect(rowsAfter.length).toBe(rowsBefore.length);
    expect((await storedFiles()).length).toBe(before.length);
    const events = await t.database.db
      .selectFrom('product_events')
      .selectAll()
      .where('name', '=', 'upload_validation_failed')
      .execute();
    const mine = events.filter((e) => (e.properties as { draft_id: string }).draft_id === draftId);
    expect(mine.map((e) => (e.properties as { reason_code: string }).reason_code).sort()).toEqual(
      Object.values(outcomes)
        .map((o) => o.reason)
        .sort(),
    );
    expect(mine[0]?.properties).toMatchObject({ session_id: null, size_bucket: 'under_1mb' });
  });

  it('accepts STLs with wrong, missing or zero normals, or a binary STL headed "solid", in a strict upload, with a note', async () => {
    for (const [name, code] of Object.entries(NOTED)) {
      const res = await upload(t.app, token, fs.readFileSync(path.join(STL_MODELS, 'broken', name)), name);
      expect(res.statusCode, name).toBe(201);
      const mesh = res.json().upload.mesh;
      expect(mesh).toMatchObject({ repaired: false, repairs: [] });
      expect(mesh.findings, name).toContainEqual({
        code,
        message: expect.stringMatching(name in HEADER_NOTE ? /read as binary/ : /normals were recomputed/),
      });
    }
  });

  it('an STL whose normals are all zero makes a draft that checks and builds, and keeps the note', async () => {
    // The cube with every facet normal written as 0 0 0, as many exporters do.
    const zero = Buffer.from(CUBE_STL);
    for (let f = 0; f < zero.readUInt32LE(80); f++)
      for (let k = 0; k < 3; k++) zero.writeFloatLE(0, 84 + 50 * f + 4 * k);
    const draft = await kitReadyDraft(t.app, t, token, zero);
    expect(draft).toMatchObject({ stage: 'kit_ready', validation_state: 'valid' });
    expect(draft.validation.build).toMatchObject({ buildable: true });
    expect(draft.validation.mesh.findings.map((f: { code: string }) => f.code)).toContain('ZERO_NORMALS');
    expect(draft.artefacts.summary.part_count).toBeGreaterThan(0);
  });

  it('keeps one copy of triangles listed twice, with a note, and reads an ASCII STL with a byte-order mark in capitals', async () => {
    // The cube with every facet written twice (a mesh saved twice into one file).
    const count = CUBE_STL.readUInt32LE(80);
    const records = CUBE_STL.subarray(84, 84 + 50 * count);
    const doubled = Buffer.concat([CUBE_STL.subarray(0, 84), records, records]);
    doubled.writeUInt32LE(count * 2, 80);
    const draft = await kitReadyDraft(t.app, t, token, doubled);
    expect(draft).toMatchObject({ stage: 'kit_ready', validation_state: 'valid' });
    expect(draft.validation.mesh.findings).toContainEqual({
      code: 'DUPLICATE_TRIANGLES',
      message: expect.stringMatching(new RegExp(`^${count} triangles were listed twice`)),
    });

    // The same cube as Windows text: a byte-order mark, keywords in capitals, CRLF line ends.
    const lines = ['\uFEFFSOLID CUBE'];
    for (let f = 0; f < count; f++) {
      lines.push('  FACET NORMAL 0 0 0', '    OUTER LOOP');
      for (let v = 0; v < 3; v++) {
        const at = 84 + 50 * f + 12 + 12 * v;
        lines.push(`      VERTEX ${[0, 4, 8].map((k) => CUBE_STL.readFloatLE(at + k)).join(' ')}`);
      }
      lines.push('    ENDLOOP', '  ENDFACET');
    }
    lines.push('ENDSOLID CUBE', '');
    const res = await upload(t.app, token, Buffer.from(lines.join('\r\n')), 'cube.stl');
    expect(res.statusCode).toBe(201);
    expect(res.json().upload.mesh).toMatchObject({ triangles: count });
  });

  it('builds a PLY cylinder whose caps are single 32-corner faces with colours per face, as Blender and MeshLab write it', async () => {
    const n = 32;
    const ring = (y: number) =>
      Array.from({ length: n }, (_, i) => {
        const a = (2 * Math.PI * i) / n;
        return `${(10 * Math.cos(a)).toFixed(6)} ${y} ${(10 * Math.sin(a)).toFixed(6)}`;
      });
    const faces = [
      [...Array(n).keys()],
      [...Array(n).keys()].map((i) => 2 * n - 1 - i),
      ...[...Array(n).keys()].map((i) => [i, n + i, n + ((i + 1) % n), (i + 1) % n]),
    ];
    const ply = [
      'ply',
      'format ascii 1.0',
      `element vertex ${2 * n}`,
      'property float x',
      'property float y',
      'property float z',
      `element face ${faces.length}`,
      'property list uchar uint vertex_indices',
      'property uchar red',
      'property uchar green',
      'property uchar blue',
      'property uchar alpha',
      'end_header',
      ...ring(0),
      ...ring(30),
      ...faces.map((f, i) => `${f.length} ${f.join(' ')} ${i < 2 ? '200 30 30' : '30 30 200'} 255`),
      '',
    ].join('\n');
    const res = await upload(t.app, token, Buffer.from(ply), 'cylinder.ply');
    expect(res.statusCode, res.body).toBe(201);
    // Two caps of 30 triangles and 32 sides of 2: before, both caps were dropped (an open tube)
    // and a file with colours per face was refused as cut off.
    expect(res.json().upload.mesh).toMatchObject({ triangles: 2 * 30 + 2 * n, findings: [] });
    const draft = await kitReadyDraft(t.app, t, token, Buffer.from(ply));
    expect(draft).toMatchObject({ stage: 'kit_ready', validation_state: 'valid' });
    expect(draft.validation.build).toMatchObject({ buildable: true });
    expect(draft.artefacts.summary.part_count).toBeGreaterThan(0);
  });

  it("builds a Bambu Studio project 3MF: its object read from 3D/Objects, its modifier left out with a note, in its filaments' colours", async () => {
    // As Bambu Studio and OrcaSlicer save a project: the root model places one object whose two
    // components live in another model file; model_settings.config says the second is a modifier,
    // project_settings.config gives the filaments' colours, and the top is painted in filament 2.
    const box = (x0: number, y0: number, z0: number, s: number, first: number, paintTop = false) => {
      const v = [...Array(8).keys()].map((i) => {
        const [x, y, z] = boxCorner(i).map((c) => c * s);
        return `<vertex x="${x0 + x!}" y="${y0 + y!}" z="${z0 + z!}"/>`;
      });
      // The top is triangles 2 and 3.
      const faces = [...Array(12).keys()].map((t) => {
        const [a, b, c] = BOX_TRIANGLES.slice(t * 3, t * 3 + 3);
        return `<triangle v1="${first + a!}" v2="${first + b!}" v3="${first + c!}"${paintTop && (t === 2 || t === 3) ? ' paint_color="8"' : ''}/>`;
      });
      return { vertices: v.join(''), triangles: faces.join('') };
    };
    const ns =
      'xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02" xmlns:p="http://schemas.microsoft.com/3dmanufacturing/production/2015/06" requiredextensions="p"';
    const body = box(0, 0, 0, 20, 0, true);
    const modifier = box(5, 5, 15, 10, 0);
    const object = (id: number, b: { vertices: string; triangles: string }) =>
      `<object id="${id}" type="model"><mesh><vertices>${b.vertices}</vertices><triangles>${b.triangles}</triangles></mesh></object>`;
    const archive = Buffer.from(
      zipSync({
        '[Content_Types].xml': strToU8('<?xml version="1.0"?><Types/>'),
        '_rels/.rels': strToU8(
          '<Relationships><Relationship Target="/3D/3dmodel.model" Id="rel-1" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/></Relationships>',
        ),
        '3D/3dmodel.model': strToU8(
          `<?xml version="1.0" encoding="UTF-8"?><model unit="millimeter" ${ns}><resources><object id="3" type="model"><components><component p:path="/3D/Objects/object_1.model" objectid="1" transform="1 0 0 0 1 0 0 0 1 0 0 0"/><component p:path="/3D/Objects/object_1.model" objectid="2" transform="1 0 0 0 1 0 0 0 1 0 0 0"/></components></object></resources><build><item objectid="3" transform="1 0 0 0 1 0 0 0 1 128 128 0" printable="1"/></build></model>`,
        ),
        '3D/Objects/object_1.model': strToU8(
          `<?xml version="1.0" encoding="UTF-8"?><model unit="millimeter" ${ns}><resources>${object(1, body)}${object(2, modifier)}</resources><build/></model>`,
        ),
        'Metadata/model_settings.config': strToU8(
          '<?xml version="1.0" encoding="UTF-8"?><config><object id="3"><metadata key="name" value="Cube"/><part id="1" subtype="normal_part"/><part id="2" subtype="modifier_part"/></object></config>',
        ),
        'Metadata/project_settings.config': strToU8(
          JSON.stringify({ filament_colour: ['#0055BF', '#F2CD37'], filament_type: ['PLA', 'PLA'] }),
        ),
      }),
    );
    const res = await upload(t.app, token, archive, 'cube.3mf');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().upload.mesh).toMatchObject({
      triangles: 12,
      findings: [
        {
          code: 'SLICER_VOLUMES_LEFT_OUT',
          message: '1 modifier or support volume, which the slicer does not print, was left out.',
        },
      ],
    });
    const draft = await kitReadyDraft(t.app, t, token, archive);
    expect(draft).toMatchObject({ stage: 'kit_ready', validation_state: 'valid' });
    expect(draft.validation.build).toMatchObject({ buildable: true });
    // The 20 mm cube alone: the modifier poking 5 mm above it is not built.
    const kit = parseKit((await t.app.inject({ url: draft.artefacts.kit_url, headers: bearer(token) })).body);
    expect(kit.metrics.dimensions.cells).toEqual({ x: 16, y: 16, z: 16 });
    // Blue where filament 1 prints, yellow on top where filament 2 is painted (the top layer's
    // rim meets the blue sides too).
    const top = Math.max(...kit.blocks.map((b) => b.layer));
    const cells = (layer: number, colour: string) =>
      kit.blocks
        .filter((b) => b.layer === layer && b.colour === colour)
        .reduce((n, b) => n + b.size.x * b.size.y, 0);
    expect(new Set(kit.blocks.filter((b) => b.layer < top).map((b) => b.colour))).toEqual(new Set(['blue']));
    expect(cells(top, 'yellow')).toBeGreaterThan(cells(top, 'blue'));
  });

  it('builds a glTF downloaded as a ZIP (scene.gltf beside scene.bin), stored as the ZIP it came as', async () => {
    // The 20 mm cube: 8 corners as float32, 12 triangles as uint16 (wound inwards), in scene.bin.
    const corners = new Float32Array([...Array(8).keys()].flatMap((i) => boxCorner(i).map((c) => c * 20)));
    // Each triangle's last two corners swapped: wound inwards.
    const faces = new Uint16Array(BOX_TRIANGLES.map((_, i, all) => all[i - (i % 3) + [0, 2, 1][i % 3]!]!));
    const bin = new Uint8Array(corners.byteLength + faces.byteLength);
    bin.set(new Uint8Array(corners.buffer), 0);
    bin.set(new Uint8Array(faces.buffer), corners.byteLength);
    const gltf = {
      asset: { version: '2.0', generator: 'Sketchfab-16.0.0' },
      scene: 0,
      scenes: [{ nodes: [0] }],
      nodes: [{ mesh: 0, name: 'Cube' }],
      meshes: [{ primitives: [{ attributes: { POSITION: 0 }, indices: 1, material: 0 }] }],
      materials: [{ pbrMetallicRoughness: { baseColorFactor: [0.008, 0.09, 0.52, 1] } }],
      accessors: [
        { bufferView: 0, componentType: 5126, count: 8, type: 'VEC3', min: [0, 0, 0], max: [20, 20, 20] },
        { bufferView: 1, componentType: 5123, count: 36, type: 'SCALAR' },
      ],
      bufferViews: [
        { buffer: 0, byteOffset: 0, byteLength: corners.byteLength },
        { buffer: 0, byteOffset: corners.byteLength, byteLength: faces.byteLength },
      ],
      buffers: [{ uri: 'scene.bin', byteLength: bin.byteLength }],
    };
    const archive = Buffer.from(
      zipSync({
        'cube/scene.gltf': strToU8(JSON.stringify(gltf)),
        'cube/scene.bin': bin,
        'cube/license.txt': strToU8('CC-BY'),
      }),
    );
    const res = await upload(t.app, token, archive, 'cube.zip');
    expect(res.statusCode, res.body).toBe(201);
    // Its faces are wound inwards, as some exporters leave them: turned outwards, with a note.
    expect(res.json().upload).toMatchObject({
      format: 'gltf',
      content_type: 'application/zip',
      mesh: { triangles: 12, watertight: true, findings: [{ code: 'INSIDE_OUT' }] },
    });
    const draft = await kitReadyDraft(t.app, t, token, archive);
    expect(draft).toMatchObject({ stage: 'kit_ready', validation_state: 'valid' });
    expect(draft.validation.build).toMatchObject({ buildable: true });
    const kit = parseKit((await t.app.inject({ url: draft.artefacts.kit_url, headers: bearer(token) })).body);
    expect(new Set(kit.blocks.map((b) => b.colour))).toEqual(new Set(['blue']));

    // The same .gltf alone cannot reach its buffer: a clear 4xx naming the missing file.
    const alone = await upload(t.app, token, Buffer.from(JSON.stringify(gltf)), 'scene.gltf');
    expect(alone.statusCode).toBe(422);
    expect(alone.json().error.message).toMatch(/"scene\.bin", which the upload does not include/);
  });

  it('builds GLBs whose geometry is Draco- or meshopt-compressed, as gltf-transform writes them', async () => {
    for (const compression of ['draco', 'meshopt'] as const) {
      const file = Buffer.from(await compressedGlb(cube(20), compression, [0, 0, 255]));
      const res = await upload(t.app, token, file, `cube-${compression}.glb`);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().upload).toMatchObject({ format: 'glb', mesh: { triangles: 12, watertight: true } });
      const draft = await kitReadyDraft(t.app, t, token, file);
      expect(draft).toMatchObject({ stage: 'kit_ready', validation_state: 'valid' });
      const kit = parseKit(
        (await t.app.inject({ url: draft.artefacts.kit_url, headers: bearer(token) })).body,
      );
      expect(new Set(kit.blocks.map((b) => b.colour))).toEqual(new Set(['blue']));
    }
  });

  it('repairs a recoverable file when asked, says what it repaired, and builds it leniently', async () => {
    const file = fs.readFileSync(path.join(STL_MODELS, 'broken/solidNameMismatch.ascii.stl'));
    const refused = await upload(t.app, token, file, 'solidNameMismatch.ascii.stl');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.details).toMatchObject({
      recoverable: true,
      reason_code: 'SOLID_NAME_MISMATCH',
    });
    expect(refused.json().error.details.repair_hint).toMatch(/accept the repair/);

    const repaired = await upload(t.app, token, file, 'solidNameMismatch.ascii.stl', '?repair=true');
    expect(repaired.statusCode).toBe(201);
    const mesh = repaired.json().upload.mesh;
    expect(mesh.repaired).toBe(true);
    expect(mesh.repairs.map((r: { code: string }) => r.code)).toContain('SOLID_NAME_MISMATCH');

    // A file nothing can repair is refused even when repair is asked for.
    const empty = await upload(t.app, token, Buffer.alloc(0), 'empty.stl', '?repair=true');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error.details.recoverable).toBeUndefined();

    // A clean file read strictly is not marked repaired.
    const clean = await upload(
      t.app,
      token,
      fs.readFileSync(path.join(STL_MODELS, 'objects/bunny.bin.stl')),
      'bunny.stl',
    );
    expect(clean.json().upload.mesh).toMatchObject({ repaired: false, repairs: [] });
  });

  it('refuses files over the size cap with 413 and the event', async () => {
    const small = await createTestApp({ env: { UPLOAD_MAX_MODEL_BYTES: '2048' } });
    try {
      const user = await register(small.app);
      const res = await upload(small.app, user.access_token, Buffer.alloc(5000, 1), 'big.stl');
      expect(res.statusCode).toBe(413);
      expect(res.json().error.details.reason_code).toBe('FILE_TOO_LARGE');
      const event = await small.database.db
        .selectFrom('product_events')
        .selectAll()
        .where('name', '=', 'upload_validation_failed')
        .executeTakeFirstOrThrow();
      expect(event.properties).toMatchObject({ reason_code: 'FILE_TOO_LARGE', size_bucket: 'under_1mb' });
    } finally {
      await small.close();
    }
  });
});
