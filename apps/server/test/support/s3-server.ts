/**
 * A real S3-compatible server for tests: s3rver (from the npm registry) on loopback, on a free
 * port, keeping its objects in a temporary directory. It refuses an access key it does not know
 * (403 InvalidAccessKeyId), as S3 does; it does not verify Signature V4 itself.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** The only access key s3rver knows. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export async function startS3Server(buckets: string[]) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'kitwright-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
