/**
 * Starts the real Kitwright server (apps/server/src/main.ts) as a child process on a fresh data
 * directory, the way `npm start` does, and waits for the URL it prints.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export async function startProcess(
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
  cwd = path.join(ROOT, 'apps/server'),
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd,
    env: { ...process.env, ...env },
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    // Seeding the demo gallery on a busy machine takes minutes.
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`did not start:\n${out}`));
    }, 300_000);
    const onData = (d: Buffer) => {
      out += d;
      const match = ready.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited with ${code}:\n${out}`)));
  });
  return {
    url,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The real server on a throwaway data directory (or DATABASE_URL when set), with quiet logs.
 * `root` is the checkout to run it from: this one, or another (BENCH_BASELINE) to compare a
 * change with the code before it in the same run.
 */
export async function startKitwright(
  extraEnv: Record<string, string> = {},
  root = ROOT,
): Promise<ServerProcess & { dataDir: string }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kitwright-bench-'));
  const server = await startProcess(
    ['src/main.ts'],
    { DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', SEED_ON_START: 'true', ...extraEnv },
    /is running at (http:\/\/\S+)/,
    path.join(root, 'apps/server'),
  );
  return {
    ...server,
    dataDir,
    async stop() {
      await server.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
