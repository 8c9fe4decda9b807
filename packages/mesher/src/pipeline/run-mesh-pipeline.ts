// Upload to kit in one call: parse → validate mesh → voxelise → block kit → validate build →
// preview, with progress per stage and cooperative cancellation (an AbortSignal checked between
// and inside stages, and an optional time limit) so a worker can stop a job cleanly. Strict by
// default; `strict: false` repairs what parsing and mesh validation flag as recoverable. A mesh that
// inspectModel already validated may be given instead of the file, so it is not parsed twice.
//
// The kit depends on the input and the options only, never on the machine: the searches that trade
// time for fewer parts stop on work budgets counted in steps (build-block-kit.ts). Clock readings
// here only fill `timings` or enforce `timeBudgetMs`, which fails the run rather than return a
// different kit.

import { checkUseCase } from '../build/use-case-gate';
import { type BuildReport, validateBuild } from '../build/validate-build';
import type { PaletteColourId } from '../colour/palette';
import { type MesherLimits, resolveLimits } from '../config/limits';
import { type MeshError, type MeshErrorCode, MeshFailure, meshError } from '../errors/error-codes';
import type { BlockKit } from '../kit/block-kit';
import {
  finishKit,
  layOutBlocks,
  rejoinGroups,
  wantsRegionSolver,
  withoutUnusedRoom,
  withRoomToBridge,
  writeKit,
} from '../kit/build-block-kit';
import { loadRegionSolver } from '../kit/region-solver';
import { trimSpeckBlocks } from '../kit/trim-detached-specks';
import { OPEN_SHEET_CAP_SHARE } from '../mesh/hole-caps';
import { type TriangleMesh, UP_DIRECTIONS, type UpDirection } from '../mesh/triangle-mesh';
import type { MeshReport } from '../mesh/validate-mesh';
import type { ModelFormat } from '../parse/detect-format';
import { geometryDecodersFor } from '../parse/geometry-decoders';
import { parseModel } from '../parse/parse-model';
import type { ParseWarning } from '../parse/parse-warning';
import { choosePose, givenPose, type PoseChoice } from '../pose/choose-pose';
import { renderPreviewSvg } from '../preview/render-preview-svg';
import type { VoxelGrid, VoxelGridStats } from '../voxel/voxel-grid';
import { voxelise } from '../voxel/voxelise';
import { type InspectSuccess, type InspectValidationFailure, validateParsed } from './inspect-model';

export const PIPELINE_STAGES = [
  'parse',
  'validate-mesh',
  'voxelise',
  'kit',
  'validate-build',
  'preview',
] as const;
export type PipelineStage = (typeof PIPELINE_STAGES)[number];

export interface PipelineProgress {
  stage: PipelineStage;
  /** Overall progress of the whole pipeline, 0 to 1. */
  fraction: number;
}

/**
 * A mesh already read and validated, in place of the file: what a passing inspectModel returned,
 * possibly kept with encodeMesh and read back with decodeMesh. The report's verdict stands (its
 * `problems` still refuse the run): `strict`, `format` and the parse limits of the options were
 * applied when it was made, and are not applied again.
 */
export interface ValidatedMesh {
  mesh: TriangleMesh;
  meshReport: MeshReport;
  format: ModelFormat;
  /** The parse warnings of that check (returned in the outcome as the file's would be); default none. */
  warnings?: ParseWarning[];
}

export interface MeshPipelineOptions {
  /** Longest side of the model in blocks. */
  size: number;
  /** Only for file bytes: skip detection. */
  format?: ModelFormat;
  /**
   * Which way of the model points up: x, y, z or their negatives, obeyed as given; absent or
   * 'auto': the mesher chooses the resting pose (choosePose: the widest base and least overhang,
   * the format's convention when it is about as good), reported in the outcome's `pose`.
   */
  up?: UpDirection | 'auto';
  hollow?: { wallThickness: number };
  colour?: PaletteColourId;
  /** Defaults to 'free_standing'. */
  useCase?: string;
  limits?: Partial<MesherLimits>;
  onProgress?: (progress: PipelineProgress) => void;
  signal?: AbortSignal;
  /**
   * Safety limit: after this many milliseconds the run fails with TIME_BUDGET_EXCEEDED (checked
   * between stages and between layers of the block layout). It can only fail a run, never cut a
   * search short and return a different kit: a machine either returns the kit every machine
   * returns for this input, or none.
   */
  timeBudgetMs?: number;
  /**
   * Default true: format violations (parseModel) and surfaces too open to enclose anything
   * (validateMesh's NOT_ENCLOSED) refuse the upload with `details.recoverable: true`. False: the
   * file is read around them, the repairs are listed in `warnings` and `meshReport.findings`, and
   * the kit is built.
   */
  strict?: boolean;
}

/** Per stage, plus `pose` (choosing the pose, part of the voxelise stage) and the total. */
export type PipelineTimings = Record<PipelineStage, number> & { pose: number; total: number };

export type PipelineOutcome =
  | {
      ok: true;
      format: ModelFormat;
      warnings: ParseWarning[];
      meshReport: MeshReport;
      /** trimmedCells: voxels removed because no block could join them to the model (specks). */
      voxels: { dims: [number, number, number]; trimmedCells: number } & VoxelGridStats;
      /** The up direction built, whether it was chosen or given, why, and the six poses' scores. */
      pose: PoseChoice;
      kit: BlockKit;
      buildReport: BuildReport;
      previewSvg: string;
      timings: PipelineTimings;
    }
  | { ok: false; error: MeshError & { stage: PipelineStage }; meshReport?: MeshReport };

/** Where each stage ends on the overall progress bar (rough share of the work). */
const STAGE_END: Record<PipelineStage, number> = {
  parse: 0.15,
  'validate-mesh': 0.2,
  voxelise: 0.35,
  kit: 0.85,
  'validate-build': 0.93,
  preview: 1,
};

/**
 * The validate-mesh stage for a mesh validated earlier: its report decides, as validateMesh's would.
 * A report of another mesh (counts that differ) is refused (INVALID_OPTIONS) rather than trusted.
 */
function acceptValidated(input: ValidatedMesh): InspectSuccess | InspectValidationFailure {
  const { mesh, meshReport, format } = input;
  const warnings = input.warnings ?? [];
  const triangles = mesh.indices.length / 3;
  if (meshReport.triangleCount !== triangles || meshReport.vertexCount !== mesh.positions.length / 3) {
    throw new MeshFailure(
      meshError('INVALID_OPTIONS', 'The mesh report describes another mesh than the one given.', {
        reportTriangles: meshReport.triangleCount,
        meshTriangles: triangles,
      }),
    );
  }
  const blocking = meshReport.problems[0];
  if (blocking)
    return { ok: false, error: { ...blocking, stage: 'validate-mesh' }, format, warnings, meshReport };
  return { ok: true, format, warnings, mesh, meshReport };
}

function nextTick(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * From a model file's bytes, or from a mesh a previous inspectModel validated: with a mesh the
 * parse and validate-mesh stages do no work (their progress is reported as done at once) and the
 * outcome, kit included, is the one the file would give with the same options.
 */
export async function runMeshPipeline(
  input: Uint8Array | ValidatedMesh,
  options: MeshPipelineOptions,
): Promise<PipelineOutcome> {
  const started = performance.now();
  const limits = resolveLimits(options.limits);
  const timings = {
    parse: 0,
    'validate-mesh': 0,
    voxelise: 0,
    kit: 0,
    'validate-build': 0,
    preview: 0,
    pose: 0,
    total: 0,
  };
  let stage: PipelineStage = 'parse';
  const failure = (
    code: MeshErrorCode,
    message?: string,
    details?: MeshError['details'],
  ): PipelineOutcome => ({
    ok: false,
    error: { ...meshError(code, message, details), stage },
  });
  const checkpoint = () => {
    if (options.signal?.aborted) throw new MeshFailure(meshError('ABORTED'));
    if (options.timeBudgetMs !== undefined && performance.now() - started > options.timeBudgetMs) {
      throw new MeshFailure(meshError('TIME_BUDGET_EXCEEDED', undefined, { budgetMs: options.timeBudgetMs }));
    }
  };
  const enter = async (next: PipelineStage) => {
    stage = next;
    // Let the event loop deliver an abort before a stage starts.
    await nextTick();
    checkpoint();
  };
  const leave = (finished: PipelineStage, since: number) => {
    timings[finished] = performance.now() - since;
    options.onProgress?.({ stage: finished, fraction: STAGE_END[finished] });
  };

  if (!Number.isInteger(options.size) || options.size < limits.minSize || options.size > limits.maxSize) {
    return failure(
      'INVALID_OPTIONS',
      `Size must be a whole number of blocks from ${limits.minSize} to ${limits.maxSize}.`,
      {
        size: options.size,
      },
    );
  }
  if (
    options.hollow &&
    !(options.hollow.wallThickness >= 1 && options.hollow.wallThickness <= options.size / 2)
  ) {
    return failure(
      'INVALID_OPTIONS',
      'The wall thickness must be at least 1 block and at most half the size.',
    );
  }
  if (options.up !== undefined && options.up !== 'auto' && !UP_DIRECTIONS.includes(options.up)) {
    return failure('INVALID_OPTIONS', `Up must be 'auto' or one of ${UP_DIRECTIONS.join(', ')}.`, {
      up: String(options.up),
    });
  }
  const useCase = checkUseCase(options.useCase ?? 'free_standing');
  if (!useCase.allowed)
    return failure('USE_CASE_BLOCKED', useCase.reason ?? undefined, { useCase: useCase.useCase });

  let meshReport: MeshReport | undefined;
  try {
    await enter('parse');
    options.onProgress?.({ stage: 'parse', fraction: 0 });
    let since = performance.now();
    const strict = options.strict !== false;
    // The same two halves as inspectModel, with a stage boundary (progress, cancellation) between.
    const parsed =
      input instanceof Uint8Array
        ? parseModel(input, {
            format: options.format,
            limits,
            strict,
            decoders: await geometryDecodersFor(input, options.format),
          })
        : null;
    if (parsed && !parsed.ok) return { ok: false, error: { ...parsed.error, stage: 'parse' } };
    leave('parse', since);

    await enter('validate-mesh');
    since = performance.now();
    const inspected = parsed
      ? validateParsed(parsed, { limits, strict })
      : acceptValidated(input as ValidatedMesh);
    if (!inspected.ok) return { ok: false, error: inspected.error, meshReport: inspected.meshReport };
    meshReport = inspected.meshReport;
    leave('validate-mesh', since);

    await enter('voxelise');
    since = performance.now();
    const pose =
      options.up === undefined || options.up === 'auto'
        ? choosePose(inspected.mesh, { size: options.size, watertight: meshReport.watertight })
        : givenPose(options.up, inspected.mesh.upAxis);
    timings.pose = performance.now() - since;
    checkpoint();
    let grid = voxelise(inspected.mesh, {
      size: options.size,
      up: pose.up,
      hollow: options.hollow,
      colour: options.colour,
      watertight: meshReport.watertight,
      openSheet: (meshReport.holeCapShare ?? 0) > OPEN_SHEET_CAP_SHARE,
    });
    leave('voxelise', since);

    await enter('kit');
    since = performance.now();
    // Specks (groups of ≤ SPECK_CELLS cells joined to nothing) leave the layout with their
    // voxels; the rest of the layout stays as laid out (trim-detached-specks.ts), and the joining
    // of the groups left runs once more, as a rebuild's would.
    // The layout lives only inside `laidOut`: once the kit is written, nothing refers to it, so
    // its arrays can be collected before the kit is checked and analysed (checkKit).
    // Small models get whole regions of their layers solved exactly (HiGHS, loaded once).
    const regionSolver = wantsRegionSolver(grid) ? await loadRegionSolver() : undefined;
    const laidOut = (voxels: VoxelGrid) => {
      // A model one layer thick gets a layer above it for the blocks that join its groups.
      const room = withRoomToBridge(voxels);
      const layout = layOutBlocks(room, { checkpoint, ...(regionSolver ? { regionSolver } : {}) });
      const trimmed = trimSpeckBlocks(layout, room);
      if (trimmed) rejoinGroups(layout, { checkpoint });
      const kitGrid = withoutUnusedRoom(layout, trimmed ? trimmed.grid : room, voxels.dims[2]);
      return {
        kit: writeKit(layout, kitGrid),
        grid: kitGrid,
        trimmedCells: trimmed ? trimmed.trimmedCells : 0,
      };
    };
    // The voxels as voxelised: the kit's grid may have a layer of room above them (withRoomToBridge).
    const voxelDims = grid.dims;
    const written = laidOut(grid);
    grid = written.grid;
    const trimmedCells = written.trimmedCells;
    const kit: BlockKit = finishKit(written.kit, grid);
    leave('kit', since);

    await enter('validate-build');
    since = performance.now();
    const buildReport = validateBuild(kit, { useCase: useCase.useCase, grid });
    leave('validate-build', since);

    await enter('preview');
    since = performance.now();
    const previewSvg = renderPreviewSvg(kit);
    leave('preview', since);

    timings.total = performance.now() - started;
    return {
      ok: true,
      format: inspected.format,
      warnings: inspected.warnings,
      meshReport,
      voxels: { dims: voxelDims, ...grid.stats, trimmedCells },
      pose,
      kit,
      buildReport,
      previewSvg,
      timings,
    };
  } catch (error) {
    if (error instanceof MeshFailure) {
      const outcome: PipelineOutcome = { ok: false, error: { ...error.error, stage } };
      if (meshReport) outcome.meshReport = meshReport;
      return outcome;
    }
    return failure('INTERNAL_ERROR', undefined, {
      reason: error instanceof Error ? error.message : String(error),
    });
  }
}
