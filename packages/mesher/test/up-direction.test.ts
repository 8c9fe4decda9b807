// Issue 12: the up direction may be any axis or its negative. A negative axis turns the model
// upside down by a rotation (determinant +1), never a mirror.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli/main';
import {
  type BlockKit,
  parseKit,
  parseUpDirection,
  runMeshPipeline,
  type TriangleMesh,
  UP_DIRECTIONS,
  type UpDirection,
  voxelise,
} from '../src/index';
import { UP_ROTATIONS } from '../src/voxel/voxelise';
import { binaryStl, cube, merge } from './helpers/model-fixtures';

/**
 * Asymmetric along every axis: a 4×4×4 block, a 2-cell tower on its top at the (0, 0) corner, and
 * a 2-cell step beside it along +x at the bottom, so no mirror of it equals a rotation of it.
 */
const model = merge(cube(4), cube(2, [0, 0, 4]), cube(2, [4, 0, 0]));
const mesh: TriangleMesh = {
  positions: new Float32Array(model.positions),
  indices: new Uint32Array(model.indices),
  triangleColours: null,
  upAxis: 'z',
};

function cellsOf(up: UpDirection) {
  const grid = voxelise(mesh, { size: 6, up, solid: 'parity' });
  const [nx, ny, nz] = grid.dims;
  const at = (x: number, y: number, z: number) => grid.cells[x + nx * (y + ny * z)]!;
  return { dims: grid.dims, nx, ny, nz, at };
}

describe('up directions', () => {
  it('maps each direction by a proper rotation that brings it to grid z', () => {
    for (const up of UP_DIRECTIONS) {
      const { axes, signs } = UP_ROTATIONS[up];
      // The matrix whose row k has signs[k] in column axes[k].
      const m = [0, 1, 2].map((k) => [0, 1, 2].map((c) => (c === axes[k] ? signs[k] : 0)));
      const det =
        m[0]![0]! * (m[1]![1]! * m[2]![2]! - m[1]![2]! * m[2]![1]!) -
        m[0]![1]! * (m[1]![0]! * m[2]![2]! - m[1]![2]! * m[2]![0]!) +
        m[0]![2]! * (m[1]![0]! * m[2]![1]! - m[1]![1]! * m[2]![0]!);
      expect(det, up).toBe(1);
      // Grid z is fed by the named axis with the named sign.
      expect(['x', 'y', 'z'][axes[2]], up).toBe(up.replace('-', ''));
      expect(signs[2], up).toBe(up.startsWith('-') ? -1 : 1);
    }
  });

  it('turns an asymmetric model upside down as a rotation of 180° about x, not a mirror', () => {
    for (const axis of ['x', 'y', 'z'] as const) {
      const up = cellsOf(axis);
      const down = cellsOf(`-${axis}`);
      expect(down.dims).toEqual(up.dims);
      let same = 0;
      let mirrored = 0;
      let cells = 0;
      for (let z = 0; z < up.nz; z++)
        for (let y = 0; y < up.ny; y++)
          for (let x = 0; x < up.nx; x++) {
            const filled = up.at(x, y, z) !== 0;
            if (filled) cells++;
            if (filled === (down.at(x, up.ny - 1 - y, up.nz - 1 - z) !== 0)) same++;
            if (filled === (down.at(x, y, up.nz - 1 - z) !== 0)) mirrored++;
          }
      expect(cells, axis).toBe(64 + 8 + 8);
      expect(same, `${axis}: -${axis} is ${axis} turned about x`).toBe(up.nx * up.ny * up.nz);
      expect(mirrored, `${axis}: -${axis} is not ${axis} mirrored`).toBeLessThan(up.nx * up.ny * up.nz);
    }
  });

  it('stands the model on its tower with -z: the bottom layer is the tower, the top the block', () => {
    const down = cellsOf('-z');
    const layer = (z: number) => {
      let n = 0;
      for (let y = 0; y < down.ny; y++) for (let x = 0; x < down.nx; x++) if (down.at(x, y, z)) n++;
      return n;
    };
    expect(down.dims).toEqual([6, 4, 6]);
    expect([layer(0), layer(1), layer(2), layer(5)]).toEqual([4, 4, 16, 20]);
  });

  it('reads +x, X and -y from text, and nothing else', () => {
    expect(['x', '+x', 'X', '-y', ' -Z '].map(parseUpDirection)).toEqual(['x', 'x', 'x', '-y', '-z']);
    expect(['w', '--y', 'xy', ''].map(parseUpDirection)).toEqual([null, null, null, null]);
  });

  it('builds the upside-down kit through the pipeline, and refuses an unknown direction', async () => {
    const bytes = binaryStl(model);
    // Explicit z: by default the mesher would lay this model on its side (its xz face, 24 cells, is a
    // wider base than the 20 of its underside), which is not what this test compares.
    const upright = await runMeshPipeline(bytes, { size: 8, up: 'z' });
    const flipped = await runMeshPipeline(bytes, { size: 8, up: '-z' });
    if (!upright.ok || !flipped.ok) throw new Error('both should build');
    expect(flipped.kit.metrics.dimensions.cells).toEqual(upright.kit.metrics.dimensions.cells);
    // Upright, the 4×4 block is the ground layer; upside down only the 2×2 tower touches the ground.
    const ground = (kit: BlockKit) =>
      kit.blocks.filter((b) => b.layer === 0).reduce((n, b) => n + b.size.x * b.size.y, 0);
    expect(ground(flipped.kit)).toBeLessThan(ground(upright.kit));
    const bad = await runMeshPipeline(bytes, { size: 8, up: 'w' as UpDirection });
    expect(bad.ok ? null : bad.error.code).toBe('INVALID_OPTIONS');
  });

  it('the CLI takes --up -y (and --up=-z, --up +x), and refuses --up w', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kitwright-up-'));
    const file = join(dir, 'model.stl');
    writeFileSync(file, binaryStl(model));
    const out = join(dir, 'kit.json');
    const lines: string[] = [];
    const errors: string[] = [];
    const print = (l: string) => lines.push(l);
    const printError = (l: string) => errors.push(l);
    expect(await main([file, '--up', '-y', '--size', '8', '--out', out], print, printError)).toBe(0);
    expect(errors).toEqual([]);
    const viaCli: BlockKit = parseKit(readFileSync(out, 'utf8'));
    const viaLibrary = await runMeshPipeline(binaryStl(model), { size: 8, up: '-y' });
    if (!viaLibrary.ok) throw new Error(viaLibrary.error.message);
    expect(viaCli).toStrictEqual(viaLibrary.kit);
    const plusY = await runMeshPipeline(binaryStl(model), { size: 8, up: 'y' });
    if (!plusY.ok) throw new Error(plusY.error.message);
    expect(JSON.stringify(viaCli.blocks)).not.toBe(JSON.stringify(plusY.kit.blocks));
    // Standing on its 2×2 tower the model tips over: the option is taken, the kit is not buildable (3).
    expect(await main([file, '--up=-z', '--size', '8'], print, printError)).toBe(3);
    expect(lines.join('\n')).toContain('NOT buildable');
    expect(await main([file, '--up', '+x', '--size', '8'], print, printError)).toBe(0);
    expect(await main([file, '--up', 'w', '--size', '8'], print, printError)).toBe(2);
    expect(errors.join('\n')).toContain('-x, -y or -z');
  });
});
