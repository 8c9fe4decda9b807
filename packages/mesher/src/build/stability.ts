// Free-standing stability of a kit: every block reachable from the ground, the centre of mass of
// the finished model and of every partial build (layer by layer) over the footprint of the ground
// layer, plus weak points: interfaces whose upper part overhangs what it rests on (held only by
// pins) and blocks held by a single pin or hanging from above.

import type { BlockKit, StabilityVerdict } from '../kit/block-kit';
import { BLOCK_MODULE, FASTENER_CATALOGUE } from '../kit/catalogue';
import { convexHull, type Point, signedDistanceToHull } from './convex-hull';
import type { KitStructure } from './kit-structure';

export interface WeakInterface {
  /** The interface between `layer - 1` and `layer`. */
  layer: number;
  /** Share of the model's mass above the interface. */
  massShare: number;
  /** How far (cells) the centre of mass above lies outside the contact area. */
  overhang: number;
}

export interface WeakBlock {
  blockId: number;
  reason: 'single-pin' | 'hanging';
}

export interface StabilityReport {
  verdict: StabilityVerdict;
  /** Blocks with no chain of connections down to the ground layer. */
  floatingBlockIds: number[];
  /** Centre of mass in cells from the kit origin (z measured in layers). */
  centreOfMass: { x: number; y: number; z: number };
  /** Distance (cells) from the centre of mass to the edge of the ground footprint; negative = outside. */
  baseMargin: number;
  /** First layer after which the partial build would tip over, or null. */
  tipsDuringBuildAtLayer: number | null;
  weakInterfaces: WeakInterface[];
  weakBlocks: WeakBlock[];
  weakBlockCount: number;
  estimatedMassG: number;
}

const WEAK_BLOCK_LIST_LIMIT = 200;

export function analyseStability(kit: BlockKit, structure: KitStructure): StabilityReport {
  const [nx, ny, nz] = structure.dims;
  const layerSize = nx * ny;
  const { owner } = structure;
  const blocks = kit.blocks;

  const groundRoots = new Set<number>();
  for (let i = 0; i < blocks.length; i++) if (blocks[i]!.layer === 0) groundRoots.add(structure.rootOf[i]!);
  const floatingBlockIds: number[] = [];
  for (let i = 0; i < blocks.length; i++)
    if (!groundRoots.has(structure.rootOf[i]!)) floatingBlockIds.push(blocks[i]!.id);

  // Mass moments per layer, in cell units.
  const layerMass = new Float64Array(nz);
  const layerMx = new Float64Array(nz);
  const layerMy = new Float64Array(nz);
  for (const block of blocks) {
    const cells = block.size.x * block.size.y;
    layerMass[block.layer] = layerMass[block.layer]! + cells;
    layerMx[block.layer] = layerMx[block.layer]! + cells * (block.x + block.size.x / 2);
    layerMy[block.layer] = layerMy[block.layer]! + cells * (block.y + block.size.y / 2);
  }
  let totalMass = 0;
  let mx = 0;
  let my = 0;
  let mz = 0;
  for (let z = 0; z < nz; z++) {
    totalMass += layerMass[z]!;
    mx += layerMx[z]!;
    my += layerMy[z]!;
    mz += layerMass[z]! * (z + 0.5);
  }
  const centreOfMass =
    totalMass > 0 ? { x: mx / totalMass, y: my / totalMass, z: mz / totalMass } : { x: 0, y: 0, z: 0 };

  const groundCorners: Point[] = [];
  for (const block of blocks) {
    if (block.layer !== 0) continue;
    groundCorners.push(
      [block.x, block.y],
      [block.x + block.size.x, block.y],
      [block.x, block.y + block.size.y],
      [block.x + block.size.x, block.y + block.size.y],
    );
  }
  const baseHull = convexHull(groundCorners);
  const baseMargin =
    totalMass > 0 ? signedDistanceToHull(baseHull, [centreOfMass.x, centreOfMass.y]) : -Infinity;

  let tipsDuringBuildAtLayer: number | null = null;
  let partialMass = 0;
  let partialX = 0;
  let partialY = 0;
  for (let z = 0; z < nz; z++) {
    partialMass += layerMass[z]!;
    partialX += layerMx[z]!;
    partialY += layerMy[z]!;
    if (partialMass === 0) continue;
    if (signedDistanceToHull(baseHull, [partialX / partialMass, partialY / partialMass]) < -1e-9) {
      tipsDuringBuildAtLayer = z;
      break;
    }
  }

  const weakInterfaces: WeakInterface[] = [];
  let aboveMass = 0;
  let aboveX = 0;
  let aboveY = 0;
  for (let z = nz - 1; z >= 1; z--) {
    aboveMass += layerMass[z]!;
    aboveX += layerMx[z]!;
    aboveY += layerMy[z]!;
    if (aboveMass === 0) continue;
    // Only the first and last contact cell of each row can lie on the hull.
    const contact: Point[] = [];
    for (let y = 0; y < ny; y++) {
      let first = -1;
      let last = -1;
      for (let x = 0; x < nx; x++) {
        const cell = z * layerSize + x + nx * y;
        if (owner[cell]! >= 0 && owner[cell - layerSize]! >= 0) {
          if (first < 0) first = x;
          last = x;
        }
      }
      if (first >= 0) contact.push([first, y], [first, y + 1], [last + 1, y], [last + 1, y + 1]);
    }
    const distance = signedDistanceToHull(convexHull(contact), [aboveX / aboveMass, aboveY / aboveMass]);
    if (distance < -1e-9) {
      weakInterfaces.push({ layer: z, massShare: aboveMass / totalMass, overhang: -distance });
    }
  }

  // Per block: cells shared with blocks below and above.
  const supportBelow = new Int32Array(blocks.length);
  const supportAbove = new Int32Array(blocks.length);
  for (let cell = layerSize; cell < owner.length; cell++) {
    const upper = owner[cell]!;
    const lower = owner[cell - layerSize]!;
    if (upper >= 0 && lower >= 0) {
      supportBelow[upper] = supportBelow[upper]! + 1;
      supportAbove[lower] = supportAbove[lower]! + 1;
    }
  }
  const weakBlocks: WeakBlock[] = [];
  let weakBlockCount = 0;
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    let reason: WeakBlock['reason'] | null = null;
    if (block.layer > 0 && supportBelow[i] === 0) reason = 'hanging';
    else if (blocks.length > 1 && supportBelow[i]! + supportAbove[i]! === 1) reason = 'single-pin';
    if (reason) {
      weakBlockCount++;
      if (weakBlocks.length < WEAK_BLOCK_LIST_LIMIT) weakBlocks.push({ blockId: block.id, reason });
    }
  }

  const stable =
    blocks.length > 0 &&
    floatingBlockIds.length === 0 &&
    baseMargin >= -1e-9 &&
    tipsDuringBuildAtLayer === null;
  const fastenerMass = kit.fasteners.length * FASTENER_CATALOGUE[0].massG;
  return {
    verdict: stable ? 'stable' : 'unstable',
    floatingBlockIds,
    centreOfMass,
    baseMargin,
    tipsDuringBuildAtLayer,
    weakInterfaces,
    weakBlocks,
    weakBlockCount,
    estimatedMassG: Math.round(totalMass * BLOCK_MODULE.massPerCellG + fastenerMass),
  };
}
