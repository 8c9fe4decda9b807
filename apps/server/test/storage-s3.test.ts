/**
 * The S3 storage provider through the real AWS SDK against a real S3-compatible server (s3rver on
 * loopback): uploads land in the bucket and are served back, readiness checks the bucket, missing
 * keys read as absent, and a missing bucket or an unknown access key is an error, never "absent".
 */
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createLogger } from '../src/platform/logging';
import { createS3Storage, type S3Settings } from '../src/providers/storage/s3-storage';
import { bearer, register } from './support/auth-helpers';
import { CUBE_STL, upload } from './support/create-helpers';
import { S3RVER_CREDENTIALS, startS3Server } from './support/s3-server';
import { createTestApp, type TestApp, testConfig } from './support/test-app';

const BUCKET = 'kitwright-test';

describe('S3-compatible storage (s3rver through the AWS SDK)', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let t: TestApp;
  let app: Awaited<ReturnType<typeof buildApp>>['app'];
  let inspector: S3Client;
  const opened: { close(): void }[] = [];
  const storageWith = (changes: Partial<S3Settings> = {}) => {
    const storage = createS3Storage({
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      ...S3RVER_CREDENTIALS,
      ...changes,
    });
    opened.push(storage);
    return storage;
  };

  beforeAll(async () => {
    s3 = await startS3Server([BUCKET]);
    inspector = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: S3RVER_CREDENTIALS,
    });
    t = await createTestApp();
    const config = testConfig({
      STORAGE_PROVIDER: 's3',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      S3_REGION: 'us-east-1',
    });
    const storage = createS3Storage(config.storage.s3);
    opened.push(storage);
    const built = await buildApp({ config, database: t.database, logger: createLogger('silent'), storage });
    app = built.app;
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
    for (const storage of opened) storage.close();
    inspector?.destroy();
    await s3?.close();
  });

  it('stores an upload in the bucket and serves the same bytes back through the API', async () => {
    const user = await register(app);
    const res = await upload(app, user.access_token, CUBE_STL, 'cube.stl');
    expect(res.statusCode, res.body).toBe(201);
    const listed = await inspector.send(
      new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `uploads/${user.user.id}/` }),
    );
    const keys = (listed.Contents ?? []).map((o) => o.Key as string);
    const bodies = await Promise.all(
      keys.map(async (Key) => {
        const stored = await inspector.send(new GetObjectCommand({ Bucket: BUCKET, Key }));
        return Buffer.from((await stored.Body?.transformToByteArray()) ?? new Uint8Array());
      }),
    );
    // The model as uploaded, byte for byte, beside what the server derived from it.
    expect(bodies.filter((b) => b.equals(CUBE_STL))).toHaveLength(1);
    const back = await app.inject({ url: res.json().upload.url, headers: bearer(user.access_token) });
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(CUBE_STL)).toBe(true);
  });

  it('puts, gets with its content type, deletes, and reads a missing key as absent', async () => {
    const storage = storageWith();
    const bytes = Buffer.from([0, 1, 2, 253, 254, 255, 10, 13]);
    await storage.put('probe/nested/a.bin', bytes, 'application/octet-stream');
    await storage.put('probe/b.txt', Buffer.from('hello'), 'text/plain');
    const a = await storage.get('probe/nested/a.bin');
    expect(a?.body.equals(bytes)).toBe(true);
    expect(a?.contentType).toBe('application/octet-stream');
    expect((await storage.get('probe/b.txt'))?.contentType).toBe('text/plain');
    // A second put of the same key replaces it.
    await storage.put('probe/b.txt', Buffer.from('hello again'), 'text/plain');
    expect((await storage.get('probe/b.txt'))?.body.toString()).toBe('hello again');

    await storage.delete('probe/b.txt');
    expect(await storage.get('probe/b.txt')).toBeNull();
    expect(await storage.get('missing/key.json')).toBeNull();
    // Deleting what is not there succeeds, as S3 does: a retried clean-up must not fail.
    await expect(storage.delete('missing/key.json')).resolves.toBeUndefined();
    expect((await storage.get('probe/nested/a.bin'))?.body.equals(bytes)).toBe(true);
  });

  it('readiness checks the bucket: 200 with it, an error when it is missing', async () => {
    expect((await app.inject('/api/readyz')).statusCode).toBe(200);
    await expect(storageWith().check()).resolves.toBeUndefined();
    await expect(storageWith({ bucket: 'no-such-bucket' }).check()).rejects.toThrow();
  });

  it('a missing bucket is an error on every operation, never a missing file', async () => {
    const wrong = storageWith({ bucket: 'no-such-bucket' });
    await expect(wrong.get('probe/a.txt')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(wrong.put('probe/a.txt', Buffer.from('x'), 'text/plain')).rejects.toMatchObject({
      name: 'NoSuchBucket',
    });
  });

  it('an unknown access key is refused, and the refusal is an error, not an absent file', async () => {
    const wrong = storageWith({ accessKeyId: 'NOT-A-KEY' });
    await expect(wrong.put('probe/c.txt', Buffer.from('x'), 'text/plain')).rejects.toMatchObject({
      name: 'InvalidAccessKeyId',
      $metadata: { httpStatusCode: 403 },
    });
    await storageWith().put('probe/c.txt', Buffer.from('x'), 'text/plain');
    await expect(wrong.get('probe/c.txt')).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    await expect(wrong.delete('probe/c.txt')).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    await expect(wrong.check()).rejects.toThrow();
    expect((await storageWith().get('probe/c.txt'))?.body.toString()).toBe('x');
  });

  it('refuses a key that could climb out of the store before sending anything', async () => {
    const storage = storageWith();
    await expect(storage.put('../escape', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      /invalid storage key/,
    );
    await expect(storage.get('a//b')).rejects.toThrow(/invalid storage key/);
  });
});
