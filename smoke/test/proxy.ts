/**
 * A small reverse proxy for the smoke's own test: the deployment is reached only through it, as
 * behind a load balancer (a different port from the server's, X-Forwarded-* headers added,
 * WebSocket upgrades passed through). `breakRoute` makes it answer one route with a 500 in the
 * project's error envelope instead of forwarding it, as a deployment with a broken step would.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';

/** Hop-by-hop headers (RFC 9110 7.6.1): a proxy answers for its own connection, never forwards them. */
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];
const endToEnd = (headers: http.IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.includes(name)));

export interface BrokenRoute {
  method: string;
  path: RegExp;
}

export async function startProxy(target: { host: string; port: number }) {
  let broken: BrokenRoute | null = null;
  const answered = { forwarded: 0, broken: 0, upgrades: 0 };

  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (broken && req.method === broken.method && broken.path.test(url.split('?')[0] ?? '')) {
      answered.broken += 1;
      req.resume();
      res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
      res.end(
        JSON.stringify({
          error: {
            code: 'INTERNAL',
            message: 'Broken on purpose by the smoke test',
            correlation_id: 'proxy',
          },
        }),
      );
      return;
    }
    answered.forwarded += 1;
    const upstream = http.request(
      {
        host: target.host,
        port: target.port,
        method: req.method,
        path: url,
        headers: {
          ...endToEnd(req.headers),
          'x-forwarded-for': req.socket.remoteAddress ?? '',
          'x-forwarded-proto': 'http',
          'x-forwarded-host': req.headers.host ?? '',
        },
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, endToEnd(up.headers));
        up.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });

  server.on('upgrade', (req, socket, head) => {
    answered.upgrades += 1;
    const upstream = net.connect(target.port, target.host, () => {
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      for (let i = 0; i < req.rawHeaders.length; i += 2)
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    answered,
    breakRoute(route: BrokenRoute | null) {
      broken = route;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
