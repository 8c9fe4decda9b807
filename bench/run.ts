/**
 * npm run bench [-- name ...]: runs the named benchmarks (all when none is named) and prints their
 * figures. Benchmarks run on demand only, never in CI.
 *   http     /api/health and /api/app-shell against a bare Fastify route (PGlite or DATABASE_URL)
 *   jobs     queue throughput with 1 and 2 worker processes (PostgreSQL), upload → listing time
 *   gallery  search, filters and detail on 100,000 listings (PostgreSQL) beside /api/health
 *   dashboard  the founder dashboard on 1,000,000 product events and 100,000 reservations (PostgreSQL)
 *   mesher   parse, voxelise, kit and validation times, part counts (single thread)
 *   images   a small picture upload while another person's heavy pictures are processed (issue 42)
 *   mosaic   a phone-sized photo into a mosaic at 32×32 and 64×64: decode and mesher medians (issue 19)
 *   prompts  Mode B generation at size 32 per prompt: read, compose, voxelise, kit, checks, preview
 *   recognition  Mode B's fixed 100-prompt set: the share recognised, judged on each kit
 *   web      first load at 390 px on an emulated slow phone: FCP, LCP, app drawn, CLS, bytes (Chromium)
 *   topology gallery, detail, reservation burst, upload → listing through nginx at 1 and 2 API/worker processes
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

function script(file: string, extra: string[] = []) {
  return () =>
    new Promise<void>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [...extra, '--import', 'tsx', path.join(import.meta.dirname, file), ...process.argv.slice(3)],
        {
          stdio: 'inherit',
        },
      );
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${file} exited with ${code}`))));
    });
}

const BENCHES: Record<string, () => Promise<void>> = {
  http: async () => (await import('./http/index')).benchHttp(),
  jobs: async () => (await import('./jobs/index')).benchJobs(),
  gallery: async () => (await import('./gallery/index')).benchGallery(),
  dashboard: async () => (await import('./dashboard/index')).benchDashboard(),
  mesher: script('mesher/run.ts', ['--expose-gc']),
  images: async () => (await import('./images/index')).benchImages(),
  mosaic: script('mosaic/run.ts'),
  prompts: script('mesher/prompt-designs.ts'),
  recognition: script('mesher/prompt-recognition.ts'),
  web: async () => (await import('./web/index')).benchWeb(),
  topology: async () => (await import('./topology/index')).benchTopology(),
};

const requested = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const names =
  requested.length > 0 ? requested.filter((n) => n in BENCHES || !n.includes('=')) : Object.keys(BENCHES);
for (const name of names) {
  const bench = BENCHES[name];
  if (!bench) {
    process.stderr.write(`Unknown benchmark "${name}". Known: ${Object.keys(BENCHES).join(', ')}\n`);
    process.exit(64);
  }
  await bench();
}
