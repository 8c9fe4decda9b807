// More pins where the load needs them. A pair of stacked blocks gets one pin for a single shared
// cell and two at the far corners of a larger overlap: enough to stop it pivoting, not always to
// hold what hangs from it. The joint model (joint-forces.ts) gives the pin tension each joint's
// share of the load needs; a pair whose pins would be over their design force gets as many as it
// needs, up to one per shared cell (every aligned pair of holes), placed symmetrically so their
// pull still acts at the contact's centre. A joint that needs more than its cells can take stays
// overloaded and is reported: reinforcing never hides a weak point, it only removes the ones a
// builder can fix by pushing in another pin. The same for every partial build of the steps: a joint
// overloaded only while the model is half built gets the pins that hold it then.

import {
  analyseJointForces,
  analyseJointsDuringBuild,
  type BuildJointReport,
  type JointSolver,
  PIN_DESIGN_FORCE_N,
} from '../build/joint-forces';
import type { KitStructure } from '../build/kit-structure';
import { groundContactTopLayer } from '../build/stability';
import { type BlockKit, pinsForOverlap, totalPins } from './block-kit';

/** Raises the pin count of every pair whose load needs more, then the kit's pin totals; returns the pins added. */
export function reinforcePins(
  kit: BlockKit,
  structure: KitStructure,
  /** The partial builds' loads when already solved for this kit; false: the finished model's only. */
  options: {
    duringBuild?: BuildJointReport | false;
    /** The kit's joint tables when already built (joint-forces.ts, `jointSolver`). */
    solver?: JointSolver;
  } = {},
): number {
  const need = new Map<number, number>();
  const count = kit.blocks.length;
  const onJoint = (lower: number, upper: number, sharedCells: number, tensionN: number) => {
    const pins = Math.min(sharedCells, Math.ceil(tensionN / PIN_DESIGN_FORCE_N - 1e-9));
    const key = lower * count + upper;
    if (pins > pinsForOverlap(sharedCells) && pins > (need.get(key) ?? 0)) need.set(key, pins);
  };
  const contactTop = groundContactTopLayer(structure);
  analyseJointForces(kit, structure, contactTop, { limit: 0, onJoint, solver: options.solver });
  // The partial builds too: a joint an unfinished model overloads gets the pins it needs then, so
  // fewer steps need a prop (the highest tension over the steps; pins stay in the finished kit).
  if (options.duringBuild !== false) {
    const raw = (
      options.duringBuild ?? analyseJointsDuringBuild(kit, structure, contactTop, { solver: options.solver })
    ).raw;
    for (let m = 0; m < raw.maxTension.length; m++)
      if (raw.maxTension[m]! >= 0)
        onJoint(raw.jLower[m]!, raw.jUpper[m]!, raw.jCells[m]!, raw.maxTension[m]!);
  }
  if (need.size === 0) return 0;
  let added = 0;
  const pairs = kit.pairs;
  for (let k = 0; k < pairs.count; k++) {
    const pins = need.get(pairs.lower[k]! * count + pairs.upper[k]!);
    if (pins !== undefined && pins > pairs.pins[k]!) {
      added += pins - pairs.pins[k]!;
      pairs.pins[k] = pins;
    }
  }
  if (added === 0) return 0;
  // The totals that count pins: each step's, the bill of materials, the metrics.
  for (const step of kit.steps)
    step.pinCount = step.fastenerIds.reduce((n, id) => n + (pairs.pins[id] ?? 0), 0);
  const total = totalPins(pairs);
  kit.billOfMaterials.fasteners = total > 0 ? [{ part: 'pin', count: total }] : [];
  const m = kit.metrics;
  m.fastenerCount = total;
  if (m.baselineFastenerCount !== undefined) {
    const baseline = m.baselineCount + m.baselineFastenerCount;
    m.reductionWithFasteners = baseline > 0 ? 1 - (m.partCount + total) / baseline : 0;
  }
  return added;
}
