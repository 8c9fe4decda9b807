/**
 * One process per embedded database: PGlite keeps its data directory open in one process, and a
 * second one writing to it would corrupt it.
 *
 * The lock is a listening local socket that belongs to the directory: a UNIX-domain socket file
 * `<dir>.lock` beside it (on Windows a named pipe named after it). The kernel lets one process
 * bind an address, and frees it when that process ends, however it ends (kill -9 included), so
 * nothing is judged from a pid another process may since have been given. A second opener's bind
 * fails; it connects, the holder answers with its pid and start time, and the opener is refused
 * naming it. A socket file whose process died refuses connections: it is replaced, under a
 * short-lived takeover marker so that two starters cannot both replace it (docs/decisions.md,
 * "The data-directory lock").
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Who holds a directory, as the holder itself says. */
export interface LockHolder {
  pid: number;
  startedAt: string;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder | null,
  ) {
    const who = holder
      ? `pid ${holder.pid}, running since ${holder.startedAt}`
      : 'it did not answer with its pid';
    super(
      `The embedded database in ${dataDir} is in use by another Kitwright process (${who}). ` +
        'Stop that process first, or start this one with another DATA_DIR.',
    );
    this.name = 'DataDirInUseError';
  }
}

/** The longest socket path every POSIX system takes (macOS: 104 bytes with the NUL); Node truncates longer ones. */
const MAX_SOCKET_PATH = 103;
/** A takeover marker older than this was left by a process that died while replacing a socket. */
const TAKEOVER_STALE_MS = 10_000;
/** How long a prober waits for the holder to say who it is (it is held whatever the answer). */
const ANSWER_MS = 2000;
const RETRY_MS = 25;
const ATTEMPTS = 400;

const hashOf = (text: string) => crypto.createHash('sha256').update(text).digest('hex').slice(0, 32);

/**
 * The address that locks a directory: `<dir>.lock` (the parent's real path, so a symlinked path
 * names the same lock); when that path is too long for a socket, a name made from its hash (an
 * abstract socket on Linux, a socket in the temporary directory elsewhere); a named pipe on Windows.
 */
export function lockAddress(dataDir: string): string {
  const absolute = path.resolve(dataDir);
  fs.mkdirSync(path.dirname(absolute), { recursive: true });
  const file = path.join(fs.realpathSync(path.dirname(absolute)), `${path.basename(absolute)}.lock`);
  if (process.platform === 'win32') return `\\\\?\\pipe\\kitwright-${hashOf(file.toLowerCase())}`;
  if (Buffer.byteLength(file) <= MAX_SOCKET_PATH) return file;
  if (process.platform === 'linux') return `\0kitwright-lock-${hashOf(file)}`;
  return path.join(os.tmpdir(), `kitwright-${hashOf(file).slice(0, 24)}.lock`);
}

/** A socket file on disk (not an abstract socket or a named pipe): only those can be left stale. */
const isFile = (address: string) => !address.startsWith('\0') && !address.startsWith('\\\\');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function listen(server: net.Server, address: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(address, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

type Probe = { state: 'held'; holder: LockHolder | null } | { state: 'stale' } | { state: 'gone' };

function readHolder(text: string): LockHolder | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { pid, startedAt } = value as Record<string, unknown>;
    return Number.isInteger(pid) && typeof startedAt === 'string' ? { pid: pid as number, startedAt } : null;
  } catch {
    return null;
  }
}

/** Connects to the address: held (with what the holder says), stale (nobody listens) or gone. */
function probe(address: string): Promise<Probe> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(address);
    let text = '';
    let connected = false;
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ state: 'held', holder: readHolder(text) });
    };
    const timer = setTimeout(done, ANSWER_MS);
    timer.unref();
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      connected = true;
    });
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (text.length > 1000) done();
    });
    socket.on('end', done);
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (connected) return done();
      clearTimeout(timer);
      if (err.code === 'ECONNREFUSED' || err.code === 'ENOTSOCK') resolve({ state: 'stale' });
      else if (err.code === 'ENOENT') resolve({ state: 'gone' });
      else reject(err);
    });
  });
}

/**
 * Removes a socket file nobody listens on. Only under the takeover marker, and only when it is
 * still stale once the marker is held: a starter that found it stale earlier cannot remove the
 * socket another one has bound since.
 */
async function replaceStale(address: string): Promise<void> {
  const marker = `${address}.takeover`;
  try {
    fs.writeFileSync(marker, `${process.pid}\n`, { flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const age = Date.now() - (fs.statSync(marker, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > TAKEOVER_STALE_MS) fs.rmSync(marker, { force: true });
    await sleep(RETRY_MS);
    return;
  }
  try {
    if ((await probe(address)).state === 'stale') fs.rmSync(address, { force: true });
  } finally {
    fs.rmSync(marker, { force: true });
  }
}

/**
 * Takes the directory's lock for this process, or throws DataDirInUseError naming the process
 * that holds it. Returns the function that releases it. The lock never keeps the process alive.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const address = lockAddress(dataDir);
  const answer = `${JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString() })}\n`;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const server = net.createServer((socket) => {
      socket.on('error', () => {});
      socket.end(answer);
    });
    try {
      await listen(server, address);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
      const found = await probe(address);
      if (found.state === 'held') throw new DataDirInUseError(dataDir, found.holder);
      if (found.state === 'stale') {
        if (isFile(address)) await replaceStale(address);
        else await sleep(RETRY_MS);
      }
      continue;
    }
    server.on('error', () => {});
    server.unref();
    let released: Promise<void> | null = null;
    return () => {
      released ??= new Promise((resolve) => server.close(() => resolve()));
      return released;
    };
  }
  throw new Error(`could not lock ${dataDir}: its lock kept changing hands`);
}
