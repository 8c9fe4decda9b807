/**
 * Mode B from a reference picture (issue 19), through the real routes: an image upload (re-encoded,
 * EXIF gone) → a draft with mosaic or relief options → the model job decodes the stored image and
 * runs the mesher → a kit that is published like any other. Options are validated strictly (4xx
 * envelope) and the database refuses a draft with both a prompt and a picture.
 */
import { parseKit } from '@kitwright/mesher';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, register } from './support/auth-helpers';
import { CUBE_STL, createDraft, drain, job, PUBLISH_BODY, upload } from './support/create-helpers';
import { createTestApp, type TestApp } from './support/test-app';

/** A photo-like JPEG (gradients and a bright disc) carrying EXIF with a camera and a position. */
async function photoJpeg(width = 480, height = 360): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const u = x / width;
      const v = y / height;
      const disc = (u - 0.6) ** 2 + (v - 0.4) ** 2 < 0.04;
      const p = (y * width + x) * 3;
      raw[p] = disc ? 240 : 40 + 150 * v;
      raw[p + 1] = disc ? 200 : 90 + 80 * u;
      raw[p + 2] = disc ? 60 : 200 - 120 * v;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'SnoopCam', Model: 'X1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
    })
    .toBuffer();
}

/** A red star-ish blob on a transparent background (a drawing with alpha). */
function cutOutPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="160">
    <ellipse cx="100" cy="80" rx="80" ry="60" fill="#c91a09"/><rect x="85" y="40" width="30" height="80" fill="#f2cd37"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe('Mode B from a picture', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await register(t.app)).access_token;
  });
  afterAll(async () => t.close());

  const startJob = async (draftId: string, type: 'model-jobs' | 'block-kit-jobs' = 'model-jobs') => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/design-drafts/${draftId}/${type}`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(202);
    await drain(t);
    return job(t.app, token, res.json().id);
  };
  const getDraft = async (id: string) =>
    (await t.app.inject({ url: `/api/design-drafts/${id}`, headers: bearer(token) })).json();

  it('turns an uploaded photo into a standing 32×32 mosaic kit, and publishes it', async () => {
    const up = await upload(t.app, token, await photoJpeg(), 'harbour at dusk.jpg');
    expect(up.statusCode).toBe(201);
    const image = up.json().upload;
    expect(image).toMatchObject({ kind: 'image', format: 'jpeg', width: 480, height: 360 });
    const stored = await t.app.inject({ url: image.url, headers: bearer(token) });
    expect((await sharp(stored.rawPayload).metadata()).exif).toBeUndefined();
    expect(stored.rawPayload.includes(Buffer.from('SnoopCam'))).toBe(false);

    const draft = await createDraft(t.app, token, {
      mode: 'B',
      source_upload_id: image.id,
      reference: { kind: 'mosaic', width: 32, aspect: 'square', dithering: true },
    });
    expect(draft).toMatchObject({
      mode: 'B',
      title: 'Harbour at dusk',
      prompt: null,
      source_upload: { id: image.id, format: 'jpeg' },
      reference: { kind: 'mosaic', width: 32, aspect: 'square', dithering: true },
      stage: 'created',
    });
    const done = await startJob(draft.id);
    expect(done.status).toBe('succeeded');
    expect(done.steps.map((s: { name: string; status: string }) => `${s.name}:${s.status}`)).toEqual([
      'fetch_source:done',
      'generate:done',
      'store:done',
    ]);
    const ready = await getDraft(draft.id);
    expect(ready).toMatchObject({ stage: 'kit_ready', validation_state: 'valid' });
    expect(ready.validation.generation).toMatchObject({
      status: 'success',
      reference: {
        kind: 'mosaic',
        width: 32,
        height: 32,
        dithering: true,
        source: { width: 480, height: 360 },
      },
    });
    expect(ready.validation.build).toMatchObject({ buildable: true, problems: [] });
    expect(ready.artefacts.summary.components).toBe(1);
    expect(ready.artefacts.summary.colours.length).toBeGreaterThan(3);
    const kit = await t.app.inject({ url: ready.artefacts.kit_url, headers: bearer(token) });
    expect(kit.statusCode).toBe(200);
    // The stored kit is the compact document (v3), read back with the mesher's one decoder.
    expect(kit.json().version).toBe('kitwright.blockkit/3');
    const kitRead = parseKit(kit.body);
    expect(kitRead.blocks.length).toBeGreaterThan(100);
    expect(kitRead.blocks.length).toBe(ready.artefacts.summary.part_count);
    const png = await t.app.inject({ url: ready.artefacts.preview_png_url, headers: bearer(token) });
    expect(png.headers['content-type']).toBe('image/png');

    const published = await t.app.inject({
      method: 'POST',
      url: `/api/design-drafts/${draft.id}/publish`,
      headers: bearer(token),
      payload: {
        ...PUBLISH_BODY,
        title: 'Harbour mosaic',
        description: 'A framed mosaic of the harbour at dusk.',
      },
    });
    expect(published.statusCode).toBe(201);
  });

  it('turns a cut-out drawing into a relief of the chosen depth', async () => {
    const up = await upload(t.app, token, await cutOutPng(), 'badge.png');
    const draft = await createDraft(t.app, token, {
      mode: 'B',
      source_upload_id: up.json().upload.id,
      reference: { kind: 'relief', width: 40, depth: 5 },
    });
    expect(draft.reference).toEqual({
      kind: 'relief',
      width: 40,
      depth: 5,
      dithering: false,
      aspect: 'keep',
    });
    expect((await startJob(draft.id)).status).toBe('succeeded');
    const ready = await getDraft(draft.id);
    expect(ready.validation.generation.reference).toMatchObject({
      kind: 'relief',
      width: 40,
      height: 32,
      depth: 5,
      subject: { method: 'alpha' },
    });
    expect(ready.artefacts.summary).toMatchObject({ layers: 5, components: 1 });
    expect(ready.artefacts.summary.colours).toEqual(expect.arrayContaining(['red', 'yellow']));
  });

  it('builds again with new options, and fails a relief with no subject with a safe code', async () => {
    const flat = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#e4cd9e' } })
      .png()
      .toBuffer();
    const up = await upload(t.app, token, flat, 'wall.png');
    const draft = await createDraft(t.app, token, {
      mode: 'B',
      source_upload_id: up.json().upload.id,
      reference: { kind: 'mosaic', width: 16 },
    });
    expect((await startJob(draft.id)).status).toBe('succeeded');
    expect((await getDraft(draft.id)).validation.generation.reference.colours).toEqual([
      { id: 'tan', cells: 192 },
    ]);

    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/design-drafts/${draft.id}`,
      headers: bearer(token),
      payload: { reference: { kind: 'relief', width: 16, depth: 3 } },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ stage: 'created', artefacts: { kit_url: null } });
    const failed = await startJob(draft.id, 'block-kit-jobs');
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatchObject({ code: 'NO_SUBJECT', retryable: false });
    expect(failed.error.message).toMatch(/No subject stands out/);
  });

  it('refuses bad reference requests with a 4xx in the envelope', async () => {
    const image = (await upload(t.app, token, await photoJpeg(64, 48), 'small.jpg')).json().upload;
    const model = (await upload(t.app, token, CUBE_STL, 'cube.stl')).json().upload;
    const other = (await register(t.app)).access_token;
    const theirs = (await upload(t.app, other, await photoJpeg(60, 40), 'theirs.jpg')).json().upload;
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/design-drafts', headers: bearer(token), payload });
    const mosaic = { kind: 'mosaic', width: 32 };
    const cases: Array<[Record<string, unknown>, number, string, string]> = [
      [{ mode: 'A', source_upload_id: image.id, reference: mosaic }, 400, 'VALIDATION_FAILED', 'reference'],
      [
        { mode: 'B', source_upload_id: image.id, reference: mosaic, prompt: 'a tower' },
        400,
        'VALIDATION_FAILED',
        'prompt',
      ],
      [{ mode: 'B', reference: mosaic }, 400, 'VALIDATION_FAILED', 'source_upload_id'],
      [
        { mode: 'B', source_upload_id: image.id, reference: { ...mosaic, depth: 4 } },
        400,
        'VALIDATION_FAILED',
        'reference.depth',
      ],
      [
        { mode: 'B', source_upload_id: image.id, reference: { kind: 'mosaic', width: 8 } },
        400,
        'VALIDATION_FAILED',
        'reference.width',
      ],
      [
        { mode: 'B', source_upload_id: image.id, reference: { kind: 'mosaic', width: 65 } },
        400,
        'VALIDATION_FAILED',
        'reference.width',
      ],
      [
        { mode: 'B', source_upload_id: image.id, reference: { kind: 'pixel-art', width: 32 } },
        400,
        'VALIDATION_FAILED',
        'reference.kind',
      ],
      [
        { mode: 'B', source_upload_id: image.id, reference: { kind: 'relief', width: 32, depth: 2 } },
        400,
        'VALIDATION_FAILED',
        'reference.depth',
      ],
    ];
    for (const [payload, status, code, field] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().error.code).toBe(code);
      expect(Object.keys(res.json().error.details.fields).join(' ')).toContain(field);
    }
    // A model is not a picture, and nobody makes a draft from someone else's picture.
    for (const id of [model.id, theirs.id]) {
      const res = await post({ mode: 'B', source_upload_id: id, reference: mosaic });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    // A prompt's draft has no picture options, and a picture's draft has no prompt.
    const prompt = await createDraft(t.app, token, { mode: 'B', prompt: 'a red tower' });
    const picture = await createDraft(t.app, token, {
      mode: 'B',
      source_upload_id: image.id,
      reference: mosaic,
    });
    for (const [id, payload] of [
      [prompt.id, { reference: mosaic }],
      [picture.id, { prompt: 'a blue tower' }],
    ] as const) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/design-drafts/${id}`,
        headers: bearer(token),
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('is enforced by the database: a prompt or a picture, and picture options in range', async () => {
    const image = (await upload(t.app, token, await photoJpeg(50, 50), 'db.jpg')).json().upload;
    const picture = await createDraft(t.app, token, {
      mode: 'B',
      source_upload_id: image.id,
      reference: { kind: 'mosaic', width: 20 },
    });
    const db = t.database.db;
    const refused = async (statement: ReturnType<typeof sql>) =>
      expect(statement.execute(db)).rejects.toThrow(/check constraint|violates/i);
    await refused(sql`UPDATE design_drafts SET prompt = 'a tower' WHERE id = ${picture.id}`);
    await refused(sql`UPDATE design_drafts SET mode = 'A' WHERE id = ${picture.id}`);
    await refused(sql`UPDATE design_drafts SET source_upload_id = NULL WHERE id = ${picture.id}`);
    await refused(
      sql`UPDATE design_drafts SET reference = '{"kind":"mosaic","width":100}' WHERE id = ${picture.id}`,
    );
    await refused(
      sql`UPDATE design_drafts SET reference = '{"kind":"photo","width":20}' WHERE id = ${picture.id}`,
    );
    await refused(sql`UPDATE design_drafts SET reference = NULL WHERE id = ${picture.id}`);
  });
});
