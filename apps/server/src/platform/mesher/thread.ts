/**
 * A mesher worker thread: kept warm by the pool and given one task at a time, so geometry never
 * blocks the server's event loop and the mesher's code is loaded once per thread, not per task.
 */
import { parentPort } from 'node:worker_threads';
import {
  decodeMesh,
  encodeMesh,
  generateDesign,
  generateFromReference,
  geometryDecodersFor,
  inspectModel,
  isPaletteColourId,
  isRecoverableErrorCode,
  REPAIR_HINTS,
  ReferenceFailure,
  runMeshPipeline,
} from '@kitwright/mesher';
import type { InspectResult, MesherMessage, MesherResult, MesherTask } from './tasks';

const post = (message: MesherMessage) => parentPort?.postMessage(message);

/** Parse warnings that are notes in every mode, not repairs a lenient read made. */
function parseNotes(warnings: ReadonlyArray<{ code: string; message: string }>) {
  return warnings
    .filter((w) => !isRecoverableErrorCode(w.code))
    .map((w) => ({ code: w.code, message: w.message }));
}

/** A refusal, saying whether repairing (a lenient read) would get past it, and what that does. */
function failure(code: string, message: string): NonNullable<InspectResult['error']> {
  const recoverable = isRecoverableErrorCode(code);
  return { code, message, recoverable, hint: recoverable ? REPAIR_HINTS[code] : null };
}

async function run(task: MesherTask): Promise<MesherResult> {
  if (task.kind === 'inspect') {
    // Parsed and validated here, once: a passing model's mesh goes back to be stored for its jobs.
    const outcome = inspectModel(task.bytes, {
      limits: { maxFileBytes: task.maxFileBytes },
      strict: task.strict,
      // Draco and meshopt, loaded once per thread the first time a glTF arrives.
      decoders: await geometryDecodersFor(task.bytes),
    });
    if (!('meshReport' in outcome)) {
      return {
        kind: 'inspect',
        result: { ok: false, format: null, error: failure(outcome.error.code, outcome.error.message) },
      };
    }
    const report = outcome.meshReport;
    const blocking = report.problems[0];
    const repairs = task.strict
      ? []
      : [...outcome.warnings, ...report.findings]
          .filter((w) => isRecoverableErrorCode(w.code))
          .map((w) => ({ code: w.code, message: w.message }));
    // Notes the person should see (recomputed STL normals, triangulated polygons, ...): the parse
    // warnings no repair was asked for, shown with the mesh's own findings.
    const notes = parseNotes(outcome.warnings);
    const result: InspectResult = {
      ok: !blocking,
      format: outcome.format,
      warnings: outcome.warnings.map((w) => ({ code: w.code, message: w.message })),
      mesh: {
        triangles: report.triangleCount,
        watertight: report.watertight,
        components: report.components,
        boundary_edges: report.boundaryEdges,
        bounding_box: { min: [...report.boundingBox.min], max: [...report.boundingBox.max] },
        findings: [...notes, ...report.findings.map((f) => ({ code: f.code, message: f.message }))],
        repaired: !task.strict,
        repairs,
      },
      ...(blocking ? { error: failure(blocking.code, blocking.message) } : {}),
    };
    if (!outcome.ok) return { kind: 'inspect', result };
    return {
      kind: 'inspect',
      result,
      stored: { mesh: encodeMesh(outcome.mesh), format: outcome.format, report, warnings: outcome.warnings },
    };
  }
  if (task.kind === 'verify') {
    return { kind: 'verify', triangles: decodeMesh(task.mesh).indices.length / 3 };
  }
  if (task.kind === 'pipeline') {
    const input =
      'stored' in task.source
        ? {
            mesh: decodeMesh(task.source.stored.mesh),
            meshReport: task.source.stored.report,
            format: task.source.stored.format,
            warnings: task.source.stored.warnings,
          }
        : task.source.bytes;
    const result = await runMeshPipeline(input, {
      size: task.size,
      ...(task.format ? { format: task.format } : {}),
      ...(task.hollowWallThickness ? { hollow: { wallThickness: task.hollowWallThickness } } : {}),
      ...(task.colour && isPaletteColourId(task.colour) ? { colour: task.colour } : {}),
      ...(task.upAxis ? { up: task.upAxis } : {}),
      useCase: task.useCase,
      limits: { maxFileBytes: task.maxFileBytes },
      strict: task.strict,
      timeBudgetMs: task.timeBudgetMs,
      onProgress: (p) => post({ type: 'progress', stage: p.stage, fraction: p.fraction }),
    });
    return { kind: 'pipeline', result, notes: result.ok ? parseNotes(result.warnings) : [] };
  }
  if (task.kind === 'reference') {
    try {
      const { grid: _grid, ...outcome } = generateFromReference(
        { width: task.width, height: task.height, data: task.pixels },
        task.options,
      );
      post({ type: 'progress', stage: 'generate', fraction: 1 });
      return { kind: 'reference', result: { ok: true, ...outcome } };
    } catch (err) {
      if (err instanceof ReferenceFailure)
        return { kind: 'reference', result: { ok: false, code: err.code, message: err.message } };
      throw err;
    }
  }
  const result = generateDesign(task.prompt, {
    size: task.size,
    locale: task.locale,
    useCase: task.useCase,
    choice: task.choice ?? null,
    ...(task.proposal ? { proposal: task.proposal } : {}),
  });
  post({ type: 'progress', stage: 'generate', fraction: 1 });
  return { kind: 'prompt', result };
}

parentPort?.on('message', (task: MesherTask) => {
  run(task).then(
    (output) => post({ type: 'done', output }),
    (err: unknown) => post({ type: 'failed', message: err instanceof Error ? err.message : String(err) }),
  );
});
post({ type: 'ready' });
