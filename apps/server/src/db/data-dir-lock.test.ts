import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockAddress, lockDataDir } from './data-dir-lock';

const tmp = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kw-lock-')), 'pglite');
const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
const LOCK_MODULE = path.join(import.meta.dirname, 'data-dir-lock.ts');

/** Another process that takes the directory's lock, says so, and holds it until it is killed. */
function holder(dir: string): Promise<ChildProcess> {
  const script = `
    const { lockDataDir } = await import(${JSON.stringify(LOCK_MODULE)});
    await lockDataDir(${JSON.stringify(dir)});
    process.stdout.write('held\\n');
    setInterval(() => {}, 60_000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: SERVER_DIR,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr?.on('data', (d) => {
      err += d;
    });
    child.stdout?.on('data', (d) => {
      if (String(d).includes('held')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`the holder exited (${code}) before holding: ${err}`)));
  });
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

describe('the embedded data directory lock', () => {
  it('is held by one opener and refused to a second, naming the holder, until released', async () => {
    const dir = tmp();
    const release = await lockDataDir(dir);
    const refusal = await lockDataDir(dir).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(DataDirInUseError);
    expect((refusal as DataDirInUseError).holder?.pid).toBe(process.pid);
    expect((refusal as Error).message).toContain(`in use by another Kitwright process (pid ${process.pid},`);
    await release();
    const again = await lockDataDir(dir);
    await again();
  });

  it('refuses another process while it holds the directory, and is free once that process is killed -9', async () => {
    const dir = tmp();
    const child = await holder(dir);
    const refusal = await lockDataDir(dir).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(DataDirInUseError);
    expect((refusal as DataDirInUseError).holder?.pid).toBe(child.pid);
    expect((refusal as Error).message).toContain(`(pid ${child.pid},`);

    child.kill('SIGKILL');
    await exited(child);
    // The process never released it: what it left on disk is no longer a lock.
    const release = await lockDataDir(dir);
    expect((await lockDataDir(dir).catch((err: unknown) => err)) as DataDirInUseError).toMatchObject({
      holder: { pid: process.pid },
    });
    await release();
  });

  it('is not fooled by an old lock file naming a live, unrelated process', async () => {
    for (const pid of [1, process.pid, process.ppid]) {
      const dir = tmp();
      // The format the lock had when it trusted any live pid.
      fs.writeFileSync(lockAddress(dir), `${pid}\n`);
      const release = await lockDataDir(dir);
      await release();
    }
  });

  it('gives two openers racing for a stale lock one lock between them', async () => {
    const dir = tmp();
    fs.writeFileSync(lockAddress(dir), '1\n');
    const results = await Promise.allSettled([lockDataDir(dir), lockDataDir(dir), lockDataDir(dir)]);
    const held = results.filter((r) => r.status === 'fulfilled');
    expect(held).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(DataDirInUseError);
    await (held[0] as PromiseFulfilledResult<() => Promise<void>>).value();
  });

  it('names the same lock for a path through a symlink, and a hashed one for a path too long for a socket', () => {
    const dir = tmp();
    const link = path.join(os.tmpdir(), `kw-lock-link-${process.pid}-${Date.now()}`);
    fs.symlinkSync(path.dirname(dir), link);
    try {
      expect(lockAddress(path.join(link, 'pglite'))).toBe(lockAddress(dir));
    } finally {
      fs.rmSync(link);
    }
    const deep = path.join(path.dirname(dir), 'd'.repeat(60), 'e'.repeat(60), 'pglite');
    const address = lockAddress(deep);
    expect(Buffer.byteLength(address)).toBeLessThanOrEqual(103);
    expect(lockAddress(deep)).toBe(address);
    expect(address).not.toBe(
      lockAddress(path.join(path.dirname(dir), 'd'.repeat(60), 'f'.repeat(60), 'pglite')),
    );
  });
});
