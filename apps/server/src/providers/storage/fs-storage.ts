/** Local-disk storage: atomic writes (temp file, then rename) under one directory. */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertStorageKey, type StorageProvider } from './storage-provider';

export function createFsStorage(root: string): StorageProvider {
  const fileFor = (key: string) => {
    assertStorageKey(key);
    return path.join(root, key);
  };
  const typeFileFor = (key: string) => `${fileFor(key)}.content-type`;
  return {
    kind: 'fs',
    async put(key, body, contentType) {
      const file = fileFor(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${randomUUID()}.tmp`;
      try {
        await fs.writeFile(tmp, body);
        await fs.writeFile(typeFileFor(key), contentType);
        await fs.rename(tmp, file);
      } catch (err) {
        await fs.rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key) {
      try {
        const body = await fs.readFile(fileFor(key));
        const contentType = await fs.readFile(typeFileFor(key), 'utf8').catch(() => null);
        return { body, contentType };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      await fs.rm(fileFor(key), { force: true });
      await fs.rm(typeFileFor(key), { force: true });
    },
    async check() {
      await fs.mkdir(root, { recursive: true });
      const probe = path.join(root, `.readiness-${randomUUID()}`);
      await fs.writeFile(probe, 'ok');
      const back = await fs.readFile(probe, 'utf8');
      await fs.rm(probe, { force: true });
      if (back !== 'ok') throw new Error('storage read back different bytes');
    },
  };
}
