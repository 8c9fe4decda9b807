/**
 * The app shell tells a client what an upload may be (formats and sizes) before any transfer, and
 * an upload waits for its model check no longer than its own time limit.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMesherPool, MesherThreadError } from '../src/platform/mesher/pool';
import { bearer, register } from './support/auth-helpers';
import { CUBE_STL, createDraft, multipart, upload } from './support/create-helpers';
import { createTestApp, type TestApp } from './support/test-app';

describe('app shell upload limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('publishes the configured model and image limits and the accepted formats', async () => {
    const shell = (await t.app.inject('/api/app-shell')).json();
    expect(shell.config.uploads).toEqual({
      max_model_bytes: t.config.uploads.maxModelBytes,
      max_image_bytes: t.config.uploads.maxImageBytes,
      model_formats: ['stl', 'obj', 'ply', 'glb', 'gltf', '3mf'],
      image_formats: ['png', 'jpeg', 'webp'],
    });
  });
});

describe('upload checks', () => {
  let t: TestApp;
  // The app's mesher threads, held here so the test can watch what the upload asks of them.
  const mesher = createMesherPool({ size: 2, memoryMb: 512 });
  beforeAll(async () => {
    t = await createTestApp({
      env: { UPLOAD_INSPECT_TIMEOUT_MS: '4321', JOB_TIME_BUDGET_MS: '120000' },
      mesher,
    });
  });
  afterAll(async () => t.close());

  it('wait for the model check no longer than UPLOAD_INSPECT_TIMEOUT_MS, not a job budget', async () => {
    const user = await register(t.app);
    const run = vi.spyOn(mesher, 'run');
    try {
      const res = await upload(t.app, user.access_token, CUBE_STL, 'cube.stl');
      expect(res.statusCode).toBe(201);
      const inspect = run.mock.calls.find(([task]) => task.kind === 'inspect');
      expect(inspect?.[1].timeoutMs).toBe(4321);
      // A check that runs out of that time refuses the file cleanly.
      run.mockRejectedValueOnce(new MesherThreadError('timeout', 'over the 4321 ms budget'));
      const slow = await upload(
        t.app,
        user.access_token,
        Buffer.from(CUBE_STL.subarray(0, 84 + 50 * 11)),
        'x.stl',
      );
      expect(slow.statusCode).toBe(422);
      expect(slow.json().error).toMatchObject({
        code: 'INVALID_UPLOAD',
        details: { reason_code: 'PROCESSING_FAILED' },
      });
    } finally {
      run.mockRestore();
    }
  });
});

describe('an upload cut short', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('is a 400 asking to send it again, never a 500, and stores nothing (issue 15 item 7)', async () => {
    const user = await register(t.app);
    const { payload, headers } = multipart(CUBE_STL, 'cube.stl');
    // The body ends in the middle of the file: no closing boundary.
    const cut = payload.subarray(0, payload.length - 200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/media/uploads',
      headers: { ...bearer(user.access_token), ...headers },
      payload: cut,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { fields: { file: 'is incomplete' } },
    });
    // A broken part header too.
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/media/uploads',
      headers: { ...bearer(user.access_token), ...headers },
      payload: Buffer.from('--nope\r\nnot a header\r\n'),
    });
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
    const stored = await t.database.db.selectFrom('media_files').select('id').execute();
    expect(stored).toEqual([]);
  });
});

describe('an upload naming a draft', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('may name only a draft of its uploader (issue 15 item 12)', async () => {
    const alice = await register(t.app);
    const bob = await register(t.app);
    const draft = await createDraft(t.app, alice.access_token, {
      mode: 'B',
      prompt: 'a small boat',
      settings: { size: 12 },
    });
    const foreign = await upload(t.app, bob.access_token, CUBE_STL, 'cube.stl', `?draft_id=${draft.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toMatchObject({
      code: 'NOT_FOUND',
      details: { fields: { draft_id: 'is not yours' } },
    });
    const unknown = await upload(
      t.app,
      bob.access_token,
      CUBE_STL,
      'cube.stl',
      '?draft_id=00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(404);
    expect(await t.database.db.selectFrom('media_files').select('id').execute()).toEqual([]);
    const own = await upload(t.app, alice.access_token, CUBE_STL, 'cube.stl', `?draft_id=${draft.id}`);
    expect(own.statusCode).toBe(201);
  });
});
