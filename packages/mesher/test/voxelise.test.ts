// Voxelisation: exact fill of closed meshes, no flooding through a hole in an open one, thin
// surfaces kept by the conservative pass, hollowing and colours.

import { describe, expect, it } from 'vitest';
import { parseModel, validateMesh, voxelise } from '../src/index';
import type { TriangleMesh } from '../src/mesh/triangle-mesh';
import { cube, type IndexedMesh, obj } from './helpers/model-fixtures';

function mesh(m: IndexedMesh): TriangleMesh {
  return {
    positions: new Float32Array(m.positions),
    indices: new Uint32Array(m.indices),
    triangleColours: null,
    upAxis: 'z',
  };
}

function merge(...parts: IndexedMesh[]): IndexedMesh {
  const positions: number[] = [];
  const indices: number[] = [];
  for (const part of parts) {
    const offset = positions.length / 3;
    positions.push(...part.positions);
    indices.push(...part.indices.map((i) => i + offset));
  }
  return { positions, indices };
}

function filled(cells: Uint8Array): number {
  return cells.reduce((n, c) => n + (c !== 0 ? 1 : 0), 0);
}

describe('voxelise', () => {
  it('fills a closed cube exactly, by parity and by vote alike', () => {
    for (const solid of ['parity', 'vote'] as const) {
      const grid = voxelise(mesh(cube(8)), { size: 8, solid });
      expect(grid.dims).toEqual([8, 8, 8]);
      expect(filled(grid.cells)).toBe(512);
    }
  });

  it('keeps the inside of an offset cube and nothing outside it', () => {
    // Two cubes in one grid: the gap between them must stay empty.
    const grid = voxelise(mesh(merge(cube(4, [0, 0, 0]), cube(4, [8, 0, 0]))), { size: 12, solid: 'parity' });
    expect(grid.dims).toEqual([12, 4, 4]);
    expect(filled(grid.cells)).toBe(128);
    for (let z = 0; z < 4; z++)
      for (let y = 0; y < 4; y++)
        for (let x = 4; x < 8; x++) expect(grid.cells[x + 12 * (y + 4 * z)]).toBe(0);
  });

  it('does not flood through a hole: a cube without its top is still a cube', () => {
    const open = mesh(cube(16, [0, 0, 0], true));
    // The cube sits inside a larger frame so the grid has room above it for a leak to show.
    const frame = merge(cube(16, [0, 0, 0], true), cube(1, [0, 0, 31]));
    const report = validateMesh(open);
    expect(report.watertight).toBe(false);
    const grid = voxelise(mesh(frame), { size: 32, watertight: false });
    const [nx, ny] = grid.dims;
    let above = 0;
    let inside = 0;
    for (let z = 0; z < grid.dims[2]; z++) {
      for (let y = 0; y < 16; y++) {
        for (let x = 0; x < 16; x++) {
          const v = grid.cells[x + nx * (y + ny * z)]!;
          if (z >= 17 && z < 31 && v) above++;
          if (z < 15 && v) inside++;
        }
      }
    }
    expect(grid.stats.solidMethod).toBe('vote');
    expect(inside).toBe(16 * 16 * 15);
    expect(above).toBe(0);
    // Parity along z alone leaks every column through the hole: the vote is what prevents it.
    const leaky = voxelise(mesh(frame), { size: 32, solid: 'parity' });
    expect(filled(leaky.cells)).toBeGreaterThan(filled(grid.cells) + 16 * 16 * 10);
  });

  it('keeps a sheet thinner than a cell through the conservative surface pass', () => {
    const sheet = mesh({
      positions: [0, 0, 0, 10, 0, 0, 10, 10, 0.01, 0, 10, 0.01, 0, 0, 3],
      indices: [0, 1, 2, 0, 2, 3, 0, 1, 4],
    });
    const grid = voxelise(sheet, { size: 10 });
    expect(grid.stats.surfaceCells).toBeGreaterThanOrEqual(100);
  });

  it('hollows to a shell of the requested thickness', () => {
    const solid = voxelise(mesh(cube(12)), { size: 12, solid: 'parity' });
    const shell = voxelise(mesh(cube(12)), { size: 12, solid: 'parity', hollow: { wallThickness: 2 } });
    expect(filled(solid.cells)).toBe(12 ** 3);
    expect(filled(shell.cells)).toBe(12 ** 3 - 8 ** 3);
  });

  it('maps model colours to the palette, or uses the chosen colour', () => {
    const parsed = parseModel(obj(cube(4), [0.95, 0.8, 0.2]));
    if (!parsed.ok) throw new Error(parsed.error.message);
    const coloured = voxelise(parsed.mesh, { size: 8 });
    expect(new Set(coloured.cells.filter((c) => c !== 0))).toEqual(new Set([8])); // yellow
    const chosen = voxelise(parsed.mesh, { size: 8, colour: 'blue' });
    expect(new Set(chosen.cells.filter((c) => c !== 0))).toEqual(new Set([15]));
  });

  it('turns a y-up model so its height becomes layers', () => {
    const tall = mesh({ ...cube(1), positions: cube(1).positions.map((v, i) => (i % 3 === 1 ? v * 4 : v)) });
    const grid = voxelise({ ...tall, upAxis: 'y' }, { size: 8 });
    expect(grid.dims).toEqual([2, 2, 8]);
  });
});
