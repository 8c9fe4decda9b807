/**
 * The server's structure, checked over its source: one owner per table (only the owner's repo names
 * a table in SQL or in a query builder call), the import boundaries of ARCHITECTURE.md, and the
 * ownership map in docs/architecture.md kept equal to the one in code.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
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

/** The modules, platform and providers a file imports (relative imports only). */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:(?:import|export)[^'";]*?from\s+|import\s+)['"](\.[^'"]+)['"]/g)].map((m) =>
    rel(path.resolve(path.dirname(file), m[1] ?? '')),
  );
}

describe('import boundaries', () => {
  const files = sourceFiles().map((f) => ({ name: rel(f), imports: importsOf(f) }));
  const area = (name: string) => name.split('/')[0];
  const moduleOf = (name: string) => (name.startsWith('modules/') ? name.split('/')[1] : null);

  it('keeps platform free of modules and providers, and modules and workers apart', () => {
    const offences = files.flatMap(({ name, imports }) =>
      imports
        .filter((target) => {
          if (area(name) === 'platform')
            return ['modules', 'providers', 'workers'].includes(area(target) ?? '');
          if (area(name) === 'providers') return ['modules', 'workers'].includes(area(target) ?? '');
          if (area(name) === 'workers') return area(target) === 'modules';
          if (area(name) === 'modules') return area(target) === 'workers';
          return false;
        })
        .map((target) => `${name} imports ${target}`),
    );
    expect(offences).toEqual([]);
  });

  it('never lets a module reach into another module’s repo or routes', () => {
    const offences = files.flatMap(({ name, imports }) =>
      imports
        .filter((target) => {
          const from = moduleOf(name);
          const to = moduleOf(target);
          if (!from || !to || from === to) return false;
          const file = target.split('/').slice(2).join('/');
          return file === 'repo' || file.endsWith('-repo') || file === 'routes';
        })
        .map((target) => `${name} imports ${target}`),
    );
    expect(offences).toEqual([]);
  });
});
