// Parse once: inspectModel is the upload check (parse, then validate), and the pipeline run from the
// mesh it returned, stored as bytes and read back, gives exactly what the file gives.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  decodeMesh,
  encodeMesh,
  inspectModel,
  type MeshPipelineOptions,
  type PipelineOutcome,
  type PipelineProgress,
  parseModel,
  runMeshPipeline,
  type ValidatedMesh,
  validateMesh,
} from '../src/index';
import { binaryStl, type IndexedMesh, threeMf } from './helpers/model-fixtures';

const require = createRequire(import.meta.url);
const asMesh = (m: { positions: number[][]; cells: number[][] }): IndexedMesh => ({
  positions: m.positions.flat(),
  indices: m.cells.flat(),
});
const stlModels = (path: string) => new Uint8Array(readFileSync(require.resolve(`stl-models/${path}`)));
const bunny = asMesh(require('bunny'));
const teapot = asMesh(require('teapot'));

/** What a server keeps from a passing upload check: the mesh as bytes, the rest as JSON. */
function stored(inspected: Extract<ReturnType<typeof inspectModel>, { ok: true }>): ValidatedMesh {
  const kept = JSON.parse(
    JSON.stringify({
      meshReport: inspected.meshReport,
      format: inspected.format,
      warnings: inspected.warnings,
    }),
  ) as Omit<ValidatedMesh, 'mesh'>;
  return { ...kept, mesh: decodeMesh(encodeMesh(inspected.mesh)) };
}

async function run(input: Uint8Array | ValidatedMesh, options: MeshPipelineOptions) {
  const progress: PipelineProgress[] = [];
  const outcome = await runMeshPipeline(input, { ...options, onProgress: (p) => progress.push(p) });
  return { outcome, progress };
}

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The outcome without what measures time (timings, and the voxeliser's own timings), with the kit
 * and the preview as digests of their text, so a difference reads as one line.
 */
function comparable(outcome: PipelineOutcome) {
  if (!outcome.ok) return outcome;
  const { timings: _timings, voxels, kit, previewSvg, ...rest } = outcome;
  const { surfaceMs: _s, solidMs: _so, totalMs: _t, ...counts } = voxels;
  return { kit: digest(JSON.stringify(kit)), previewSvg: digest(previewSvg), voxels: counts, ...rest };
}

describe('inspectModel', () => {
  it('gives what parseModel and validateMesh give, with the stage that refused', () => {
    const bytes = binaryStl(bunny);
    const inspected = inspectModel(bytes);
    const parsed = parseModel(bytes);
    if (!inspected.ok || !parsed.ok) throw new Error('the bunny should pass');
    expect(inspected.format).toBe('stl');
    expect(inspected.warnings).toEqual([]);
    expect(inspected.mesh).toEqual(parsed.mesh);
    expect(inspected.meshReport).toEqual(validateMesh(parsed.mesh));

    expect(inspectModel(new Uint8Array(0))).toEqual({
      ok: false,
      error: expect.objectContaining({ code: 'EMPTY_FILE', stage: 'parse' }),
    });
    // Zero normals are a note, not a refusal (normals are recomputed from the vertex order).
    expect(inspectModel(binaryStl(bunny, undefined, { normals: 'zero' }))).toMatchObject({
      ok: true,
      warnings: [{ code: 'ZERO_NORMALS' }],
    });
  });

  it('keeps the report, format and warnings when validation refuses, and passes the repair when lenient', () => {
    const open = stlModels('broken/missingFace.ascii.stl');
    const strict = inspectModel(open);
    expect(strict.ok).toBe(false);
    if (strict.ok || !('meshReport' in strict)) throw new Error('expected a validation refusal');
    expect(strict.error.stage).toBe('validate-mesh');
    expect(strict.error.code).toBe('NOT_ENCLOSED');
    expect(strict.format).toBe('stl');
    expect(strict.meshReport.boundaryEdges).toBeGreaterThan(0);
    expect(strict.meshReport.problems.map((p) => p.code)).toEqual(['NOT_ENCLOSED']);

    const lenient = inspectModel(open, { strict: false });
    if (!lenient.ok) throw new Error(lenient.error.message);
    expect(lenient.meshReport.findings.map((f) => f.code)).toContain('NOT_ENCLOSED');
  });

  it('applies its limits to parsing and validation alike', () => {
    const bytes = binaryStl(teapot);
    expect(inspectModel(bytes, { limits: { maxFileBytes: 1000 } })).toMatchObject({
      ok: false,
      error: { code: 'FILE_TOO_LARGE', stage: 'parse' },
    });
    expect(inspectModel(bytes, { limits: { maxTriangles: 900 } })).toMatchObject({
      ok: false,
      error: { code: 'TOO_MANY_TRIANGLES', stage: 'parse' },
    });
  });
});

describe('runMeshPipeline from a stored mesh', () => {
  const cases: [string, Uint8Array, MeshPipelineOptions][] = [
    ['bunny, strict', binaryStl(bunny), { size: 32, up: 'y' }],
    [
      'teapot without normals, lenient',
      binaryStl(teapot, undefined, { normals: 'zero' }),
      { size: 28, up: 'y', strict: false },
    ],
    ['coloured 3MF bunny, strict', threeMf(bunny, '#1E5AA8'), { size: 24 }],
    [
      'open tetrahedron, lenient, hollow',
      stlModels('broken/missingFace.ascii.stl'),
      { size: 12, strict: false, hollow: { wallThickness: 1 } },
    ],
  ];
  for (const [name, bytes, options] of cases) {
    it(`gives the kit the file gives: ${name}`, async () => {
      const inspected = inspectModel(bytes, { strict: options.strict });
      if (!inspected.ok) throw new Error(inspected.error.message);
      const fromFile = await run(bytes, options);
      const fromMesh = await run(stored(inspected), options);
      if (!fromFile.outcome.ok) throw new Error(fromFile.outcome.error.message);
      expect(fromMesh.outcome.ok).toBe(true);
      expect(comparable(fromMesh.outcome)).toEqual(comparable(fromFile.outcome));
      expect(fromMesh.progress).toEqual(fromFile.progress);
    });
  }

  it('carries the warnings and findings of the check into the outcome', async () => {
    const inspected = inspectModel(binaryStl(teapot, undefined, { normals: 'zero' }), { strict: false });
    if (!inspected.ok) throw new Error(inspected.error.message);
    const { outcome } = await run(stored(inspected), { size: 16, up: 'y' });
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(outcome.warnings.map((w) => w.code)).toEqual(['ZERO_NORMALS']);
    expect(outcome.meshReport.findings.map((f) => f.code)).toContain('OPEN_BOUNDARIES');
    expect(outcome.timings.parse).toBeGreaterThanOrEqual(0);
    expect(outcome.format).toBe('stl');
  });

  it('refuses as the file would when the report has a blocking problem', async () => {
    const open = stlModels('broken/missingFace.ascii.stl');
    const parsed = parseModel(open);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const input: ValidatedMesh = {
      mesh: parsed.mesh,
      meshReport: validateMesh(parsed.mesh),
      format: parsed.format,
    };
    const fromFile = await run(open, { size: 12 });
    const fromMesh = await run(input, { size: 12 });
    expect(fromFile.outcome).toMatchObject({
      ok: false,
      error: { code: 'NOT_ENCLOSED', stage: 'validate-mesh' },
    });
    expect(fromMesh.outcome).toEqual(fromFile.outcome);
    expect(fromMesh.progress).toEqual(fromFile.progress);
  });

  it('refuses a report that belongs to another mesh', async () => {
    const inspected = inspectModel(binaryStl(bunny));
    const other = inspectModel(binaryStl(teapot));
    if (!inspected.ok || !other.ok) throw new Error('both should pass');
    const { outcome } = await run({ ...stored(inspected), meshReport: other.meshReport }, { size: 16 });
    expect(outcome).toMatchObject({ ok: false, error: { code: 'INVALID_OPTIONS', stage: 'validate-mesh' } });
  });

  it('still checks the options and stops on an abort before work starts', async () => {
    const inspected = inspectModel(binaryStl(bunny));
    if (!inspected.ok) throw new Error(inspected.error.message);
    const input = stored(inspected);
    expect((await run(input, { size: 3 })).outcome).toMatchObject({
      ok: false,
      error: { code: 'INVALID_OPTIONS' },
    });
    const controller = new AbortController();
    controller.abort();
    const { outcome } = await run(input, { size: 16, signal: controller.signal });
    expect(outcome).toMatchObject({ ok: false, error: { code: 'ABORTED', stage: 'parse' } });
  });
});
