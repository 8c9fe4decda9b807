// Issue 48, "Files that open": an open sheet that encloses nothing (a cup modelled without
// thickness) is built as walls of its own shape, not as a closed drum; a pot closed by its lid is
// still filled; and hollowing keeps the kit in one piece.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { inspectModel, runMeshPipeline, type TriangleMesh, voxelise } from '../src/index';
import { OPEN_SHEET_CAP_SHARE } from '../src/mesh/hole-caps';
import { MIN_HORIZONTAL_SHELL_LAYERS } from '../src/voxel/hollow';
import { binaryStl, obj } from './helpers/model-fixtures';
import { cylinder, openCup } from './helpers/shape-fixtures';

const require = createRequire(import.meta.url);

function inspected(bytes: Uint8Array) {
  const outcome = inspectModel(bytes);
  if (!outcome.ok) throw new Error(outcome.error.message);
  return outcome;
}

const filled = (cells: Uint8Array, dims: readonly number[], x: number, y: number, z: number) =>
  cells[x + dims[0]! * (y + dims[1]! * z)] !== 0;

describe('a single-sheet open cup', () => {
  const cup = binaryStl(openCup(10, 20));

  it('is measured as open wide: its opening would add a fifth to its area', () => {
    const { meshReport } = inspected(cup);
    expect(meshReport.watertight).toBe(false);
    expect(meshReport.holeCapShare).toBeCloseTo(0.2, 2);
    expect(meshReport.holeCapShare!).toBeGreaterThan(OPEN_SHEET_CAP_SHARE);
    expect(meshReport.findings.map((f) => f.code)).toContain('OPEN_SHEET');
  });

  it('stays a cup: walls and a bottom, hollow inside, open at the top', () => {
    const { mesh, meshReport } = inspected(cup);
    const walls = voxelise(mesh, { size: 32, up: 'z', watertight: meshReport.watertight, openSheet: true });
    const drum = voxelise(mesh, { size: 32, up: 'z', watertight: meshReport.watertight });
    expect(walls.stats.solidMethod).toBe('surface');
    expect(drum.stats.solidMethod).toBe('vote');
    const [nx, ny, nz] = walls.dims;
    const [cx, cy] = [Math.floor(nx / 2), Math.floor(ny / 2)];
    // The vote filled it as a drum with a lid (issue 48: 15,488 cells at its size) ...
    expect(filled(drum.cells, drum.dims, cx, cy, nz - 1)).toBe(true);
    expect(filled(drum.cells, drum.dims, cx, cy, nz >> 1)).toBe(true);
    // ... the cup has its bottom and its wall, and nothing in the middle or on top.
    expect(filled(walls.cells, walls.dims, cx, cy, 0)).toBe(true);
    expect(filled(walls.cells, walls.dims, 0, cy, nz >> 1)).toBe(true);
    expect(filled(walls.cells, walls.dims, cx, cy, nz >> 1)).toBe(false);
    expect(filled(walls.cells, walls.dims, cx, cy, nz - 1)).toBe(false);
    expect(walls.stats.filledCells).toBeLessThan(drum.stats.filledCells / 4);
  });

  it('builds in one piece that stands, hollowed or not', async () => {
    for (const hollow of [undefined, { wallThickness: 1 }]) {
      const outcome = await runMeshPipeline(cup, { size: 32, ...(hollow ? { hollow } : {}) });
      if (!outcome.ok) throw new Error(outcome.error.message);
      expect(outcome.pose.up).toBe('z');
      expect(outcome.voxels.solidMethod).toBe('surface');
      expect(outcome.kit.metrics.components).toBe(1);
      expect(outcome.buildReport.problems).toEqual([]);
      expect(outcome.buildReport.stability.structuralVerdict).not.toBe('fails');
    }
  });

  it('a teapot whose lid closes its pot is still filled (open wide, but enclosing its inside)', () => {
    const teapot = require('teapot') as { positions: number[][]; cells: number[][] };
    const { mesh, meshReport } = inspected(
      obj({ positions: teapot.positions.flat(), indices: teapot.cells.flat() }),
    );
    expect(meshReport.holeCapShare!).toBeGreaterThan(OPEN_SHEET_CAP_SHARE);
    for (const size of [32, 64, 128]) {
      const grid = voxelise(mesh, { size, watertight: false, openSheet: true });
      expect([size, grid.stats.solidMethod]).toEqual([size, 'vote']);
    }
  });
});

describe('hollowing keeps the kit in one piece', () => {
  it('a drum: one piece with a two-layer lid (it came apart into 10)', async () => {
    const drum = binaryStl(cylinder('z', 0, 0, 10, 0, 20, 48));
    const outcome = await runMeshPipeline(drum, { size: 32, hollow: { wallThickness: 1 } });
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(outcome.kit.metrics.components).toBe(1);
    expect(outcome.buildReport.problems).toEqual([]);
    const layers = outcome.kit.metrics.layers;
    // The middle of the lid: its top two layers are blocks, the one under them is hollow.
    const at = (x: number, y: number, layer: number) =>
      outcome.kit.blocks.some(
        (b) => b.layer === layer && x >= b.x && x < b.x + b.size.x && y >= b.y && y < b.y + b.size.y,
      );
    const { x: nx, y: ny } = outcome.kit.metrics.dimensions.cells;
    for (let k = 1; k <= MIN_HORIZONTAL_SHELL_LAYERS; k++)
      expect(at(nx >> 1, ny >> 1, layers - k)).toBe(true);
    expect(at(nx >> 1, ny >> 1, layers - MIN_HORIZONTAL_SHELL_LAYERS - 1)).toBe(false);
  });

  it('the 69k bunny at 64: one piece (2 before, 22 floating blocks: the skin of a pocket inside it), the skin left out', async () => {
    const bytes = new Uint8Array(readFileSync(require.resolve('stl-models/objects/bunny.bin.stl')));
    const outcome = await runMeshPipeline(bytes, { size: 64, hollow: { wallThickness: 2 } });
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(outcome.kit.metrics.components).toBe(1);
    expect(outcome.buildReport.stability.floatingBlockIds).toEqual([]);
    const mesh: TriangleMesh = inspected(bytes).mesh;
    // The same voxels without hollowing have far more cells: it is hollow.
    const solid = voxelise(mesh, { size: 64, up: outcome.pose.up, watertight: false });
    expect(outcome.voxels.filledCells).toBeLessThan(solid.stats.filledCells / 2);
  });
});
