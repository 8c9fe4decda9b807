/**
 * The project supports the Node versions of package.json `engines`, Node 20 included (the README's
 * and our machines'): no installed package may declare an `engines.node` that leaves out part of
 * that range, or `npm ci` warns (EBADENGINE) and the package may use what Node 20 lacks.
 */
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
const project = readJson('package.json') as { engines: { node: string } };
const lock = readJson('package-lock.json') as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; os?: string[] }>;
};

/** Packages installed only on a platform we do not support, with why their range may differ. */
const PLATFORM_ONLY: Record<string, string> = {
  // sharp's 32-bit Windows build declares ^20.9.0; npm installs it only on win32/ia32.
  '@img/sharp-win32-ia32': 'win32',
};

describe('Node versions', () => {
  const supported = project.engines.node;

  it('package.json names a range that includes Node 20 and the running Node', () => {
    expect(semver.validRange(supported)).not.toBeNull();
    expect(semver.intersects(supported, '20.x')).toBe(true);
    expect(semver.satisfies(process.versions.node, supported)).toBe(true);
  });

  it('no package in the lockfile excludes part of the supported range', () => {
    const excluding = Object.entries(lock.packages).flatMap(([where, pkg]) => {
      if (!where.includes('node_modules/')) return []; // the project and its workspaces
      const name = where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
      const range = !Array.isArray(pkg.engines) ? pkg.engines?.node : undefined;
      if (!range) return [];
      if (PLATFORM_ONLY[name] && pkg.os?.includes(PLATFORM_ONLY[name])) return [];
      return semver.subset(supported, range) ? [] : [`${name}@${pkg.version}: node ${range}`];
    });
    expect(excluding).toEqual([]);
  });
});
