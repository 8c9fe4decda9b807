/**
 * The server's port, taken before the slow part of a start (the web build, migrations, the
 * first-run seed) and held until the app listens: a port another process already holds fails the
 * start at once instead of minutes later, and nothing else can take it meanwhile.
 */
import net from 'node:net';

export interface PortReservation {
  /** Lets the port go, just before the app listens on it. */
  release(): Promise<void>;
}

/** Binds host:port (rejects with the listen error, EADDRINUSE for a taken port); port 0 holds nothing. */
export async function reservePort(host: string, port: number): Promise<PortReservation> {
  if (port === 0) return { release: async () => {} };
  const server = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.unref();
  let released: Promise<void> | null = null;
  return {
    release() {
      released ??= new Promise((resolve) => server.close(() => resolve()));
      return released;
    },
  };
}
