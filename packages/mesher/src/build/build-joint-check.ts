// The partial builds' joint loads judged against the kit's steps: where a step leaves a joint pulled
// beyond what its pins hold, the step must say to prop it until a later step relieves it.

import type { BlockKit } from '../kit/block-kit';
import type { BuildJointReport, StepJointLoad } from './joint-forces';
import type { HeldSteps } from './stability';

/** Joint loads of the partial builds (joint-forces.ts, analyseJointsDuringBuild). */
export interface BuildJointCheck {
  /** Steps, and how many were solved (all unless the work budget bound; the last is the finished model). */
  steps: number;
  stepsChecked: number;
  /** Highest joint utilisation in any checked partial build before the last step. */
  maxUtilisation: number;
  /** Runs of steps with an overloaded joint that their steps say to prop until a step that relieves it: weak points. */
  supportedSteps: HeldSteps[];
  /** The first step with an overloaded joint that its step does not say to prop (or not until a step that relieves it), or null. */
  overloadedAtStep: number | null;
  /** Overloaded joints, each at its worst step, the most loaded first. */
  joints: StepJointLoad[];
}

/**
 * Judges the partial builds' joints against the kit's steps: a step after which a joint is
 * overloaded must say to prop it (`supportUntilStep`) until a later step after which no joint is
 * overloaded (or the last step: the finished model is judged on its own); unmarked, it fails.
 */
export function checkBuildJoints(kit: BlockKit, report: BuildJointReport): BuildJointCheck {
  const steps = kit.steps;
  const supportedSteps: HeldSteps[] = [];
  let overloadedAtStep: number | null = null;
  const lastStep = steps.length > 0 ? steps[steps.length - 1]!.step : 0;
  for (let k = 0; k < steps.length - 1; k++) {
    if (!report.checked[k] || report.overloaded[k] === 0) continue;
    const step = steps[k]!;
    const until = step.supportUntilStep;
    const relieved =
      until !== undefined &&
      Number.isInteger(until) &&
      until > step.step &&
      until <= lastStep &&
      (until === lastStep || !report.checked[until - 1] || report.overloaded[until - 1] === 0);
    if (relieved) {
      const run = supportedSteps[supportedSteps.length - 1];
      if (run && run.untilStep === until && run.toStep + 1 >= step.step) run.toStep = step.step;
      else
        supportedSteps.push({ fromStep: step.step, toStep: step.step, untilStep: until, layer: step.layer });
    } else if (overloadedAtStep === null) overloadedAtStep = step.step;
  }
  return {
    steps: report.steps,
    stepsChecked: report.stepsChecked,
    maxUtilisation: report.maxUtilisation,
    supportedSteps,
    overloadedAtStep,
    joints: report.joints,
  };
}
