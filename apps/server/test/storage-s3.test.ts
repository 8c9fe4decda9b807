/** The S3 storage provider against an S3-compatible server: uploads land there and readiness checks it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createLogger } from '../src/platform/logging';
import { createS3Storage } from '../src/providers/storage/s3-storage';
import { bearer, register } from './support/auth-helpers';
import { CUBE_STL, upload } from './support/create-helpers';
import { startFakeS3 } from './support/fake-s3';
import { createTestApp, type TestApp, testConfig } from './support/test-app';

describe('S3-compatible storage', () => {
  let s3: Awaited<ReturnType<typeof startFakeS3>>;
  let t: TestApp;
  let app: Awaited<ReturnType<typeof buildApp>>['app'];
  beforeAll(async () => {
    s3 = await startFakeS3('kitwright-test');
    t = await createTestApp();
    const config = testConfig({
      STORAGE_PROVIDER: 's3',
      S3_BUCKET: 'kitwright-test',
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: 'test',
      S3_SECRET_ACCESS_KEY: 'test-secret',
      S3_REGION: 'auto',
    });
    const built = await buildApp({
      config,
      database: t.database,
      logger: createLogger('silent'),
      storage: createS3Storage(config.storage.s3),
    });
    app = built.app;
  });
  afterAll(async () => {
    await app.close();
    await t.close();
    await s3.close();
  });

  it('stores uploads in the bucket with signed requests and serves them back', async () => {
    const user = await register(app);
    const res = await upload(app, user.access_token, CUBE_STL, 'cube.stl');
    expect(res.statusCode).toBe(201);
    const key = [...s3.objects.keys()].find((k) => k.startsWith(`uploads/${user.user.id}/`));
    expect(key).toBeDefined();
    expect(s3.objects.get(key as string)?.body.equals(CUBE_STL)).toBe(true);
    expect(s3.requests.filter((r) => r.method === 'PUT').every((r) => r.signed)).toBe(true);
    const back = await app.inject({ url: res.json().upload.url, headers: bearer(user.access_token) });
    expect(back.rawPayload.equals(CUBE_STL)).toBe(true);
  });

  it('readiness checks the bucket and names storage when it is missing', async () => {
    expect((await app.inject('/api/readyz')).statusCode).toBe(200);
    const wrong = createS3Storage({
      bucket: 'no-such-bucket',
      region: 'auto',
      endpoint: s3.endpoint,
      accessKeyId: 'test',
      secretAccessKey: 'x',
    });
    await expect(wrong.check()).rejects.toBeDefined();
    const storage = createS3Storage({
      bucket: 'kitwright-test',
      region: 'auto',
      endpoint: s3.endpoint,
      accessKeyId: 'test',
      secretAccessKey: 'x',
    });
    expect(await storage.get('missing/key.json')).toBeNull();
    await storage.put('probe/a.txt', Buffer.from('hello'), 'text/plain');
    expect((await storage.get('probe/a.txt'))?.contentType).toBe('text/plain');
    await storage.delete('probe/a.txt');
    expect(await storage.get('probe/a.txt')).toBeNull();
    await expect(storage.put('../escape', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      /invalid storage key/,
    );
  });
});
