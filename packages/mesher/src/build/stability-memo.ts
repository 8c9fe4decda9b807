// The kit builder's stability analysis, handed to the validator when the kit it validates is provably
// the one analysed. checkKit ends with analyseStability(kit, readKitStructure(kit)); the pipeline's
// validator then asks the same question of the same kit, and at 256 the answer costs seconds (the
// joint tables, the finished model's solve, up to two million block visits of partial builds). The
// report is a function of the kit's inputs alone: the blocks (id, position, layer, size, part and
// orientation, which give the structure), the steps (their blocks, layer, `hanging`, hold and
// support marks), the pinned pairs with their pins and the kit's dimensions. rememberStability keeps
// an exact copy of those inputs with the report (about 24 bytes per block and 12 per pair); recall
// compares every one of them with the kit as it is now and returns the report only when all are
// equal, once (the entry is dropped, so the copy does not outlive the validation). A kit changed in
// between, or a value that is not a 32-bit integer (no kit the mesher writes has one), is analysed
// again. Nothing is trusted that is not compared: the memo saves time, never changes an answer.

import type { BlockKit } from '../kit/block-kit';
import type { StabilityReport } from './stability';

interface Remembered {
  values: Int32Array;
  /** Part ids in the order they were numbered. */
  parts: string[];
  report: StabilityReport;
}

const remembered = new WeakMap<BlockKit, Remembered>();

const isInt32 = (value: unknown): value is number => typeof value === 'number' && (value | 0) === value;
/** An optional step mark: 0 absent, 1 a 32-bit integer (its value follows), anything else refused. */
const mark = (value: unknown) => (value === undefined ? 0 : isInt32(value) ? 1 : Number.NaN);

/**
 * Visits the inputs of the stability analysis as 32-bit integers, in a fixed order; stops at the
 * first value `put` refuses (false). Part ids are numbered by `part`.
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
  const pairs = kit.pairs;
  if (!put(pairs.count)) return false;
  for (let k = 0; k < pairs.count; k++)
    if (!(put(pairs.lower[k]) && put(pairs.upper[k]) && put(pairs.pins[k]))) return false;
  return true;
}

/** Keeps `report` (analyseStability of `kit` as it is now) for the validator of the same kit. */
export function rememberStability(kit: BlockKit, report: StabilityReport): void {
  let values = new Int32Array(1024);
  let length = 0;
  const parts: string[] = [];
  const numbers = new Map<string, number>();
  const complete = visitInputs(
    kit,
    (value) => {
      if (!isInt32(value)) return false;
      if (length === values.length) {
        const grown = new Int32Array(values.length * 2);
        grown.set(values);
        values = grown;
      }
      values[length++] = value;
      return true;
    },
    (id) => {
      let n = numbers.get(id);
      if (n === undefined) {
        n = parts.length;
        numbers.set(id, n);
        parts.push(id);
      }
      return n;
    },
  );
  if (complete) remembered.set(kit, { values: values.slice(0, length), parts, report });
  else remembered.delete(kit);
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
  return same && at === values.length ? entry.report : undefined;
}
