// Every deliberately broken STL of stl-models gets a decided, asserted outcome in both modes:
// strict (the default) refuses each with its own typed error (wrong or missing normals excepted: a
// note in every mode); lenient (`strict: false`) recovers
// what it honestly can, with the warning that explains the repair, and still refuses the rest.

import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  isRecoverableErrorCode,
  type MeshError,
  type MeshReport,
  type ParseWarning,
  parseModel,
  runMeshPipeline,
  validateMesh,
} from '../src/index';

const require = createRequire(import.meta.url);
const root = dirname(require.resolve('stl-models/package.json'));
const read = (path: string) => new Uint8Array(readFileSync(join(root, path)));

type Inspection =
  | { ok: true; warnings: ParseWarning[]; report: MeshReport; triangles: number }
  | { ok: false; stage: 'parse' | 'validate'; error: MeshError };

/** What the server's upload check does: parse, then validate, first blocking problem wins. */
function inspect(bytes: Uint8Array, strict?: boolean): Inspection {
  const parsed = parseModel(bytes, strict === undefined ? {} : { strict });
  if (!parsed.ok) return { ok: false, stage: 'parse', error: parsed.error };
  const report = validateMesh(parsed.mesh, strict === undefined ? {} : { strict });
  const blocking = report.problems[0];
  if (blocking) return { ok: false, stage: 'validate', error: blocking };
  return { ok: true, warnings: parsed.warnings, report, triangles: report.triangleCount };
}

/** Strict outcome per file: [code, stage, can `strict: false` recover it?]. */
const STRICT: Record<string, [string, 'parse' | 'validate', boolean]> = {
  'empty.stl': ['EMPTY_FILE', 'parse', false],
  'fourVertices.ascii.stl': ['MALFORMED_ASCII', 'parse', false],
  'incorrectFaceCounter.bin.stl': ['FACE_COUNT_MISMATCH', 'parse', false],
  'missingEndsolid.ascii.stl': ['MISSING_ENDSOLID', 'parse', true],
  'missingFace.ascii.stl': ['NOT_ENCLOSED', 'validate', true],
  'quad.ascii.stl': ['MALFORMED_ASCII', 'parse', false],
  'singleFace.ascii.stl': ['FLAT_MODEL', 'validate', false],
  'solidNameMismatch.ascii.stl': ['SOLID_NAME_MISMATCH', 'parse', true],
  'twoVertices.ascii.stl': ['MALFORMED_ASCII', 'parse', false],
};

/** Lenient outcome per recoverable file: the parse warning (or mesh finding) and the triangles kept. */
const LENIENT_RECOVERED: Record<string, [string, number]> = {
  'missingEndsolid.ascii.stl': ['MISSING_ENDSOLID', 4],
  'missingFace.ascii.stl': ['NOT_ENCLOSED', 3],
  'solidNameMismatch.ascii.stl': ['SOLID_NAME_MISMATCH', 4],
};

/**
 * Files whose only fault is their stored normals: read in every mode (normals are never used, as
 * slicers recompute them too) with a note, [note code, triangles].
 */
const NORMAL_NOTES: Record<string, [string, number]> = {
  'missingNormal.ascii.stl': ['MISSING_NORMAL', 4],
  'notANumberNormal.ascii.stl': ['NON_FINITE_NORMAL', 4],
  'wrongNormal.ascii.stl': ['NORMALS_DISAGREE', 4],
  'wrongNormals.ascii.stl': ['ZERO_NORMALS', 4],
};

describe('broken STL files from stl-models, strict (default)', () => {
  it('decides every file of the broken set', () => {
    expect(readdirSync(join(root, 'broken')).sort()).toEqual(
      [...Object.keys(STRICT), ...Object.keys(NORMAL_NOTES), 'wrongHeader.bin.stl'].sort(),
    );
  });

  // A binary STL whose header starts with "solid" (as many CAD exporters write): its size proves it
  // binary, and slicers read it so, so it is read in every mode with a note.
  for (const strict of [true, false]) {
    it(`reads wrongHeader.bin.stl ${strict ? 'strictly' : 'leniently'} as binary, with the note BINARY_STL_SOLID_HEADER`, () => {
      const outcome = inspect(read('broken/wrongHeader.bin.stl'), strict);
      if (!outcome.ok) throw new Error(`${outcome.error.code}: ${outcome.error.message}`);
      expect(outcome.triangles).toBe(12);
      expect(outcome.warnings.map((w) => w.code)).toEqual(['BINARY_STL_SOLID_HEADER']);
      expect(outcome.warnings[0]?.message).toMatch(/read as binary/);
      expect(isRecoverableErrorCode('BINARY_STL_SOLID_HEADER')).toBe(false);
    });
  }

  for (const [file, [note, triangles]] of Object.entries(NORMAL_NOTES)) {
    for (const strict of [true, false]) {
      it(`reads ${file} ${strict ? 'strictly' : 'leniently'} with the note ${note}`, () => {
        const outcome = inspect(read(`broken/${file}`), strict);
        if (!outcome.ok) throw new Error(`${outcome.error.code}: ${outcome.error.message}`);
        expect(outcome.triangles).toBe(triangles);
        expect(outcome.warnings.map((w) => w.code)).toEqual([note]);
        expect(outcome.warnings[0]?.message).toMatch(/normals were recomputed/);
        expect(isRecoverableErrorCode(note)).toBe(false);
      });
    }
  }

  for (const [file, [code, stage, recoverable]] of Object.entries(STRICT)) {
    it(`refuses ${file} with ${code} at ${stage}`, () => {
      const outcome = inspect(read(`broken/${file}`));
      expect(outcome.ok).toBe(false);
      if (outcome.ok) return;
      expect([outcome.error.code, outcome.stage]).toEqual([code, stage]);
      expect(outcome.error.message.length).toBeGreaterThan(40);
      expect(outcome.error.details?.recoverable ?? false).toBe(recoverable);
      expect(isRecoverableErrorCode(code)).toBe(recoverable);
      // Recoverable messages say what is wrong and how to fix it.
      if (recoverable) expect(outcome.error.message).toMatch(/re-export|close the holes/i);
    });
  }

  it('names every violation of a file, so one repair clears them all', () => {
    const outcome = parseModel(read('broken/solidNameMismatch.ascii.stl'));
    expect(outcome.ok ? null : outcome.error.details?.violations).toBe('SOLID_NAME_MISMATCH');
    const text = new TextDecoder()
      .decode(read('broken/missingEndsolid.ascii.stl'))
      .replace('facet normal 0 -1 0', 'facet normal NaN 0 0');
    const both = parseModel(new TextEncoder().encode(text));
    // The invalid normal is a note, not a violation, so only the missing "endsolid" is named.
    expect(both.ok ? null : [both.error.code, both.error.details?.violations]).toEqual([
      'MISSING_ENDSOLID',
      'MISSING_ENDSOLID',
    ]);
    const repaired = parseModel(new TextEncoder().encode(text), { strict: false });
    expect(repaired.ok ? repaired.warnings.map((w) => w.code) : null).toEqual([
      'MISSING_ENDSOLID',
      'NON_FINITE_NORMAL',
    ]);
  });
});

describe('broken STL files from stl-models, lenient (strict: false)', () => {
  for (const [file, [code, stage]] of Object.entries(STRICT)) {
    const recovered = LENIENT_RECOVERED[file];
    if (recovered) {
      const [warning, triangles] = recovered;
      it(`recovers ${file} with ${warning}`, () => {
        const outcome = inspect(read(`broken/${file}`), false);
        if (!outcome.ok) throw new Error(`${outcome.error.code}: ${outcome.error.message}`);
        expect(outcome.triangles).toBe(triangles);
        const codes = [...outcome.warnings.map((w) => w.code), ...outcome.report.findings.map((f) => f.code)];
        expect(codes).toContain(warning);
      });
    } else {
      it(`still refuses ${file} with ${code}`, () => {
        const outcome = inspect(read(`broken/${file}`), false);
        expect(outcome.ok ? null : [outcome.error.code, outcome.stage]).toEqual([code, stage]);
      });
    }
  }

  it('reports the missing face as an open surface and lets a lenient pipeline build it', async () => {
    const parsed = parseModel(read('broken/missingFace.ascii.stl'));
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.warnings).toEqual([]);
    const report = validateMesh(parsed.mesh, { strict: false });
    expect(report.watertight).toBe(false);
    expect([report.boundaryEdges, report.edges]).toEqual([3, 6]);
    expect(report.problems).toEqual([]);
    const strict = await runMeshPipeline(read('broken/missingFace.ascii.stl'), { size: 8 });
    expect(strict.ok ? null : [strict.error.code, strict.error.stage]).toEqual([
      'NOT_ENCLOSED',
      'validate-mesh',
    ]);
    const lenient = await runMeshPipeline(read('broken/missingFace.ascii.stl'), { size: 8, strict: false });
    if (!lenient.ok) throw new Error(lenient.error.message);
    expect(lenient.meshReport.findings.map((f) => f.code)).toContain('NOT_ENCLOSED');
    expect(lenient.kit.blocks.length).toBeGreaterThan(0);
  });

  it('repairs a file in the pipeline and lists the repair among the warnings', async () => {
    const bytes = read('broken/solidNameMismatch.ascii.stl');
    const strict = await runMeshPipeline(bytes, { size: 8 });
    expect(strict.ok ? null : [strict.error.code, strict.error.stage]).toEqual([
      'SOLID_NAME_MISMATCH',
      'parse',
    ]);
    const lenient = await runMeshPipeline(bytes, { size: 8, strict: false });
    expect(lenient.ok ? lenient.warnings.map((w) => w.code) : lenient.error.code).toEqual([
      'SOLID_NAME_MISMATCH',
    ]);
  });

  it('builds a file with contradicting normals in the default (strict) pipeline, with the note', async () => {
    const strict = await runMeshPipeline(read('broken/wrongNormal.ascii.stl'), { size: 8 });
    expect(strict.ok ? strict.warnings.map((w) => w.code) : strict.error.code).toEqual(['NORMALS_DISAGREE']);
  });
});

describe('intact stl-models files in strict mode', () => {
  it('reads every polytope, object and intact misc file without a warning', () => {
    const intact = ['polytopes', 'objects', 'misc'].flatMap((dir) =>
      readdirSync(join(root, dir)).map((name) => `${dir}/${name}`),
    );
    const refused: Record<string, string> = {
      // A text solid with no facets, and a binary file saved through a text editor.
      'misc/faceless.ascii.stl': 'NO_TRIANGLES',
      'misc/multiWordName.bin.stl': 'MALFORMED_FILE',
    };
    expect(intact.length).toBe(21);
    for (const path of intact) {
      const outcome = parseModel(read(path));
      if (refused[path]) {
        expect(outcome.ok ? null : outcome.error.code, path).toBe(refused[path]);
        continue;
      }
      if (!outcome.ok) throw new Error(`${path}: ${outcome.error.code}`);
      expect(outcome.warnings, path).toEqual([]);
    }
  });

  it('finds the intact closed solids watertight and the lone triangles flat', () => {
    for (const path of [
      'polytopes/cube.bin.stl',
      'polytopes/cube.ascii.stl',
      'polytopes/tetrahedronMinusZero.bin.stl',
      'objects/gearwheel.bin.stl',
    ]) {
      const outcome = parseModel(read(path));
      expect(outcome.ok, path).toBe(true);
      if (outcome.ok) expect(validateMesh(outcome.mesh).watertight, path).toBe(true);
    }
    for (const path of ['polytopes/triangle.ascii.stl', 'polytopes/triangle.bin.stl']) {
      const outcome = inspect(read(path));
      expect(outcome.ok ? null : outcome.error.code, path).toBe('FLAT_MODEL');
    }
  });
});
