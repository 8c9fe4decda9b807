/**
 * The import rules of docs/architecture.md as functions over source texts, so ownership.test.ts can
 * run them over the repository and over a deliberate leak (a rule that cannot fail checks nothing).
 * Paths are relative to the repository root, with forward slashes.
 */
import path from 'node:path';

export interface Source {
  /** The file's path from the repository root, e.g. `apps/server/src/config/config.ts`. */
  path: string;
  text: string;
}

const IMPORT =
  /(?:(?:import|export)\s[^'";]*?from\s*|import\s*\(\s*|import\s+|require\s*\(\s*)['"]([^'"]+)['"]/g;

/**
 * What a file imports: a relative specifier resolved to a path from the repository root (without
 * an extension, as written), a package by its name (`@kitwright/copy/messages`, `kysely`).
 */
export function importsOf(source: Source): string[] {
  return [...source.text.matchAll(IMPORT)].map((m) => {
    const specifier = m[1] ?? '';
    return specifier.startsWith('.')
      ? path.posix.normalize(path.posix.join(path.posix.dirname(source.path), specifier))
      : specifier;
  });
}

const SERVER = 'apps/server/src/';
/** The server's composition and entry points: only they (and tests) draw the whole server. */
const COMPOSITION = ['main', 'runtime', 'app', 'compose', 'cli', 'seed'];
/** The layers below the composition. */
const LAYERS = ['config', 'db', 'platform', 'providers', 'modules', 'workers'];

/** What each of the server's layers may not import (areas under apps/server/src). */
const FORBIDDEN: Readonly<Record<string, readonly string[]>> = {
  // Config reads the environment; everything else reads config, never the other way round.
  config: ['db', 'platform', 'providers', 'modules', 'workers'],
  // The connection, migrations and table types: the seeds that need the app live in seed/.
  db: ['platform', 'providers', 'modules', 'workers'],
  platform: ['providers', 'modules', 'workers'],
  providers: ['modules', 'workers'],
  workers: ['modules'],
  modules: ['workers'],
};

/** The area of a path under apps/server/src: its first folder, or the file's name without extension. */
function serverArea(file: string): string | null {
  if (!file.startsWith(SERVER)) return null;
  const first = file.slice(SERVER.length).split('/')[0] ?? '';
  return first.replace(/\.[a-z]+$/, '');
}

/** A module's name for a path under apps/server/src/modules. */
function moduleOf(file: string): string | null {
  const parts = file.slice(SERVER.length).split('/');
  return file.startsWith(`${SERVER}modules/`) ? (parts[1] ?? null) : null;
}

const isTest = (file: string) => /\.test\.[a-z]+$/.test(file) || file.split('/').includes('test');

const MODULES = `${SERVER}modules/`;
/** What a face re-exports from: `export { a } from './x'`, `export type { B } from './y'`, `export * as z from './z'`. */
const RE_EXPORT = /export\s+(?:type\s+)?(?:\*(?:\s+as\s+\w+)?|\{[^}]*\})\s*from\s*['"](\.\/[^'"]+)['"]/g;
/** A module's files that are never published, even when its face re-exports a type from them. */
const UNPUBLISHABLE = /^(service|routes|repo|.*-repo|.*-routes|context)$/;

/**
 * Each module's published files: its `face.ts`, and the files the face re-exports from (shared
 * helpers and types such as media's `urls`), except its service, routes, repo and context files.
 */
export function publishedFiles(sources: readonly Source[]): Set<string> {
  const published = new Set<string>();
  for (const source of sources) {
    const m = /^apps\/server\/src\/modules\/([a-z0-9-]+)\/face\.ts$/.exec(source.path);
    if (!m) continue;
    const dir = `${MODULES}${m[1]}`;
    published.add(`${dir}/face`);
    for (const e of source.text.matchAll(RE_EXPORT)) {
      const file = path.posix.normalize(path.posix.join(dir, e[1] ?? ''));
      if (path.posix.dirname(file) === dir && !UNPUBLISHABLE.test(path.posix.basename(file)))
        published.add(file);
    }
  }
  return published;
}

/**
 * The server's layering: config and db draw on nothing above them, platform on no module, provider
 * or worker, providers on no module or worker, modules and workers not on each other, no layer on
 * the composition (main, runtime, app, compose, cli, seed), and a module reaches another only
 * through its face (`face.ts`, or a file the face re-exports from: publishedFiles). Tests are not
 * held to it.
 */
export function serverOffences(sources: readonly Source[]): string[] {
  const offences: string[] = [];
  const published = publishedFiles(sources);
  for (const source of sources) {
    const from = serverArea(source.path);
    if (!from || isTest(source.path) || !LAYERS.includes(from)) continue;
    for (const target of importsOf(source)) {
      const to = serverArea(target);
      if (!to) continue;
      const layered = FORBIDDEN[from]?.includes(to) || COMPOSITION.includes(to);
      const fromModule = moduleOf(source.path);
      const toModule = moduleOf(target);
      const reachesIn =
        fromModule !== null && toModule !== null && fromModule !== toModule && !published.has(target);
      const offence = `${source.path} imports ${target}`;
      if (layered || reachesIn) offences.push(offence);
    }
  }
  return offences;
}

/** `apps/<name>` or `packages/<name>` for a path, or null. */
function workspaceOf(file: string): { kind: 'apps' | 'packages'; name: string } | null {
  const [kind, name] = file.split('/');
  return (kind === 'apps' || kind === 'packages') && name ? { kind, name } : null;
}

/** The apps' package names: importing one by name is importing its source too. */
const APP_PACKAGES: Readonly<Record<string, string>> = {
  '@kitwright/server': 'server',
  '@kitwright/web': 'web',
};

/**
 * Between workspaces: an app never imports another app's source (by a relative path or by its
 * package name): what both need is a package. A package's own code never imports an app; its
 * tests may start the server (the SDK's integration tests do).
 */
export function workspaceOffences(sources: readonly Source[]): string[] {
  const offences: string[] = [];
  for (const source of sources) {
    const from = workspaceOf(source.path);
    if (!from || (from.kind === 'packages' && isTest(source.path))) continue;
    for (const target of importsOf(source)) {
      const byName = Object.entries(APP_PACKAGES).find(
        ([name]) => target === name || target.startsWith(`${name}/`),
      );
      const to = byName ? { kind: 'apps', name: byName[1] } : workspaceOf(target);
      if (to?.kind !== 'apps') continue;
      if (from.kind === 'packages' || to.name !== from.name)
        offences.push(`${source.path} imports ${target}`);
    }
  }
  return offences;
}
