import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

const tmp = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kw-lock-')), 'pglite');

describe('the embedded data directory lock', () => {
  it('is held by one process, refused to another live one, and released on close', () => {
    const dir = tmp();
    const release = lockDataDir(dir);
    expect(fs.readFileSync(`${dir}.lock`, 'utf8').trim()).toBe(String(process.pid));
    // Another live process holds it: the parent of this test (alive for as long as the test runs).
    fs.writeFileSync(`${dir}.lock`, `${process.ppid}\n`);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dir)).toThrow(`in use by another Kitwright process (pid ${process.ppid})`);
    // Releasing leaves a lock this process does not own alone.
    release();
    expect(fs.existsSync(`${dir}.lock`)).toBe(true);
  });

  it('takes over a lock left by a process that died', () => {
    const dir = tmp();
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    fs.writeFileSync(`${dir}.lock`, `${gone.stdout.toString()}\n`);
    const release = lockDataDir(dir);
    expect(fs.readFileSync(`${dir}.lock`, 'utf8').trim()).toBe(String(process.pid));
    release();
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
  });
});
