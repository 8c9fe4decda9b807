/**
 * The server's structure, checked over its source: one owner per table (only the owner's repo names
 * a table in SQL or in a query builder call), the import boundaries of ARCHITECTURE.md (inside the
 * server, and between the apps and packages), and the ownership map in docs/architecture.md kept
 * equal to the one in code.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  importsOf,
  publishedFiles,
  type Source,
  serverOffences,
  workspaceOffences,
} from './import-boundaries';
import { isOwnerRepo, TABLE_OWNERS, type TableOwner } from './ownership';

const SRC = path.resolve(import.meta.dirname, '..');
const ROOT = path.resolve(SRC, '../../..');

function sourceFiles(dir = SRC): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return /\.(ts|mts)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const rel = (file: string) => path.relative(SRC, file).split(path.sep).join('/');

const TABLES = Object.keys(TABLE_OWNERS) as (keyof typeof TABLE_OWNERS)[];
const BUILDER =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin|with)\(\s*['"`]([a-z_]+)/g;
const SQL_KEYWORD = /\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\s+([a-z_]+)\b/gi;
const SQL_TABLE = /sql\.table\(\s*['"`]([a-z_]+)/g;
/** The housekeeping helper takes the table to prune from its owner (platform/batch-delete.ts). */
const BATCH_DELETE = /deleteBatch\(\s*[\w.]+,\s*['"`]([a-z_]+)/g;

/** The tables a source text names in query-builder calls and in SQL, with the line of each mention. */
export function tablesNamedIn(text: string): Array<{ table: string; line: number }> {
  const found: Array<{ table: string; line: number }> = [];
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  for (const re of [BUILDER, SQL_TABLE, BATCH_DELETE]) {
    for (const m of text.matchAll(re)) {
      const table = m[2] ?? m[1] ?? '';
      found.push({ table, line: lineOf(m.index ?? 0) });
    }
  }
  // SQL keywords count inside template literals only (comments and prose say "from listings" too).
  for (const literal of text.matchAll(/sql(?:<[^`]*?>)?`([^`]*)`/g)) {
    for (const m of (literal[1] ?? '').matchAll(SQL_KEYWORD))
      found.push({ table: (m[1] ?? '').toLowerCase(), line: lineOf((literal.index ?? 0) + (m.index ?? 0)) });
  }
  return found.filter((f) => (TABLES as string[]).includes(f.table));
}

describe('one owner per table', () => {
  it('finds table names where they are used (the check can fail)', () => {
    const named = tablesNamedIn(
      "db.selectFrom('listings as l').innerJoin('users as u', 'u.id', 'l.owner_user_id');\n" +
        'await sql`UPDATE jobs SET x = 1 FROM media_files m`;\n' +
        '// the listings from the gallery (prose, not SQL)\n' +
        "deleteBatch(db, 'email_tokens', where, 10);\n",
    );
    expect(named).toEqual([
      { table: 'listings', line: 1 },
      { table: 'users', line: 1 },
      { table: 'email_tokens', line: 4 },
      { table: 'jobs', line: 2 },
      { table: 'media_files', line: 2 },
    ]);
    expect(isOwnerRepo('modules/listings', 'modules/listings/repo.ts')).toBe(true);
    expect(isOwnerRepo('modules/listings', 'modules/listings/search-repo.ts')).toBe(true);
    expect(isOwnerRepo('modules/listings', 'modules/listings/service.ts')).toBe(false);
    expect(isOwnerRepo('modules/listings', 'modules/saves/repo.ts')).toBe(false);
    expect(isOwnerRepo('platform/audit', 'platform/audit-repo.ts')).toBe(true);
    expect(isOwnerRepo('platform/audit', 'platform/audit.ts')).toBe(false);
  });

  it('lets only the owning repo name a table', () => {
    const offences: string[] = [];
    for (const file of sourceFiles()) {
      const name = rel(file);
      if (name === 'db/schema.ts' || name === 'db/ownership.ts') continue;
      for (const { table, line } of tablesNamedIn(fs.readFileSync(file, 'utf8'))) {
        const owner: TableOwner = TABLE_OWNERS[table as keyof typeof TABLE_OWNERS];
        if (!isOwnerRepo(owner, name)) offences.push(`${name}:${line} names ${table} (owned by ${owner})`);
      }
    }
    expect(offences).toEqual([]);
  });

  it('is written down in docs/architecture.md exactly as the code has it', () => {
    const doc = fs.readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
    const rows = [...doc.matchAll(/^\| `([a-z_]+)` \| `([a-z/-]+)` \|/gm)].map((m) => [m[1], m[2]]);
    expect(Object.fromEntries(rows)).toEqual(TABLE_OWNERS);
  });
});

/** Every code file of the apps and packages, as the checks read them. */
function workspaceSources(): Source[] {
  const SKIP = new Set(['node_modules', 'dist', 'dist-native', '.expo', 'migrations', 'coverage']);
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : walk(full);
      return /\.(ts|tsx|mts|js|mjs|cjs)$/.test(entry.name) ? [full] : [];
    });
  return ['apps', 'packages']
    .flatMap((top) => walk(path.join(ROOT, top)))
    .map((file) => ({
      path: path.relative(ROOT, file).split(path.sep).join('/'),
      text: fs.readFileSync(file, 'utf8'),
    }));
}

/** A source that imports each specifier (written so that this file's own text imports none of them). */
const importing = (file: string, ...specifiers: string[]): Source => ({
  path: file,
  text: specifiers.map((s, i) => `import { x${i} } from '${s}';`).join('\n'),
});

/** A module's face: it publishes the files it re-exports from, never its service, routes or repo. */
const listingsFace: Source = {
  path: 'apps/server/src/modules/listings/face.ts',
  text: [
    "export type { ListingRef } from './service';",
    "export { interestSummaryOf } from './interest-summary';",
    "export * as stats from './stats';",
    "export { listingRoutes } from './routes';",
  ].join('\n'),
};

describe('import boundaries', () => {
  const sources = workspaceSources();

  it('reads every kind of import', () => {
    const text = [
      "import type { A } from './a';",
      "import {\n  B,\n  C,\n} from '../platform/b';",
      "export { D } from '../modules/d/service';",
      "import '../platform/side-effect';",
      "const E = await import('../workers/e');",
      "const F = require('kysely');",
    ].join('\n');
    expect(importsOf({ path: 'apps/server/src/db/x.ts', text })).toEqual([
      'apps/server/src/db/a',
      'apps/server/src/platform/b',
      'apps/server/src/modules/d/service',
      'apps/server/src/platform/side-effect',
      'apps/server/src/workers/e',
      'kysely',
    ]);
    // The checks see the repository: the server, the app and every package.
    const tops = new Set(sources.map((s) => s.path.split('/').slice(0, 2).join('/')));
    for (const top of ['apps/server', 'apps/web', 'packages/contracts', 'packages/copy', 'packages/sdk'])
      expect(tops).toContain(top);
  });

  it('fails on a leak of each server rule', () => {
    const leaks = [
      importing(
        'apps/server/src/config/config.ts',
        '../modules/support/business-hours',
        '../platform/rate-limits',
      ),
      importing('apps/server/src/db/seed.ts', '../modules/auth/demo-accounts', '../workers/job-runner'),
      importing('apps/server/src/db/connection.ts', '../platform/clock', '../app'),
      importing('apps/server/src/platform/audit.ts', '../modules/auth/service', '../providers/email/smtp'),
      importing('apps/server/src/providers/email/smtp.ts', '../../workers/job-runner'),
      importing('apps/server/src/workers/housekeeping.ts', '../modules/jobs/service'),
      importing('apps/server/src/modules/jobs/service.ts', '../../workers/job-runner', '../../seed/demo'),
      importing(
        'apps/server/src/modules/saves/service.ts',
        '../listings/repo',
        '../listings/search-repo',
        '../listings/routes',
        '../listings/service',
        '../listings/detail',
      ),
      // The face that publishes listings' interest summary (and a type of its service, which stays unpublished).
      listingsFace,
    ];
    expect(serverOffences(leaks)).toEqual([
      'apps/server/src/config/config.ts imports apps/server/src/modules/support/business-hours',
      'apps/server/src/config/config.ts imports apps/server/src/platform/rate-limits',
      'apps/server/src/db/seed.ts imports apps/server/src/modules/auth/demo-accounts',
      'apps/server/src/db/seed.ts imports apps/server/src/workers/job-runner',
      'apps/server/src/db/connection.ts imports apps/server/src/platform/clock',
      'apps/server/src/db/connection.ts imports apps/server/src/app',
      'apps/server/src/platform/audit.ts imports apps/server/src/modules/auth/service',
      'apps/server/src/platform/audit.ts imports apps/server/src/providers/email/smtp',
      'apps/server/src/providers/email/smtp.ts imports apps/server/src/workers/job-runner',
      'apps/server/src/workers/housekeeping.ts imports apps/server/src/modules/jobs/service',
      'apps/server/src/modules/jobs/service.ts imports apps/server/src/workers/job-runner',
      'apps/server/src/modules/jobs/service.ts imports apps/server/src/seed/demo',
      'apps/server/src/modules/saves/service.ts imports apps/server/src/modules/listings/repo',
      'apps/server/src/modules/saves/service.ts imports apps/server/src/modules/listings/search-repo',
      'apps/server/src/modules/saves/service.ts imports apps/server/src/modules/listings/routes',
      'apps/server/src/modules/saves/service.ts imports apps/server/src/modules/listings/service',
      'apps/server/src/modules/saves/service.ts imports apps/server/src/modules/listings/detail',
    ]);
    // What the layers may import, and what tests and the composition may.
    const allowed = [
      importing('apps/server/src/config/config.ts', './rate-limits', '@kitwright/contracts'),
      importing('apps/server/src/db/connection.ts', '../config', './schema', 'kysely'),
      importing(
        'apps/server/src/modules/saves/service.ts',
        '../listings/face',
        '../listings/interest-summary',
        '../../platform/audit',
        './repo',
      ),
      listingsFace,
      importing('apps/server/src/seed/demo.ts', '../modules/auth/demo-accounts', '../workers/job-runner'),
      importing('apps/server/src/main.ts', './seed/demo', './workers/job-runner'),
      importing('apps/server/src/config/config.test.ts', '../modules/support/business-hours'),
    ];
    expect(serverOffences(allowed)).toEqual([]);
  });

  it('publishes of a module its face and what the face re-exports, never its service, routes or repo', () => {
    expect([...publishedFiles([listingsFace])].sort()).toEqual([
      'apps/server/src/modules/listings/face',
      'apps/server/src/modules/listings/interest-summary',
      'apps/server/src/modules/listings/stats',
    ]);
    // Every module of the server has a face (web-app serves the exported app's files beside the
    // API, from app.ts, and gives other modules nothing).
    const modules = fs.readdirSync(path.join(SRC, 'modules')).filter((name) => name !== 'web-app');
    for (const name of modules)
      expect(fs.existsSync(path.join(SRC, 'modules', name, 'face.ts')), name).toBe(true);
  });

  it('keeps the server layered: config, db, platform, providers, modules, workers', () => {
    expect(serverOffences(sources)).toEqual([]);
  });

  it('fails when an app imports another app, or a package an app', () => {
    const leaks = [
      importing('apps/server/src/modules/crawler/copy.ts', '../../../../web/src/i18n/dictionaries'),
      importing('apps/server/test/pages.test.ts', '../../web/src/features/help/content'),
      importing('apps/web/src/features/help/policy-page.tsx', '../../../../server/src/config/rate-limits'),
      importing('apps/web/app/index.tsx', '@kitwright/server/src/platform/clock'),
      importing('packages/copy/src/messages/index.ts', '../../../../apps/web/src/i18n'),
      importing('packages/sdk/src/client.ts', '@kitwright/web'),
    ];
    expect(workspaceOffences(leaks)).toEqual([
      'apps/server/src/modules/crawler/copy.ts imports apps/web/src/i18n/dictionaries',
      'apps/server/test/pages.test.ts imports apps/web/src/features/help/content',
      'apps/web/src/features/help/policy-page.tsx imports apps/server/src/config/rate-limits',
      'apps/web/app/index.tsx imports @kitwright/server/src/platform/clock',
      'packages/copy/src/messages/index.ts imports apps/web/src/i18n',
      'packages/sdk/src/client.ts imports @kitwright/web',
    ]);
    const allowed = [
      importing('apps/server/src/modules/crawler/copy.ts', '@kitwright/copy/messages', './service'),
      importing('apps/web/src/i18n/index.tsx', '@kitwright/copy/messages', '../../app/_layout'),
      importing('apps/web/src/x.ts', '@kitwright/contracts', '@kitwright/sdk'),
      // A package's tests may start the server.
      importing('packages/sdk/test/live.test.ts', '../../../apps/server/src/platform/clock'),
    ];
    expect(workspaceOffences(allowed)).toEqual([]);
  });

  it('keeps every app out of the others’ source, and every package out of the apps', () => {
    expect(workspaceOffences(sources)).toEqual([]);
  });
});
