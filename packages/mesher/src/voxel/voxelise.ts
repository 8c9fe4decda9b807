// Mesh to voxel grid: scales the model so its longest side spans `size` cells, marks the surface
// conservatively, fills the inside (exact parity for closed meshes, a three-axis majority vote for
// open ones so a hole cannot flood a whole column), optionally hollows, and assigns colours.

import { DEFAULT_COLOUR, type PaletteColourId, PaletteMatcher, paletteIndex } from '../colour/palette';
import type { TriangleMesh, UpDirection } from '../mesh/triangle-mesh';
import {
  type BitVolume,
  countBits,
  createBitVolume,
  majorityInto,
  maskRowPadding,
  orInto,
  prefixXorAlongX,
  prefixXorAlongY,
  prefixXorAlongZ,
} from './bit-volume';
import { dropUnanchoredDisputes } from './drop-unsupported-fill';
import { hollowShell } from './hollow';
import { enclosesInside } from './open-sheet';
import { type GridTransform, rasteriseTriangles, type SurfaceColouring } from './triangle-raster';
import type { VoxelGrid } from './voxel-grid';

export interface VoxeliseOptions {
  /** Cells along the model's longest side. */
  size: number;
  /** Which way of the model points up (an axis or its negative); defaults to the format's convention. */
  up?: UpDirection;
  /** Keep only a shell this many cells thick. */
  hollow?: { wallThickness: number };
  /** One colour for every block instead of the model's own colours. */
  colour?: PaletteColourId;
  /** 'auto' uses exact parity when the mesh is closed and the vote otherwise. */
  solid?: 'auto' | 'parity' | 'vote';
  /** Whether the mesh is closed (from validateMesh); when omitted the vote is used. */
  watertight?: boolean;
  /** Run the surface and solid halves as two passes so each can be timed (slower; for benchmarks). */
  separatePasses?: boolean;
  /**
   * The mesh is open wide (validateMesh's holeCapShare above OPEN_SHEET_CAP_SHARE): with the vote,
   * check whether its surface encloses what the vote filled, and keep only the surface (walls of
   * its own shape) where it does not (open-sheet.ts).
   */
  openSheet?: boolean;
}

/**
 * The rotation (never a mirror: determinant +1) that brings each up direction to grid z, as the
 * model axis feeding grid x, y and z and its sign. y-up turns (x, y, z) into (x, −z, y), x-up into
 * (y, z, x); a negative direction is its positive one turned 180° about grid x (grid y and z
 * negated), so an upside-down model stands on its feet, not mirrored.
 */
export const UP_ROTATIONS: Readonly<
  Record<UpDirection, { axes: [number, number, number]; signs: [1 | -1, 1 | -1, 1 | -1] }>
> = {
  z: { axes: [0, 1, 2], signs: [1, 1, 1] },
  y: { axes: [0, 2, 1], signs: [1, -1, 1] },
  x: { axes: [1, 2, 0], signs: [1, 1, 1] },
  '-z': { axes: [0, 1, 2], signs: [1, -1, -1] },
  '-y': { axes: [0, 2, 1], signs: [1, 1, -1] },
  '-x': { axes: [1, 2, 0], signs: [1, -1, -1] },
};

/**
 * The transform into grid space for an up direction (a cell is a unit cube and the grid spans
 * [0, n) per axis) and the grid's size.
 */
function toGridSpace(
  mesh: TriangleMesh,
  up: UpDirection,
  size: number,
): { transform: GridTransform; dims: [number, number, number] } {
  const p = mesh.positions;
  const n = p.length / 3;
  const rotation = UP_ROTATIONS[up];
  if (!rotation) throw new RangeError(`Unknown up direction ${String(up)}.`);
  const [ia, ib, ic] = rotation.axes;
  const [sa, sb, sc] = rotation.signs;
  let min0 = Infinity;
  let min1 = Infinity;
  let min2 = Infinity;
  let max0 = -Infinity;
  let max1 = -Infinity;
  let max2 = -Infinity;
  for (let i = 0; i < n; i++) {
    const o = i * 3;
    const a = sa * p[o + ia]!;
    const b = sb * p[o + ib]!;
    const c = sc * p[o + ic]!;
    if (a < min0) min0 = a;
    if (a > max0) max0 = a;
    if (b < min1) min1 = b;
    if (b > max1) max1 = b;
    if (c < min2) min2 = c;
    if (c > max2) max2 = c;
  }
  const extent = [max0 - min0, max1 - min1, max2 - min2];
  const longest = Math.max(extent[0]!, extent[1]!, extent[2]!);
  const scale = longest > 0 ? size / longest : 1;
  const dims: [number, number, number] = [0, 0, 0];
  for (let k = 0; k < 3; k++) dims[k] = Math.max(1, Math.min(size, Math.ceil(extent[k]! * scale - 1e-9)));
  return {
    transform: { axes: [ia, ib, ic], signs: [sa, sb, sc], min: [min0, min1, min2], scale },
    dims,
  };
}

export function voxelise(mesh: TriangleMesh, options: VoxeliseOptions): VoxelGrid {
  const started = performance.now();
  const size = options.size;
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`size must be a positive integer, got ${size}`);
  const up = options.up ?? mesh.upAxis;
  const { transform, dims } = toGridSpace(mesh, up, size);
  const [nx, ny, nz] = dims;

  let colouring: SurfaceColouring | null = null;
  const fixedColour = options.colour ? paletteIndex(options.colour) + 1 : 0;
  if (!fixedColour && mesh.triangleColours) {
    const matcher = new PaletteMatcher();
    const tc = mesh.triangleColours;
    const trianglePalette = new Uint8Array(mesh.indices.length / 3);
    for (let t = 0; t < trianglePalette.length; t++) {
      trianglePalette[t] = matcher.match(tc[t * 3]!, tc[t * 3 + 1]!, tc[t * 3 + 2]!) + 1;
    }
    colouring = { trianglePalette, cellColour: new Uint8Array(nx * ny * nz) };
  }

  const method =
    options.solid === 'parity' || (options.solid !== 'vote' && options.watertight === true)
      ? 'parity'
      : 'vote';
  const surface = createBitVolume(nx, ny, nz);
  const crossings: [BitVolume | null, BitVolume | null, BitVolume | null] =
    method === 'parity'
      ? [null, null, createBitVolume(nx, ny, nz)]
      : [createBitVolume(nx, ny, nz), createBitVolume(nx, ny, nz), createBitVolume(nx, ny, nz)];
  let surfaceDone: number;
  if (options.separatePasses) {
    // Same kernel, run twice, so the benchmark can time the two halves on their own.
    rasteriseTriangles(mesh.positions, transform, mesh.indices, {
      surface,
      crossings: [null, null, null],
      colouring,
    });
    surfaceDone = performance.now();
    rasteriseTriangles(mesh.positions, transform, mesh.indices, {
      surface: null,
      crossings,
      colouring: null,
    });
  } else {
    rasteriseTriangles(mesh.positions, transform, mesh.indices, { surface, crossings, colouring });
    surfaceDone = performance.now();
  }
  let solid: BitVolume;
  let disputed: BitVolume | null = null;
  if (method === 'parity') {
    solid = crossings[2]!;
    prefixXorAlongZ(solid);
  } else {
    solid = crossings[0]!;
    prefixXorAlongX(solid);
    prefixXorAlongY(crossings[1]!);
    prefixXorAlongZ(crossings[2]!);
    disputed = majorityInto(solid, crossings[1]!, crossings[2]!, surface);
  }
  maskRowPadding(solid);
  orInto(solid, surface);
  let removedCells = 0;
  if (disputed) {
    maskRowPadding(disputed);
    removedCells = dropUnanchoredDisputes(solid, disputed);
  }
  let solidMethod: VoxelGrid['stats']['solidMethod'] = method;
  if (method === 'vote' && options.openSheet && !enclosesInside(surface, solid, size)) {
    solid = surface;
    solidMethod = 'surface';
  }
  const solidDone = performance.now();

  let occupied = solid;
  if (options.hollow) occupied = hollowShell(occupied, options.hollow.wallThickness);

  const cells = assembleCells(occupied, colouring, fixedColour || paletteIndex(DEFAULT_COLOUR) + 1);
  const finished = performance.now();
  return {
    dims,
    cells,
    voxelSize: 1 / transform.scale,
    stats: {
      surfaceCells: countBits(surface),
      filledCells: countBits(occupied),
      removedCells,
      solidMethod,
      passes: options.separatePasses ? 'separate' : 'fused',
      surfaceMs: surfaceDone - started,
      solidMs: solidDone - surfaceDone,
      totalMs: finished - started,
    },
  };
}

/**
 * Bits to one colour byte per cell. Cells no triangle coloured (the inside) take the colour last
 * seen along their row, so interior blocks match the surface they sit behind and can merge with it.
 */
function assembleCells(volume: BitVolume, colouring: SurfaceColouring | null, fallback: number): Uint8Array {
  const { nx, ny, nz, rowWords, words } = volume;
  const cells = new Uint8Array(nx * ny * nz);
  const colourOf = colouring?.cellColour ?? null;
  for (let z = 0; z < nz; z++) {
    for (let y = 0; y < ny; y++) {
      const rowBase = (z * ny + y) * rowWords;
      const cellBase = nx * (y + ny * z);
      let carry = fallback;
      if (colourOf) {
        for (let x = 0; x < nx; x++) {
          const c = colourOf[cellBase + x]!;
          if (c !== 0 && ((words[rowBase + (x >>> 5)]! >>> (x & 31)) & 1) === 1) {
            carry = c;
            break;
          }
        }
      }
      for (let w = 0; w < rowWords; w++) {
        let v = words[rowBase + w]!;
        while (v !== 0) {
          const bit = 31 - Math.clz32(v & -v);
          v &= v - 1;
          const x = (w << 5) + bit;
          const index = cellBase + x;
          if (colourOf) {
            const c = colourOf[index]!;
            if (c !== 0) carry = c;
            cells[index] = carry;
          } else {
            cells[index] = fallback;
          }
        }
      }
    }
  }
  return cells;
}
