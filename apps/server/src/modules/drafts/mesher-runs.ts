/**
 * What the draft jobs share for geometry: running a mesher task in its thread within the job's
 * budget (and what a thread failure means for the owner), reading a model's source, the build's
 * checks as the draft keeps them, and what a failure of the image processes means.
 */
import type { BuildReport } from '@kitwright/mesher';
import { JobError } from '../../platform/jobs';
import { MesherThreadError } from '../../platform/mesher/pool';
import type { MesherTask } from '../../platform/mesher/tasks';
import type { DraftJobsContext, DraftRun } from './context';

export function buildValidation(report: BuildReport) {
  return {
    buildable: report.buildable,
    allowed: report.allowed,
    stability: report.stability.verdict,
    structural_verdict: report.stability.structuralVerdict,
    tipping_margin_deg: report.stability.tippingMarginDeg,
    joints: {
      weak_joint_count: report.stability.joints.weakJointCount,
      overloaded_joint_count: report.stability.joints.overloadedJointCount,
      max_utilisation: report.stability.joints.maxUtilisation,
      most_loaded: report.stability.joints.joints.slice(0, 20),
    },
    held_steps: report.stability.heldSteps.map((h) => ({
      from_step: h.fromStep,
      to_step: h.toStep,
      until_step: h.untilStep,
      layer: h.layer,
    })),
    build_joints: {
      steps: report.stability.buildJoints.steps,
      steps_checked: report.stability.buildJoints.stepsChecked,
      max_utilisation: report.stability.buildJoints.maxUtilisation,
      overloaded_at_step: report.stability.buildJoints.overloadedAtStep,
      supported_steps: report.stability.buildJoints.supportedSteps.map((h) => ({
        from_step: h.fromStep,
        to_step: h.toStep,
        until_step: h.untilStep,
        layer: h.layer,
      })),
      most_loaded: report.stability.buildJoints.joints.slice(0, 20),
    },
    problems: report.problems.map((p) => ({ code: p.code, message: p.message })),
  };
}

/** What a thread failure means for the owner: a budget overrun is not worth retrying. */
function threadFailure(err: unknown): never {
  if (err instanceof MesherThreadError) {
    if (err.reason === 'timeout')
      throw new JobError(
        'TIME_BUDGET_EXCEEDED',
        'This model takes longer to process than we allow. Try a smaller size.',
        false,
      );
    if (err.reason === 'memory')
      throw new JobError(
        'MEMORY_BUDGET_EXCEEDED',
        'This model needs more memory than we allow. Try a smaller size.',
        false,
      );
    if (err.reason === 'aborted') throw err;
  }
  throw new JobError('PROCESSING_FAILED', 'Processing stopped unexpectedly. Trying again may help.', true, {
    cause: err,
  });
}

export async function runThread(
  ctx: DraftJobsContext,
  run: DraftRun,
  task: MesherTask,
  onStage?: (stage: string, fraction: number) => void,
) {
  try {
    return await ctx.mesher.run(task, {
      timeoutMs: ctx.config.jobs.timeBudgetMs,
      signal: run.signal,
      ...(onStage ? { onProgress: onStage } : {}),
    });
  } catch (err) {
    if (run.signal.aborted) throw run.signal.reason;
    return threadFailure(err);
  }
}

/**
 * What a draft's model is built from: the mesh validated once at upload (or, for a model uploaded
 * before meshes were stored, the file), and whether its owner accepted repairing it.
 */
export async function readSource(ctx: DraftJobsContext, uploadId: string | null) {
  if (!uploadId) throw new JobError('SOURCE_MISSING', 'The draft has no source file.', false);
  const source = await ctx.media.modelSource(uploadId);
  if (!source)
    throw new JobError('SOURCE_MISSING', 'The source file is no longer available. Upload it again.', false);
  return source;
}

/**
 * The image processes failed a task (stuck or died; a preview is tried twice, each time in a
 * fresh process), were too busy to queue it, or refused an SVG we drew ourselves: the job is
 * retried later, like any outage.
 */
export function imageOutage(err: unknown): JobError {
  return new JobError(
    'PROCESSING_FAILED',
    'The picture work stopped unexpectedly. It will be tried again.',
    true,
    {
      cause: err,
    },
  );
}
