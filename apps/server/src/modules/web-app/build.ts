/**
 * Keeps the exported web app in step with its sources: `npm start` rebuilds it (expo export) when
 * it is missing or older than the app, the SDK, the contracts or the copy, then adds what a PWA needs to
 * index.html (manifest, theme colour, description, icons).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../../..');
export const WEB_DIR = path.join(REPO_ROOT, 'apps/web');
const SOURCES = [
  'apps/web/app',
  'apps/web/src',
  'apps/web/public',
  'apps/web/app.json',
  'apps/web/package.json',
  'packages/sdk/src',
  'packages/contracts/src',
  'packages/copy/src',
];
const STAMP = '.kitwright-build';

async function filesUnder(target: string): Promise<string[]> {
  const stat = await fs.stat(target).catch(() => null);
  if (!stat) return [];
  if (stat.isFile()) return [target];
  const entries = await fs.readdir(target, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => filesUnder(path.join(target, e.name))));
  return nested.flat();
}

/** A hash of every source file the web build depends on (names and contents). */
export async function webSourceHash(): Promise<string> {
  const hash = createHash('sha256');
  // Bumped when the build steps themselves change (e.g. precompression), so old builds are redone.
  hash.update('build-steps-3');
  for (const source of SOURCES) {
    const files = (await filesUnder(path.join(REPO_ROOT, source))).sort();
    for (const file of files) {
      hash.update(path.relative(REPO_ROOT, file));
      hash.update(await fs.readFile(file));
    }
  }
  return hash.digest('hex');
}

export function addPwaTags(html: string): string {
  const tags = [
    '<meta name="description" content="Kitwright: create, publish and browse designs built from universal blocks. Every design belongs to its designer.">',
    '<meta name="theme-color" content="#1b4d6e">',
    '<link rel="manifest" href="/manifest.webmanifest">',
    '<link rel="icon" href="/favicon.ico" sizes="any">',
    '<link rel="icon" type="image/svg+xml" href="/icons/icon.svg">',
    '<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png">',
  ].join('\n    ');
  return html.includes('rel="manifest"') ? html : html.replace('</title>', `</title>\n    ${tags}`);
}

/** The list of the app's routes the server reads to answer unknown addresses with 404. */
export const APP_ROUTES_FILE = 'app-routes.json';

/**
 * The app's routes from its route files (expo-router's conventions): `app/listing/[slug].tsx` is
 * /listing/[slug], `index` is its folder, `(group)` folders add nothing; layouts and `+`/`_`
 * files are not pages.
 */
export async function appRoutes(appDir: string): Promise<string[]> {
  const files = await filesUnder(appDir);
  const routes = files
    .map((file) => path.relative(appDir, file).split(path.sep).join('/'))
    .filter((file) => /\.(tsx?|jsx?)$/.test(file))
    .map((file) => file.replace(/\.(tsx?|jsx?)$/, '').replace(/\.web$/, ''))
    .filter((route) => !route.split('/').some((segment) => /^[_+]/.test(segment)))
    .map((route) =>
      `/${route
        .split('/')
        .filter((segment) => !/^\(.*\)$/.test(segment))
        .join('/')}`.replace(/\/?index$/, ''),
    )
    .map((route) => route || '/');
  return [...new Set(routes)].sort();
}

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, CI: '1' },
    });
    let err = '';
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`expo export failed (${code}):\n${err.slice(-2000)}`)),
    );
  });
}

const COMPRESSIBLE = /\.(js|css|html|json|svg|webmanifest|txt|map)$/;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy next to every compressible file once, at the best
 * levels, so the server sends small files without compressing on each request.
 */
export async function precompress(dir: string): Promise<number> {
  const files = (await filesUnder(dir)).filter((f) => COMPRESSIBLE.test(f));
  let written = 0;
  for (const file of files) {
    const data = await fs.readFile(file);
    if (data.length < 1024) continue;
    const [br, gz] = await Promise.all([
      brotli(data, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
      gzip(data, { level: 9 }),
    ]);
    await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
    written++;
  }
  return written;
}

/** Builds the web app when its sources changed since the last build; returns whether it built. */
export async function ensureWebBuild(distDir: string, say: (line: string) => void): Promise<boolean> {
  const hash = await webSourceHash();
  const stamp = await fs.readFile(path.join(distDir, STAMP), 'utf8').catch(() => null);
  if (stamp === hash) return false;
  say('Building the web app (first run or after a change; about a minute)...');
  const started = Date.now();
  await run(
    process.execPath,
    [
      path.join(REPO_ROOT, 'node_modules/expo/bin/cli'),
      'export',
      '--platform',
      'web',
      '--output-dir',
      distDir,
    ],
    WEB_DIR,
  );
  const index = path.join(distDir, 'index.html');
  await fs.writeFile(index, addPwaTags(await fs.readFile(index, 'utf8')));
  await fs.writeFile(
    path.join(distDir, APP_ROUTES_FILE),
    JSON.stringify(await appRoutes(path.join(WEB_DIR, 'app'))),
  );
  await precompress(distDir);
  await fs.writeFile(path.join(distDir, STAMP), hash);
  say(`Web app built in ${Math.round((Date.now() - started) / 1000)} s.`);
  return true;
}
