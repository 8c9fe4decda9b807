/**
 * The app shell tells a client what an upload may be (formats and sizes) before any transfer, and
 * an upload waits for its model check no longer than its own time limit.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMesherPool, MesherThreadError } from '../src/platform/mesher/pool';
import { register } from './support/auth-helpers';
import { CUBE_STL, upload } from './support/create-helpers';
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
      model_formats: ['stl', 'obj', 'ply', 'glb', '3mf'],
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
