// The fewest blocks for a whole region of one layer (same-colour cells that touch side by side: a
// limb's cross-section, a band of a shell), solved as a set-partition integer programme by HiGHS
// (npm `highs`, the solver compiled to WebAssembly): one 0/1 variable per catalogue footprint that
// fits the region, each cell covered exactly once, fewer blocks than now. Its linear relaxation is
// solved first: where even it needs as many blocks as the region has (most regions of a good
// layout), no tiling has fewer and the integer search is skipped. Each block costs 1,000 plus its
// pins to the layers below and above, so of the tilings with the fewest blocks one with the fewest
// pins is preferred (the first improving one the search finds, within its node limit).
//
// HiGHS loads asynchronously (WebAssembly), so the pipeline loads it once and hands the solver to
// the layout (`BuildBlockKitOptions.regionSolver`); layouts built without it skip this search.
// Deterministic: one thread (the WebAssembly build has no others), a fixed seed, a node limit and a
// size limit, never a time limit, so the same model gives the same kit on every machine.

import { BLOCK_CATALOGUE, footprint } from './catalogue';
import type { PlacedFootprint } from './min-tiling';

/** Footprints of the catalogue, both orientations, in the catalogue's order. */
const FOOTPRINTS: { sx: number; sy: number }[] = BLOCK_CATALOGUE.flatMap((part) =>
  part.width === part.length ? [footprint(part, 0)] : [footprint(part, 0), footprint(part, 90)],
);

/**
 * Branch-and-bound nodes HiGHS may explore per region (a count, never a time); the best tiling found
 * by then is used if it has fewer blocks.
 */
const MIP_NODE_LIMIT = 30;
/**
 * Regions with more placements than this are left as they are: the integer search on a wide solid
 * layer can take seconds before its first branch (Nefertiti's head at 32), where thin regions have
 * a few hundred to 1,900.
 */
const MAX_PLACEMENTS = 2000;

export interface RegionProblem {
  /** width × height bytes, 1 where the region has a cell to cover. */
  mask: Uint8Array;
  width: number;
  height: number;
  /** Only tilings with fewer blocks than this are wanted. */
  below: number;
  /** Pins a block at this footprint (region coordinates) would need to the layers around it. */
  pins: (placed: PlacedFootprint) => number;
  /** Tilings not wanted again (tried, and they split the kit). */
  excluded?: PlacedFootprint[][];
}

/** Returns the best tiling, or null when none has fewer blocks than `below` (or none was proved). */
export type RegionSolver = (problem: RegionProblem) => PlacedFootprint[] | null;

/** The part of the `highs` package's model interface used here. */
interface HighsModel {
  options: { set(values: Record<string, number | string | boolean>): unknown };
  passModel(model: {
    numCols: number;
    numRows: number;
    colCost: Float64Array;
    colLower: Float64Array;
    colUpper: Float64Array;
    rowLower: Float64Array;
    rowUpper: Float64Array;
    matrix: {
      format: 'csc';
      numRows: number;
      numCols: number;
      starts: Int32Array;
      indices: Int32Array;
      values: Float64Array;
    };
    integrality?: Int32Array;
  }): unknown;
  run(): { modelStatus: number };
  getSolution(): { colValue: Float64Array };
  getObjectiveValue(): number;
}
interface Highs {
  withModel<R>(operation: (model: HighsModel) => R): R;
}
/** `highs.constants.modelStatus.optimal`. */
const OPTIMAL = 7;

let loading: Promise<RegionSolver> | null = null;

/** Loads HiGHS once per process (about 3.5 MB of WebAssembly) and returns the region solver. */
export function loadRegionSolver(): Promise<RegionSolver> {
  loading ??= import('highs').then(async (module) => {
    const factory = (module as unknown as { default: () => Promise<Highs> }).default;
    const highs = await factory();
    return (problem: RegionProblem) => solveRegion(highs, problem);
  });
  return loading;
}

function solveRegion(highs: Highs, problem: RegionProblem): PlacedFootprint[] | null {
  const { mask, width, height, below } = problem;
  // Rows: one per cell of the region (covered exactly once), then the count of blocks (< below).
  const rowOf = new Int32Array(mask.length).fill(-1);
  let cells = 0;
  for (let i = 0; i < mask.length; i++) if (mask[i] === 1) rowOf[i] = cells++;
  const places: PlacedFootprint[] = [];
  const starts: number[] = [0];
  const indices: number[] = [];
  for (const { sx, sy } of FOOTPRINTS) {
    for (let y = 0; y + sy <= height; y++) {
      for (let x = 0; x + sx <= width; x++) {
        let fits = true;
        for (let j = 0; j < sy && fits; j++)
          for (let i = 0; i < sx; i++) if (mask[(y + j) * width + x + i] !== 1) fits = false;
        if (!fits) continue;
        places.push({ x, y, sx, sy });
        for (let j = 0; j < sy; j++)
          for (let i = 0; i < sx; i++) indices.push(rowOf[(y + j) * width + x + i]!);
        indices.push(cells);
        starts.push(indices.length);
      }
    }
  }
  const numCols = places.length;
  if (numCols > MAX_PLACEMENTS) return null;
  // After the count, a row per excluded tiling: at most all but one of its blocks.
  const columnOf = new Map(places.map((p, k) => [`${p.x},${p.y},${p.sx},${p.sy}`, k]));
  const cuts = (problem.excluded ?? []).map((tiling) =>
    tiling.map((p) => columnOf.get(`${p.x},${p.y},${p.sx},${p.sy}`)!),
  );
  if (cuts.length > 0) {
    const columns = places.map((_, k) => indices.slice(starts[k]!, starts[k + 1]!));
    cuts.forEach((cut, r) => {
      for (const k of cut) columns[k]!.push(cells + 1 + r);
    });
    indices.length = 0;
    starts.length = 1;
    for (const column of columns) {
      indices.push(...column);
      starts.push(indices.length);
    }
  }
  const numRows = cells + 1 + cuts.length;
  const rowLower = new Float64Array(numRows).fill(1);
  const rowUpper = new Float64Array(numRows).fill(1);
  rowLower[cells] = 0;
  rowUpper[cells] = below - 1;
  cuts.forEach((cut, r) => {
    rowLower[cells + 1 + r] = 0;
    rowUpper[cells + 1 + r] = cut.length - 1;
  });
  const model = {
    numCols,
    numRows,
    colLower: new Float64Array(numCols),
    colUpper: new Float64Array(numCols).fill(1),
    rowLower,
    rowUpper,
    matrix: {
      format: 'csc' as const,
      numRows,
      numCols,
      starts: Int32Array.from(starts),
      indices: Int32Array.from(indices),
      values: new Float64Array(indices.length).fill(1),
    },
  };
  // Presolve off and the first improving tiling taken: on these small programmes presolve and the
  // search for better incumbents cost more than they save (dragon-4 at 32: 5.4 s of solving to 2.5 s).
  const options = {
    output_flag: false,
    random_seed: 0,
    presolve: 'off',
    mip_max_nodes: MIP_NODE_LIMIT,
    mip_max_improving_sols: 1,
    mip_rel_gap: 0,
  };
  const colCost = new Float64Array(numCols);
  for (let k = 0; k < numCols; k++) colCost[k] = 1000 + problem.pins(places[k]!);
  // The linear relaxation first: where it has no solution, no tiling has fewer blocks (most regions
  // of a good layout); where its solution is whole (every block in or out), that is the tiling.
  // Only a fractional solution needs the integer search.
  const relaxed = highs.withModel((m) => {
    m.options.set(options);
    m.passModel({ ...model, colCost });
    return m.run().modelStatus === OPTIMAL ? m.getSolution().colValue.slice() : null;
  });
  if (!relaxed) return null;
  const whole = relaxed.every((v) => v < 1e-6 || v > 1 - 1e-6);
  const values = whole
    ? relaxed
    : highs.withModel((m) => {
        m.options.set(options);
        m.passModel({ ...model, colCost, integrality: new Int32Array(numCols).fill(1) });
        m.run();
        // Optimal, or the best found within the node limit (checked below to be a tiling).
        return m.getSolution().colValue.slice();
      });
  const tiling = places.filter((_, k) => values[k]! > 0.5);
  // Used only if it covers every cell of the region exactly once with fewer blocks.
  const covered = new Uint8Array(mask.length);
  for (const p of tiling)
    for (let j = 0; j < p.sy; j++) for (let i = 0; i < p.sx; i++) covered[(p.y + j) * width + p.x + i]!++;
  for (let i = 0; i < mask.length; i++) if (covered[i] !== mask[i]) return null;
  return tiling.length < below ? tiling : null;
}
