/**
 * A mesher worker thread: kept warm by the pool and given one task at a time, so geometry never
 * blocks the server's event loop and the mesher's code is loaded once per thread, not per task.
 */
import { parentPort } from 'node:worker_threads';
import {
  generateFromPrompt,
  isPaletteColourId,
  isRecoverableErrorCode,
  parseModel,
  REPAIR_HINTS,
  runMeshPipeline,
  validateMesh,
} from '@kitwright/mesher';
import type { InspectResult, MesherMessage, MesherResult, MesherTask } from './tasks';

const post = (message: MesherMessage) => parentPort?.postMessage(message);

/** A refusal, saying whether repairing (a lenient read) would get past it, and what that does. */
function failure(code: string, message: string): NonNullable<InspectResult['error']> {
  const recoverable = isRecoverableErrorCode(code);
  return { code, message, recoverable, hint: recoverable ? REPAIR_HINTS[code] : null };
}

async function run(task: MesherTask): Promise<MesherResult> {
  if (task.kind === 'inspect') {
    const parsed = parseModel(task.bytes, {
      limits: { maxFileBytes: task.maxFileBytes },
      strict: task.strict,
    });
    if (!parsed.ok) {
      return {
        kind: 'inspect',
        result: { ok: false, format: null, error: failure(parsed.error.code, parsed.error.message) },
      };
    }
    const report = validateMesh(parsed.mesh, { strict: task.strict });
    const blocking = report.problems[0];
    const repairs = task.strict
      ? []
      : [...parsed.warnings, ...report.findings]
          .filter((w) => isRecoverableErrorCode(w.code))
          .map((w) => ({ code: w.code, message: w.message }));
    const result: InspectResult = {
      ok: !blocking,
      format: parsed.format,
      warnings: parsed.warnings.map((w) => ({ code: w.code, message: w.message })),
      mesh: {
        triangles: report.triangleCount,
        watertight: report.watertight,
        components: report.components,
        boundary_edges: report.boundaryEdges,
        bounding_box: { min: [...report.boundingBox.min], max: [...report.boundingBox.max] },
        findings: report.findings.map((f) => ({ code: f.code, message: f.message })),
        repaired: !task.strict,
        repairs,
      },
      ...(blocking ? { error: failure(blocking.code, blocking.message) } : {}),
    };
    return { kind: 'inspect', result };
  }
  if (task.kind === 'pipeline') {
    const result = await runMeshPipeline(task.bytes, {
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
    return { kind: 'pipeline', result };
  }
  const result = generateFromPrompt(task.prompt, {
    size: task.size,
    locale: task.locale,
    useCase: task.useCase,
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
