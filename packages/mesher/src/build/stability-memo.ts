// The kit builder's stability analysis, handed to the validator when the kit it validates is provably
// the one analysed. checkKit ends with analyseStability(kit, readKitStructure(kit)); the pipeline's
// validator then asks the same question of the same kit, and at 256 the answer costs seconds (the
// joint tables, the finished model's solve, up to two million block visits of partial builds). The
// report is a function of the kit's inputs alone: the blocks (id, position, layer, size, part and
// orientation, which give the structure), the steps (their blocks, layer, `hanging`, hold and
// support marks), the pinned pairs with their pins and the kit's dimensions. rememberStability keeps
// an exact copy of those inputs with the report (32 bytes per block and 9 per pair); recall
// compares every one of them with the kit as it is now and returns the report only when all are
// equal, once (the entry is dropped, so the copy does not outlive the validation). A kit changed in
// between, or a value that is not a 32-bit integer (no kit the mesher writes has one), is analysed
// again. Nothing is trusted that is not compared: the memo saves time, never changes an answer.

import type { BlockKit } from '../kit/block-kit';
import type { StabilityReport } from './stability';

interface Remembered {
  /** The blocks, steps and dimensions (visitInputs), then the pairs as columns. */
  values: Int32Array;
  lower: Int32Array;
  upper: Int32Array;
  pins: Uint8Array;
  /** Part ids in the order they were numbered. */
  parts: string[];
  report: StabilityReport;
}

const remembered = new WeakMap<BlockKit, Remembered>();

const isInt32 = (value: unknown): value is number => typeof value === 'number' && (value | 0) === value;
/** An optional step mark: 0 absent, 1 a 32-bit integer (its value follows), anything else refused. */
const mark = (value: unknown) => (value === undefined ? 0 : isInt32(value) ? 1 : Number.NaN);

/**
 * Visits the inputs of the stability analysis but the pairs as 32-bit integers, in a fixed order;
 * stops at the first value `put` refuses (false). Part ids are numbered by `part`.
 */
function visitInputs(kit: BlockKit, put: (value: unknown) => boolean, part: (id: string) => number): boolean {
  const d = kit.metrics.dimensions.cells;
  if (!(put(d.x) && put(d.y) && put(d.z))) return false;
  const blocks = kit.blocks;
  if (!put(blocks.length)) return false;
  for (const b of blocks) {
    if (
      !(
        put(b.id) &&
        put(b.x) &&
        put(b.y) &&
        put(b.layer) &&
        put(b.size.x) &&
        put(b.size.y) &&
        put(b.orientation) &&
        put(typeof b.part === 'string' ? part(b.part) : Number.NaN)
      )
    )
      return false;
  }
  const steps = kit.steps;
  if (!put(steps.length)) return false;
  for (const s of steps) {
    // `hanging` is read as true or not (`=== true` and `!hanging` agree for every falsy value).
    const hanging = s.hanging === true ? 1 : s.hanging ? 2 : 0;
    if (
      !(
        put(s.step) &&
        put(s.layer) &&
        put(hanging) &&
        put(mark(s.holdUntilStep)) &&
        put(s.holdUntilStep ?? 0) &&
        put(mark(s.supportUntilStep)) &&
        put(s.supportUntilStep ?? 0) &&
        put(s.blockIds.length)
      )
    )
      return false;
    for (const id of s.blockIds) if (!put(id)) return false;
  }
  return put(kit.pairs.count);
}

/** Keeps `report` (analyseStability of `kit` as it is now) for the validator of the same kit. */
export function rememberStability(kit: BlockKit, report: StabilityReport): void {
  remembered.delete(kit);
  // Counted first, so the copy is allocated once at its size (it is kept beside the kit).
  let length = 0;
  const parts: string[] = [];
  const numbers = new Map<string, number>();
  const number = (id: string) => {
    let n = numbers.get(id);
    if (n === undefined) {
      n = parts.length;
      numbers.set(id, n);
      parts.push(id);
    }
    return n;
  };
  if (!visitInputs(kit, (value) => isInt32(value) && ++length > 0, number)) return;
  const values = new Int32Array(length);
  length = 0;
  visitInputs(
    kit,
    (value) => {
      values[length++] = value as number;
      return true;
    },
    number,
  );
  const pairs = kit.pairs;
  const lower = new Int32Array(pairs.count);
  const upper = new Int32Array(pairs.count);
  const pins = new Uint8Array(pairs.count);
  for (let k = 0; k < pairs.count; k++) {
    const l = pairs.lower[k];
    const u = pairs.upper[k];
    const p = pairs.pins[k];
    if (!(isInt32(l) && isInt32(u) && isInt32(p) && p >= 0 && p <= 255)) return;
    lower[k] = l;
    upper[k] = u;
    pins[k] = p;
  }
  remembered.set(kit, { values, lower, upper, pins, parts, report });
}

/**
 * The report rememberStability kept for this kit, if every input of the analysis is still what it
 * was (compared value by value); undefined otherwise. Either way the entry is dropped.
 */
export function recallStability(kit: BlockKit): StabilityReport | undefined {
  const entry = remembered.get(kit);
  if (!entry) return undefined;
  remembered.delete(kit);
  const { values } = entry;
  const numbers = new Map<string, number>(entry.parts.map((id, n) => [id, n]));
  let at = 0;
  const same = visitInputs(
    kit,
    (value) => at < values.length && isInt32(value) && values[at++] === value,
    (id) => numbers.get(id) ?? -1,
  );
  if (!(same && at === values.length)) return undefined;
  const pairs = kit.pairs;
  for (let k = 0; k < pairs.count; k++)
    if (
      pairs.lower[k] !== entry.lower[k] ||
      pairs.upper[k] !== entry.upper[k] ||
      pairs.pins[k] !== entry.pins[k]
    )
      return undefined;
  return entry.report;
}
