/**
 * The launch smoke proven against a real deployment: the `npm start` entry point on a fresh
 * embedded database with no demo data, on a free port, reached only through a reverse proxy. The
 * smoke passes through it and leaves nothing behind; with the proxy answering the publish step
 * with a 500 it fails at that step, names it, keeps a screenshot, and still cleans up.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxy } from './proxy';

const root = path.resolve(import.meta.dirname, '../..');
const PASSWORD = 'correct-horse-battery-9'; // every throwaway account's (e2e/support/fixtures.ts newIdentity)

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Runs `npm run smoke` to its end; the smoke bounds every wait itself. */
function runSmoke(args: string[], outDir: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'smoke', '--', ...args, '--out', outDir], {
      cwd: root,
      env: process.env,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c;
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c;
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const accountsIn = (stdout: string) =>
  [...stdout.matchAll(/deleted the \w+ account (\S+)/g)].map((m) => m[1]);

describe('npm run smoke against npm start behind a proxy', () => {
  let server: ChildProcess;
  let serverLog = '';
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kitwright-smoke-server-'));
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kitwright-smoke-out-'));

  const signInStatus = async (username: string) =>
    (
      await fetch(`${proxy.url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: PASSWORD }),
      })
    ).status;

  beforeAll(async () => {
    const port = await freePort();
    proxy = await startProxy({ host: '127.0.0.1', port });
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        APP_ENV: 'local',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_BASE_URL: proxy.url,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        // No demo data: the smoke must not rely on anything it did not make.
        SEED_ON_START: 'false',
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'warn',
      },
    });
    server.stdout?.on('data', (c: Buffer) => {
      serverLog += c;
    });
    server.stderr?.on('data', (c: Buffer) => {
      serverLog += c;
    });
    await new Promise<void>((resolve, reject) => {
      const seen = () => {
        if (serverLog.includes(' is running at ')) {
          server.stdout?.off('data', seen);
          resolve();
        }
      };
      server.stdout?.on('data', seen);
      server.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${serverLog}`)));
    });
  });

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await proxy?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(outDir, { recursive: true, force: true });
  });

  it('passes every step of the RC1 journey and leaves no account or listing behind', async () => {
    const { code, stdout, stderr } = await runSmoke(['--base-url', proxy.url], path.join(outDir, 'pass'));
    expect(code, `${stdout}\n${stderr}`).toBe(0);
    for (const step of ['home', 'create', 'publish', 'gallery', 'listing', 'reserve', 'dashboard', 'support'])
      expect(stdout).toMatch(new RegExp(`^ {2}ok {3}\\d/9 ${step}: .+ \\(\\d+\\.\\d s\\)$`, 'm'));
    expect(stdout).toContain('Launch smoke passed');
    // It went through the proxy, live job progress included (the WebSocket upgrade).
    expect(proxy.answered.upgrades).toBeGreaterThan(0);

    const accounts = accountsIn(stdout);
    expect(accounts).toHaveLength(2);
    for (const username of accounts) expect(await signInStatus(username as string)).toBe(401);
    const slug = /published \/listing\/(\S+)/.exec(stdout)?.[1];
    expect(slug).toBeDefined();
    expect((await fetch(`${proxy.url}/api/listings/${slug}`)).status).toBe(404);
  });

  it('fails at the first broken step with its name and a screenshot, and still cleans up', async () => {
    proxy.breakRoute({ method: 'POST', path: /^\/api\/design-drafts\/[^/]+\/publish$/ });
    try {
      const { code, stdout, stderr } = await runSmoke(
        ['--base-url', proxy.url, '--step-timeout', '45'],
        path.join(outDir, 'fail'),
      );
      expect(code, `${stdout}\n${stderr}`).toBe(1);
      expect(stdout).toMatch(/^ {2}ok {3}3\/9 create: /m);
      expect(stdout).toMatch(/^ {2}FAIL 4\/9 publish: /m);
      expect(stdout).not.toMatch(/^ {2}ok {3}\d\/9 gallery: /m);
      expect(stderr).toContain('Launch smoke failed at "publish: ');
      // It failed on the app's own refusal (the proxy's error envelope), not on the step's timeout.
      expect(`${stdout}\n${stderr}`).toContain('the app refused to publish');
      expect(proxy.answered.broken).toBeGreaterThan(0);
      const screenshot = /screenshot: (\S+\.png)$/m.exec(stdout)?.[1];
      expect(screenshot).toBeDefined();
      expect(
        fs
          .readFileSync(screenshot as string)
          .subarray(1, 4)
          .toString(),
      ).toBe('PNG');

      const accounts = accountsIn(stdout);
      expect(accounts).toHaveLength(1);
      expect(await signInStatus(accounts[0] as string)).toBe(401);
    } finally {
      proxy.breakRoute(null);
    }
  });

  it('refuses to start without --base-url, with the usage', async () => {
    const { code, stderr } = await runSmoke([], path.join(outDir, 'usage'));
    expect(code).toBe(64);
    expect(stderr).toContain('--base-url is required');
    expect(stderr).toContain('Usage: npm run smoke -- --base-url <url>');
  });
});
