/**
 * Every platform pair (foo.ts[x] for iOS and Android, foo.web.ts[x] for the web) exports the same
 * names, each held by `satisfies` to one type in foo.types.ts, so the two cannot drift apart: the
 * typecheck reads only the native file when resolving imports, and this test reads both.
 */
import { describe, expect, it } from 'vitest';

declare global {
  interface ImportMeta {
    /** Vite's (and so vitest's) glob import: file path → module, read as text here. */
    glob(
      pattern: string | string[],
      options: { query: '?raw'; import: 'default'; eager: true },
    ): Record<string, string>;
  }
}

const SOURCES = import.meta.glob(['./**/*.ts', './**/*.tsx', '!./**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The names a module exports (declarations and a default; not types). */
function exportedNames(source: string): string[] {
  const names = new Set<string>();
  for (const m of source.matchAll(/^export (?:const|function|class|let) (\w+)/gm)) names.add(m[1] ?? '');
  if (/^export default /m.test(source)) names.add('default');
  return [...names].sort();
}

const pairs = Object.keys(SOURCES)
  .filter((file) => /\.web\.tsx?$/.test(file))
  .map((web) => {
    const base = web.replace(/\.web\.tsx?$/, '');
    const native = [`${base}.ts`, `${base}.tsx`].find((file) => file in SOURCES);
    return { name: base.slice(2), web, native, types: `${base}.types.ts` };
  });

describe('platform pairs', () => {
  it('are all here: each web file has its native twin and a shared type', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(15);
    for (const pair of pairs) {
      expect(pair.native, `${pair.name} has a native file`).toBeDefined();
      expect(SOURCES[pair.types], `${pair.name}.types.ts exists`).toBeDefined();
    }
  });

  for (const pair of pairs) {
    it(`${pair.name}: both files export the same names, each satisfying the shared type`, () => {
      const web = SOURCES[pair.web] ?? '';
      const native = SOURCES[pair.native ?? ''] ?? '';
      const moduleType = (SOURCES[pair.types] ?? '').match(/^export interface (\w+Module) \{/m)?.[1];
      expect(moduleType, `${pair.name}.types.ts names the module's type`).toBeDefined();
      expect(exportedNames(web).length).toBeGreaterThan(0);
      expect(exportedNames(web)).toEqual(exportedNames(native));
      const typesImport = `'./${pair.types.split('/').pop()?.replace(/\.ts$/, '')}'`;
      for (const source of [web, native]) {
        expect(source).toContain(typesImport);
        expect(source).toMatch(new RegExp(`satisfies ${moduleType}\\b`));
      }
    });
  }
});
