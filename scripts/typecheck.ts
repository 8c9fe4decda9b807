/**
 * `npm run typecheck`: the three TypeScript programs that cover the repository (Node's lib, the
 * DOM-side tools, the Expo app), run side by side, as many at once as the machine has cores. Each
 * program's output is printed whole when it ends; the exit code is non-zero if any failed.
 *
 * tsc checks one program on one core, and the programs share nothing, so running them at once is
 * what the second core is for (docs/decisions.md, "CI's time").
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');
const PROGRAMS = ['tsconfig.node.json', 'tsconfig.tools.json', 'apps/web/tsconfig.json'];

function check(project: string): Promise<{ project: string; code: number; out: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [TSC, '-p', project, '--pretty', 'false'], { cwd: ROOT });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('close', (code) => resolve({ project, code: code ?? 1, out, ms: performance.now() - started }));
  });
}

const queue = [...PROGRAMS];
let failed = 0;
async function lane() {
  for (let project = queue.shift(); project; project = queue.shift()) {
    const result = await check(project);
    const status = result.code === 0 ? 'ok' : `failed (exit code ${result.code})`;
    process.stdout.write(`tsc -p ${project}: ${status} in ${(result.ms / 1000).toFixed(1)} s\n${result.out}`);
    if (result.code !== 0) failed++;
  }
}
await Promise.all(Array.from({ length: Math.min(PROGRAMS.length, availableParallelism()) }, lane));
if (failed) {
  process.stdout.write(`${failed} of ${PROGRAMS.length} programs have type errors.\n`);
  process.exit(1);
}
