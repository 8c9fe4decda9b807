/**
 * A small S3-compatible HTTP server for tests (this machine cannot reach AWS): path-style
 * PUT/GET/DELETE object and HEAD bucket, with S3's status codes and error bodies. It records
 * the requests so tests can see that the real AWS client signed and sent them.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export async function startFakeS3(bucket: string) {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const requests: Array<{ method: string; path: string; signed: boolean }> = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://s3.local');
    const [, bucketName, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    requests.push({
      method: req.method ?? '',
      path: url.pathname,
      signed: String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256'),
    });
    const error = (status: number, code: string) => {
      res.writeHead(status, { 'content-type': 'application/xml' });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`,
      );
    };
    if (bucketName !== bucket) return error(404, 'NoSuchBucket');
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'HEAD' && !key) return res.writeHead(200).end();
      if (req.method === 'PUT') {
        objects.set(key, {
          body: Buffer.concat(chunks),
          type: String(req.headers['content-type'] ?? 'application/octet-stream'),
        });
        return res.writeHead(200, { etag: '"fake"' }).end();
      }
      if (req.method === 'GET') {
        const found = objects.get(key);
        if (!found) return error(404, 'NoSuchKey');
        res.writeHead(200, { 'content-type': found.type, 'content-length': found.body.length });
        return res.end(found.body);
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        return res.writeHead(204).end();
      }
      error(405, 'MethodNotAllowed');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
