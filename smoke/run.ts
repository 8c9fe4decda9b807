/**
 * `npm run smoke -- --base-url <url>`: the launch smoke against a running deployment (see
 * journey.ts). Prints each step with its time; exits 1 on the first failing step (or a clean-up
 * that did not succeed) with the step, the reason and a screenshot path, 64 on bad arguments.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runSmoke } from './journey';

const USAGE = `Usage: npm run smoke -- --base-url <url> [--chromium <path>] [--out <dir>] [--step-timeout <seconds>]
  --base-url      the deployment's public origin (required), e.g. https://staging.kitwright.example
  --chromium      the Chromium to drive (default: $CHROMIUM_PATH or /usr/bin/chromium)
  --out           where a failure's screenshot is written (default: test-results/smoke)
  --step-timeout  the longest one wait may take, in seconds (default: 90)`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}\n`);
  process.exit(64);
}

let values: { 'base-url'?: string; chromium?: string; out?: string; 'step-timeout'?: string };
try {
  ({ values } = parseArgs({
    options: {
      'base-url': { type: 'string' },
      chromium: { type: 'string' },
      out: { type: 'string' },
      'step-timeout': { type: 'string' },
    },
    allowPositionals: false,
  }));
} catch (err) {
  fail((err as Error).message);
}

const raw = values['base-url'];
if (!raw) fail('--base-url is required.');
let baseUrl: URL;
try {
  baseUrl = new URL(raw);
} catch {
  fail(`--base-url "${raw}" is not a URL.`);
}
if (baseUrl.protocol !== 'http:' && baseUrl.protocol !== 'https:') fail('--base-url must be http or https.');
const stepTimeout = Number(values['step-timeout'] ?? 90);
if (!Number.isFinite(stepTimeout) || stepTimeout < 1 || stepTimeout > 600)
  fail('--step-timeout must be a number of seconds from 1 to 600.');

const result = await runSmoke({
  baseUrl: baseUrl.origin,
  chromiumPath: values.chromium ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  outDir: path.resolve(values.out ?? 'test-results/smoke'),
  stepTimeoutMs: stepTimeout * 1000,
  log: (line) => process.stdout.write(`${line}\n`),
});
if (!result.ok) {
  if (result.failure) process.stderr.write(`Launch smoke failed at "${result.failure.step}".\n`);
  if (result.cleanupProblems.length > 0)
    process.stderr.write(`Clean-up left things behind:\n  ${result.cleanupProblems.join('\n  ')}\n`);
  process.exitCode = 1;
}
