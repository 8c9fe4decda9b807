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
// Deterministic: one thread (the WebAssembly build has no others), a fixed seed, a node limit, a size
// limit and a work budget per model counted in simplex iterations (RegionWork), never a time limit,
// so the same model gives the same kit on every machine.

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

/**
 * The region solver's work, shared by every region of one model, in units that are the same on
 * every machine: simplex iterations times the programme's size ((rows + columns) / 1,000), those of
 * the integer search weighted MIP_ITERATION_WEIGHT times (its node problems come with cut rounds
 * and heuristics: about 15 times the cost of a relaxation's iteration, measured). A solve stops when
 * the budget is spent (HiGHS' own iteration limit for the relaxation, an interrupt for the integer
 * search), and regions after that are left as they are.
 */
export interface RegionWork {
  /** Work units left. */
  left: number;
  /** Spent so far, and solves run. */
  spent: number;
  solves: number;
}

/** An integer search's LP iteration costs this many of a relaxation's (BENCHMARK.md). */
export const MIP_ITERATION_WEIGHT = 15;

/**
 * Work a model's regions may take (RegionWork units): dragon-4 and dragon-2 at 32 spend 55,000 and
 * 71,000 for their 85% (BENCHMARK.md, "The region solver, bounded by work"), 4.9 and 3.5 s of CPU
 * on the project's VM at load 12 (11,000 to 20,000 units a second); what a small flat shape of many
 * wide regions may cost is bounded by this, not by its shape.
 */
export const REGION_WORK_BUDGET = 100_000;

export function regionWork(budget = REGION_WORK_BUDGET): RegionWork {
  return { left: budget, spent: 0, solves: 0 };
}

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
  /** The model's work budget, spent by this solve (RegionWork); without it, no bound. */
  work?: RegionWork;
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
  run(
    callbacks?: Record<number, (event: { data: Record<string, unknown>; interrupt(): void }) => undefined>,
  ): {
    modelStatus: number;
  };
  getSolution(): { colValue: Float64Array };
  getObjectiveValue(): number;
  info: { get(name: string): number | bigint };
}
interface Highs {
  withModel<R>(operation: (model: HighsModel) => R): R;
}
/** `highs.constants.modelStatus.optimal`. */
const OPTIMAL = 7;
/** `highs.constants.callbackType.mipInterrupt`. */
const MIP_INTERRUPT = 6;

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
  const work = problem.work;
  if (work && work.left <= 0) return null;
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
  // An iteration's weight (work units), and the iterations the budget leaves this solve.
  const size = (numRows + numCols) / 1000;
  const iterationsLeft = (weight: number) =>
    work ? Math.max(0, Math.floor(work.left / (size * weight))) : Number.POSITIVE_INFINITY;
  const spend = (iterations: number, weight: number) => {
    if (!work) return;
    work.left -= iterations * size * weight;
    work.spent += iterations * size * weight;
  };
  if (work) work.solves++;
  if (iterationsLeft(1) < 1) return null;
  // The linear relaxation first: where it has no solution, no tiling has fewer blocks (most regions
  // of a good layout); where its solution is whole (every block in or out), that is the tiling.
  // Only a fractional solution needs the integer search.
  const relaxed = highs.withModel((m) => {
    const limit = iterationsLeft(1);
    m.options.set(Number.isFinite(limit) ? { ...options, simplex_iteration_limit: limit } : options);
    m.passModel({ ...model, colCost });
    const status = m.run().modelStatus;
    spend(infoCount(m, 'simplex_iteration_count'), 1);
    return status === OPTIMAL ? m.getSolution().colValue.slice() : null;
  });
  if (!relaxed) return null;
  const whole = relaxed.every((v) => v < 1e-6 || v > 1 - 1e-6);
  const values = whole
    ? relaxed
    : highs.withModel((m) => {
        const limit = iterationsLeft(MIP_ITERATION_WEIGHT);
        m.options.set(options);
        m.passModel({ ...model, colCost, integrality: new Int32Array(numCols).fill(1) });
        // The integer search's node problems are not bound by simplex_iteration_limit: it is
        // interrupted once its LP iterations reach what the budget leaves (a count, not a clock).
        let used = 0;
        const stop = (event: { data: Record<string, unknown>; interrupt(): void }) => {
          const total = event.data.mip_total_lp_iterations;
          if (total !== undefined) used = Math.max(used, Number(total));
          if (used >= limit) event.interrupt();
          return undefined;
        };
        m.run({ [MIP_INTERRUPT]: stop });
        // The count after the last callback when HiGHS reports it (not after every kind of stop).
        spend(Math.max(used, infoCount(m, 'mip_total_lp_iterations')), MIP_ITERATION_WEIGHT);
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

/** An iteration count HiGHS reports after a solve, 0 when it has none for this kind of stop. */
function infoCount(m: HighsModel, name: string): number {
  try {
    return Number(m.info.get(name));
  } catch {
    return 0;
  }
}
