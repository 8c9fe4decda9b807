// Issue 12, "accept what slicers accept": positions far from the origin keep their shape (recentred
// in float64 before they become float32) and every spelling of a non-finite number gets one code.

import { createRequire } from 'node:module';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MESHER_LIMITS,
  inspectModel,
  MESH_BYTES_PER_TRIANGLE,
  MESH_MEMORY_BUDGET_BYTES,
  parseModel,
  runMeshPipeline,
  validateMesh,
  voxelise,
} from '../src/index';
import type { TriangleMesh } from '../src/mesh/triangle-mesh';
import { dominantPaintState } from '../src/parse/three-mf-slicer';
import {
  asciiPly,
  asciiStl,
  bambuThreeMf,
  binaryPly,
  binaryStl,
  box,
  cube,
  glb,
  type IndexedMesh,
  merge,
  obj,
  prusaThreeMf,
  type SlicerPart,
  threeMf,
} from './helpers/model-fixtures';

const require = createRequire(import.meta.url);
const bunnyData: { positions: number[][]; cells: number[][] } = require('bunny');

/** The npm bunny scaled to a longest side of 1 unit, centred on `at` (a 1-unit model). */
function unitBunny(at: number): IndexedMesh {
  const flat = bunnyData.positions.flat();
  const min = [0, 1, 2].map((k) => Math.min(...flat.filter((_, i) => i % 3 === k)));
  const max = [0, 1, 2].map((k) => Math.max(...flat.filter((_, i) => i % 3 === k)));
  const extent = Math.max(...max.map((m, k) => m - min[k]!));
  return {
    positions: flat.map((v, i) => (v - (min[i % 3]! + max[i % 3]!) / 2) / extent + at),
    indices: bunnyData.cells.flat(),
  };
}

function filledCells(bytes: Uint8Array | string): number | string {
  const parsed = parseModel(typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes);
  if (!parsed.ok) return parsed.error.code;
  const report = validateMesh(parsed.mesh);
  if (report.problems[0]) return report.problems[0].code;
  const grid = voxelise(parsed.mesh, { size: 32, watertight: report.watertight });
  return grid.cells.reduce((n, c) => n + (c !== 0 ? 1 : 0), 0);
}

describe('positions far from the origin', () => {
  // Each format against itself at the origin (STL is read z-up, OBJ and PLY y-up).
  const writers = { OBJ: obj, 'STL ascii': asciiStl, 'PLY ascii': asciiPly };

  for (const [format, write] of Object.entries(writers)) {
    it(`${format}: a 1-unit model 1e7 and 1e6 units from the origin gives the voxels it gives at the origin`, () => {
      const atOrigin = filledCells(write(unitBunny(0)));
      expect(atOrigin).toBeGreaterThan(1000);
      // As float32 before recentring, every coordinate at 1e7 fell on the same 1-unit step
      // (FLAT_MODEL), and steps of 1/16 unit at 1e6 cut away part of the volume.
      expect(filledCells(write(unitBunny(1e7)))).toBe(atOrigin);
      expect(filledCells(write(unitBunny(1e6)))).toBe(atOrigin);
      expect(filledCells(write(unitBunny(-1e6)))).toBe(atOrigin);
    });
  }

  // Binary STL and binary PLY store float32: far out, the file itself rounded the points, which
  // recentring cannot undo, so the upload says why detail is missing.
  const float32Writers = { 'STL binary': (m: IndexedMesh) => binaryStl(m), 'PLY binary': binaryPly };
  for (const [format, write] of Object.entries(float32Writers)) {
    it(`${format}: a note when the file's float32 coordinates are coarse for the model's size`, () => {
      const codes = (at: number) => {
        const parsed = parseModel(write(unitBunny(at)));
        if (!parsed.ok) throw new Error(parsed.error.message);
        return parsed.warnings.map((w) => w.code);
      };
      // At 1e5 float32 steps are 1/128 unit, 1/128 of this 1-unit model: coarser than 1/1024.
      expect(codes(1e5)).toContain('COARSE_COORDINATES');
      expect(codes(-1e5)).toContain('COARSE_COORDINATES');
      // At 1,000 the steps are 1/16,384 unit; at the origin finer still.
      expect(codes(1000)).not.toContain('COARSE_COORDINATES');
      expect(codes(0)).not.toContain('COARSE_COORDINATES');
      const far = parseModel(write(unitBunny(1e5)));
      expect(far.ok && far.warnings.find((w) => w.code === 'COARSE_COORDINATES')?.message).toMatch(
        /about 1\.0e\+5 units from the origin.*steps of 0\.00781 units \(about 1\/128 of its size\)/,
      );
    });
  }

  it('no such note for text formats, whose digits carry their own precision', () => {
    for (const bytes of [asciiStl(unitBunny(1e5)), obj(unitBunny(1e5)), asciiPly(unitBunny(1e5))]) {
      const parsed = parseModel(bytes);
      expect(parsed.ok && parsed.warnings.map((w) => w.code)).not.toContain('COARSE_COORDINATES');
    }
  });

  it('leaves a model near the origin bit for bit as it was', () => {
    const near = parseModel(obj(cube(2, [3, 4, 5])));
    if (!near.ok) throw new Error(near.error.message);
    expect(Math.min(...near.mesh.positions)).toBe(3);
    expect(Math.max(...near.mesh.positions)).toBe(7);
  });
});

describe('non-finite numbers', () => {
  const spellings = [
    'inf',
    '-inf',
    'INF',
    '+inf',
    'Infinity',
    '-Infinity',
    'infinity',
    'nan',
    'NaN',
    '1e999',
  ];
  const withValue = (value: string) => {
    const m = cube(2);
    return { positions: m.positions.map((v, i) => (i === 4 ? value : v)), indices: m.indices };
  };
  const formats = {
    'STL ascii': (v: string) => asciiStl(withValue(v) as unknown as IndexedMesh),
    OBJ: (v: string) => obj(withValue(v) as unknown as IndexedMesh),
    'PLY ascii': (v: string) => asciiPly(withValue(v) as unknown as IndexedMesh),
  };
  for (const [format, write] of Object.entries(formats)) {
    it(`gives NON_FINITE_COORDINATES for every spelling in ${format}`, () => {
      const codes = Object.fromEntries(
        spellings.map((v) => {
          const parsed = parseModel(write(v));
          return [v, parsed.ok ? 'ok' : parsed.error.code];
        }),
      );
      expect(codes).toEqual(Object.fromEntries(spellings.map((v) => [v, 'NON_FINITE_COORDINATES'])));
    });
  }

  it('still calls a word that is no number a malformed file', () => {
    const stl = parseModel(asciiStl(withValue('abc') as unknown as IndexedMesh));
    expect(stl.ok ? null : stl.error.code).toBe('MALFORMED_ASCII');
    const o = parseModel(obj(withValue('abc') as unknown as IndexedMesh));
    expect(o.ok ? null : o.error.code).toBe('MALFORMED_FILE');
  });
});

describe('text files as slicers read them', () => {
  const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

  it('reads an ASCII STL that starts with a byte-order mark or spells its keywords in capitals', () => {
    const plain = text(asciiStl(unitBunny(0)));
    const cells = filledCells(plain);
    expect(cells).toBeGreaterThan(1000);
    // Before, both were UNSUPPORTED_FORMAT: "solid" was matched byte for byte at the start.
    expect(filledCells(`\uFEFF${plain}`)).toBe(cells);
    expect(filledCells(plain.toUpperCase())).toBe(cells);
    expect(filledCells(`\uFEFF${plain.replace(/^solid/, 'SOLID').replace(/facet/g, 'FACET')}`)).toBe(cells);
  });

  it('reads an OBJ with CRLF lines, a face continued over lines with a backslash, and CAD statements', () => {
    const plain = text(obj(unitBunny(0)));
    const cells = filledCells(plain);
    // A merging group and a bevel flag (display statements a CAD tool writes), and the first face
    // split over three lines. Before, either statement made the file UNSUPPORTED_FORMAT, and the
    // continued face was a malformed line.
    const lines = plain.split('\n');
    const firstFace = lines.findIndex((l) => l.startsWith('f '));
    const [keyword, a, b, c] = lines[firstFace]!.split(' ');
    lines[firstFace] = `${keyword} ${a} \\\n${b} \\\n ${c}`;
    const cad = ['mtllib part.mtl', 'mg 1 0.5', 'bevel off', 'usemtl steel', ...lines].join('\r\n');
    const parsed = parseModel(new TextEncoder().encode(cad));
    expect(parsed.ok ? parsed.format : parsed.error.code).toBe('obj');
    expect(filledCells(cad)).toBe(cells);
  });

  // An L-shaped prism (an L of 4 × 4 with a 2 × 2 notch, 2 deep): its two caps are concave hexagons.
  const outline = [
    [0, 0],
    [4, 0],
    [4, 2],
    [2, 2],
    [2, 4],
    [0, 4],
  ];
  function lPrism(capsAsPolygons: boolean): string {
    const v = [...outline.map(([x, y]) => `v ${x} ${y} 0`), ...outline.map(([x, y]) => `v ${x} ${y} 2`)];
    const n = outline.length;
    // Bottom seen from below (clockwise from above), top counter-clockwise from above.
    const bottom = outline.map((_, i) => n - i);
    const top = outline.map((_, i) => n + i + 1);
    // The L's caps cut by hand into four triangles that stay inside it.
    const capTriangles = (corners: number[]) =>
      [
        [0, 1, 2],
        [0, 2, 3],
        [0, 3, 4],
        [0, 4, 5],
      ].map((t) => t.map((k) => corners[k]!));
    // Corner 3 of the outline (2, 2) is the reflex one; a fan from it covers the L exactly, so the
    // hand-cut caps fan from there.
    const fromReflex = (corners: number[], reflex: number) => {
      const at = corners.indexOf(reflex);
      return [...corners.slice(at), ...corners.slice(0, at)];
    };
    const caps = capsAsPolygons
      ? [bottom, top]
      : [...capTriangles(fromReflex(bottom, 4)), ...capTriangles(fromReflex(top, n + 4))];
    const sides = outline.flatMap((_, i) => {
      const j = (i + 1) % n;
      return [
        [i + 1, j + 1, n + j + 1],
        [i + 1, n + j + 1, n + i + 1],
      ];
    });
    return [...v, ...[...caps, ...sides].map((f) => `f ${f.join(' ')}`)].join('\n');
  }

  it('cuts a concave polygon face into triangles inside it, not a fan that spills into the notch', () => {
    const triangulated = filledCells(lPrism(false));
    // The L's area is 12 of its 16-square bounding box: at 32 along the long side, 12/16 of 32 × 32
    // columns, 16 cells deep.
    expect(triangulated).toBe(12_288);
    // Before, a fan from the first corner covered part of the notch and filled 936 + more there.
    expect(filledCells(lPrism(true))).toBe(triangulated);
    const parsed = parseModel(new TextEncoder().encode(lPrism(true)));
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(validateMesh(parsed.mesh).problems).toEqual([]);
  });
});

describe('a surface saved inside out', () => {
  const flip = (m: IndexedMesh): IndexedMesh => ({
    positions: m.positions,
    indices: m.indices.map((_, i, a) => a[i - (i % 3) + [0, 2, 1][i % 3]!]!),
  });
  const slab = box([0, 0, 0], [20, 13.3, 7.7]);
  const kitColours = async (bytes: Uint8Array) => {
    const result = await runMeshPipeline(bytes, { size: 16 });
    if (!result.ok) throw new Error(result.error.message);
    return result.kit.billOfMaterials.blocks.reduce<Record<string, number>>((n, b) => {
      n[b.colour] = (n[b.colour] ?? 0) + b.count;
      return n;
    }, {});
  };

  it('is turned outwards with a note, and keeps its colours (before, 60 of its 85 blocks came out grey)', async () => {
    const outward = await kitColours(await glb(slab, [1, 0, 0, 1]));
    expect(Object.keys(outward)).toEqual(['red']);
    const inspected = inspectModel(await glb(flip(slab), [1, 0, 0, 1]));
    if (!inspected.ok) throw new Error(inspected.error.message);
    expect(inspected.meshReport.insideOutPieces).toBe(1);
    expect(inspected.warnings).toEqual([
      {
        code: 'INSIDE_OUT',
        message: 'The surface was saved inside out (every face pointing inwards); it was turned outwards.',
      },
    ]);
    expect(validateMesh(inspected.mesh).insideOutPieces).toBe(0);
    expect(await kitColours(await glb(flip(slab), [1, 0, 0, 1]))).toEqual(outward);
  });

  it('turns only the pieces saved inside out, and leaves a piece of mixed windings as it is', () => {
    // The slab outward beside a larger box inside out: together their volume is negative, but
    // turning everything would turn the slab inside out.
    const inspected = inspectModel(binaryStl(merge(slab, flip(box([30, 0, 0], [60, 20, 20])))));
    if (!inspected.ok) throw new Error(inspected.error.message);
    expect(inspected.meshReport).toMatchObject({ components: 2, insideOutPieces: 1, inconsistentEdges: 0 });
    expect(inspected.warnings.map((w) => w.message)).toEqual([
      "1 of the model's 2 pieces was saved inside out (every face pointing inwards); it was turned outwards.",
    ]);
    expect(validateMesh(inspected.mesh).insideOutPieces).toBe(0);
    // A cube with one face flipped: its windings disagree, so it is not called inside out.
    const c = cube(2);
    const oneFaceFlipped = {
      positions: c.positions,
      indices: [...flip({ ...c, indices: c.indices.slice(0, 6) }).indices, ...c.indices.slice(6)],
    };
    const mixed = inspectModel(binaryStl(oneFaceFlipped));
    if (!mixed.ok) throw new Error(mixed.error.message);
    expect(mixed.meshReport.inconsistentEdges).toBeGreaterThan(0);
    expect(mixed.meshReport.insideOutPieces).toBe(0);
    expect(mixed.warnings).toEqual([]);
  });
});

describe('vertices no face uses', () => {
  it('leaves out an OBJ vertex no face uses, as slicers do, instead of scaling the model to reach it', () => {
    // A leftover point 100 units away, as modelling tools leave behind.
    const stray = `${new TextDecoder().decode(obj(cube(2)))}\nv 100 100 100\n`;
    const parsed = parseModel(new TextEncoder().encode(stray));
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.mesh.positions.length).toBe(24);
    expect(Math.max(...parsed.mesh.positions)).toBe(2);
    // Before, the cube filled 1/50 of the grid's side: 1 cell instead of 32³.
    expect(filledCells(stray)).toBe(32 ** 3);
  });
});

describe('triangles listed twice', () => {
  const twice = (m: IndexedMesh): IndexedMesh => ({
    positions: m.positions,
    indices: [...m.indices, ...m.indices],
  });

  it('keeps one copy of a triangle listed twice in the same winding, with a note', () => {
    const once = filledCells(binaryStl(cube(2)));
    expect(once).toBe(32 ** 3);
    const parsed = parseModel(binaryStl(twice(cube(2))));
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.mesh.indices.length / 3).toBe(12);
    expect(parsed.warnings.map((w) => w.code)).toEqual(['DUPLICATE_TRIANGLES']);
    expect(parsed.warnings[0]!.message).toMatch(/^12 triangles were listed twice/);
    // Before, each ray crossed every face twice and the parity fill hollowed the cube.
    expect(filledCells(binaryStl(twice(cube(2))))).toBe(once);
  });

  it('keeps both faces of a wall two boxes share back to back (opposite windings)', () => {
    const boxes = merge(cube(2, [0, 0, 0]), cube(2, [2, 0, 0]));
    const parsed = parseModel(binaryStl(boxes));
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.mesh.indices.length / 3).toBe(24);
    expect(parsed.warnings).toEqual([]);
    // Solid all through: 32 along x, 16 across, 16 high.
    expect(filledCells(binaryStl(boxes))).toBe(32 * 16 * 16);
  });
});

describe('3MF projects as slicers save them', () => {
  const body = cube(10);
  // A modifier that sticks out of the top (a slicer only changes settings inside it), a negative
  // volume inside, and a support blocker beside the body.
  const modifier = cube(4, [3, 3, 8]);
  const negative = cube(2, [4, 4, 4]);
  const blocker = cube(3, [12, 0, 0]);
  const parts: SlicerPart[] = [
    { mesh: body, subtype: 'normal_part' },
    { mesh: modifier, subtype: 'modifier_part' },
    { mesh: negative, subtype: 'negative_part' },
    { mesh: blocker, subtype: 'support_blocker' },
  ];
  const bounds = (positions: Float32Array | Float64Array) =>
    [0, 1, 2].map((k) => {
      const axis = Array.from(positions).filter((_, i) => i % 3 === k);
      return [Math.min(...axis), Math.max(...axis)];
    });

  it('reads a Bambu Studio / OrcaSlicer project: objects in 3D/Objects, only the printed part kept', () => {
    const parsed = parseModel(bambuThreeMf(parts));
    if (!parsed.ok) throw new Error(`${parsed.error.code}: ${parsed.error.message}`);
    expect(parsed.format).toBe('3mf');
    expect(parsed.mesh.indices.length / 3).toBe(12);
    // The component's object, moved by the build item to (128, 128, 0).
    expect(bounds(parsed.mesh.positions)).toEqual([
      [128, 138],
      [128, 138],
      [0, 10],
    ]);
    expect(parsed.warnings).toEqual([
      {
        code: 'SLICER_VOLUMES_LEFT_OUT',
        message:
          '2 modifier or support volumes, which the slicer does not print, were left out; 1 negative volume was left out, so what it cuts away stays filled.',
      },
    ]);
    expect(validateMesh(parsed.mesh)).toMatchObject({ watertight: true, components: 1 });
    // Before, every such file was refused as "split across several files".
    expect(filledCells(bambuThreeMf(parts))).toBe(filledCells(binaryStl(body)));
  });

  it('places every component of a production-extension file when no slicer config says otherwise', () => {
    const parsed = parseModel(bambuThreeMf(parts, { settings: false }));
    if (!parsed.ok) throw new Error(`${parsed.error.code}: ${parsed.error.message}`);
    expect(parsed.mesh.indices.length / 3).toBe(48);
    expect(bounds(parsed.mesh.positions)[0]).toEqual([128, 143]);
    expect(bounds(parsed.mesh.positions)[2]).toEqual([0, 12]);
    expect(parsed.warnings).toEqual([]);
  });

  it('reads a PrusaSlicer project: volumes of one mesh told apart by their triangle ranges', () => {
    const parsed = parseModel(
      prusaThreeMf([
        { mesh: body, type: 'ModelPart' },
        { mesh: modifier, type: 'ParameterModifier' },
        { mesh: negative, type: 'NegativeVolume' },
        { mesh: blocker, type: 'SupportBlocker' },
      ]),
    );
    if (!parsed.ok) throw new Error(`${parsed.error.code}: ${parsed.error.message}`);
    expect(parsed.mesh.indices.length / 3).toBe(12);
    expect(bounds(parsed.mesh.positions)).toEqual([
      [100, 110],
      [100, 110],
      [0, 10],
    ]);
    expect(parsed.warnings.map((w) => w.code)).toEqual(['SLICER_VOLUMES_LEFT_OUT']);
    // Two printed volumes of one object both stay.
    const two = parseModel(
      prusaThreeMf([
        { mesh: body, type: 'ModelPart' },
        { mesh: blocker, type: 'ModelPart' },
      ]),
    );
    expect(two.ok ? [two.mesh.indices.length / 3, two.warnings] : two.error.code).toEqual([24, []]);
  });

  const rgb = (colours: Uint8Array | null, t: number) =>
    Array.from(colours?.subarray(t * 3, t * 3 + 3) ?? []);
  const RED = [0xe0, 0x20, 0x20];
  const GREEN = [0x20, 0xa0, 0x40];
  const BLUE = [0x20, 0x40, 0xe0];
  const YELLOW = [0xf0, 0xd0, 0x10];
  const hex = (c: number[]) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

  it('colours a Bambu project as it prints: the object filament, a part filament, painted triangles', () => {
    const second = cube(4, [12, 0, 0]);
    const bytes = bambuThreeMf(
      [
        // Triangle 0 painted in filament 2 whole ("8"), triangle 1 in filament 3 ("0C": 3 + 0),
        // triangle 2 split: three quarters filament 4, a quarter unpainted.
        { mesh: body, subtype: 'normal_part', paint: { 0: '8', 1: '0C', 2: '01C1C1C3' } },
        { mesh: second, subtype: 'normal_part', extruder: 3 },
      ],
      { objectExtruder: 1, filaments: [hex(RED), hex(GREEN), hex(BLUE), hex(YELLOW)] },
    );
    const parsed = parseModel(bytes);
    if (!parsed.ok) throw new Error(`${parsed.error.code}: ${parsed.error.message}`);
    const colours = parsed.mesh.triangleColours;
    expect([0, 1, 2, 3, 11].map((t) => rgb(colours, t))).toEqual([GREEN, BLUE, YELLOW, RED, RED]);
    // The second part prints in filament 3.
    expect(rgb(colours, 12)).toEqual(BLUE);
    expect(rgb(colours, 23)).toEqual(BLUE);
  });

  it('colours a PrusaSlicer project from its extruder colours, or the filament colour where none is set', () => {
    const bytes = prusaThreeMf(
      [
        { mesh: body, type: 'ModelPart', paint: { 5: '4' } },
        { mesh: blocker, type: 'ModelPart', extruder: 2 },
      ],
      { extruder: [hex(RED), ''], filament: [hex(YELLOW), hex(GREEN)] },
    );
    const parsed = parseModel(bytes);
    if (!parsed.ok) throw new Error(`${parsed.error.code}: ${parsed.error.message}`);
    const colours = parsed.mesh.triangleColours;
    expect([0, 5, 12].map((t) => rgb(colours, t))).toEqual([RED, RED, GREEN]);
    // Without the config, the volumes' filaments name no colour: no colours at all.
    const plain = parseModel(prusaThreeMf([{ mesh: body, type: 'ModelPart' }]));
    expect(plain.ok ? plain.mesh.triangleColours : 'refused').toBeNull();
  });

  it('reads the paint codes of the slicers: whole triangles, states past 2, splits by area, damage', () => {
    expect(['', '4', '8', '0C', '1C', 'DC'].map(dominantPaintState)).toEqual([0, 1, 2, 3, 4, 16]);
    // One side split (written last digit first: "1", then children "4" and "8"): halves, the lower wins.
    expect(dominantPaintState('841')).toBe(1);
    // Two sides split: the first child is half the triangle, the others a quarter each (counted
    // as equal thirds, the three filaments would tie and the lowest, 1, would win).
    expect(dominantPaintState('0C482')).toBe(2);
    expect(dominantPaintState('0C842')).toBe(1);
    // Three sides split, the first quarter split again: 3/4 filament 2.
    expect(dominantPaintState('8884413')).toBe(2);
    // A split with its children missing, or a digit that is no hex digit, is no paint.
    expect(['3', '1', 'x41'].map(dominantPaintState)).toEqual([0, 0, 0]);
  });

  it('refuses a project whose parts are all modifiers, naming what is missing', () => {
    const parsed = parseModel(bambuThreeMf([{ mesh: modifier, subtype: 'modifier_part' }]));
    expect(parsed.ok ? null : [parsed.error.code, parsed.error.message]).toEqual([
      'NO_TRIANGLES',
      'The 3MF objects contain no printed triangles.',
    ]);
  });

  it('refuses a component that names a model file the archive lacks, or that loops back across files', () => {
    const files = unzipSync(bambuThreeMf(parts));
    const { '3D/Objects/object_1.model': _, ...withoutObjects } = files;
    const missing = parseModel(zipSync(withoutObjects));
    expect(missing.ok ? null : [missing.error.code, missing.error.details?.part]).toEqual([
      'INVALID_ARCHIVE',
      '/3D/Objects/object_1.model',
    ]);
    const objects = new TextDecoder().decode(files['3D/Objects/object_1.model']);
    const loop = objects.replace(
      /<object id="1"[^>]*>.*?<\/object>/s,
      '<object id="1" type="model"><components><component p:path="/3D/3dmodel.model" objectid="5"/></components></object>',
    );
    const looped = parseModel(zipSync({ ...files, '3D/Objects/object_1.model': strToU8(loop) }));
    expect(looped.ok ? null : looped.error.code).toBe('MALFORMED_FILE');
  });
});

describe('PLY triangle strips', () => {
  // A cube of side 4: its corners, and each face's corners counter-clockwise seen from outside.
  const corners = [0, 1, 2, 3, 4, 5, 6, 7].flatMap((i) => [i & 1 ? 4 : 0, i & 2 ? 4 : 0, i & 4 ? 4 : 0]);
  const faces = [
    [0, 2, 3, 1], // z = 0, seen from below
    [4, 5, 7, 6], // z = 4
    [0, 1, 5, 4], // y = 0
    [2, 6, 7, 3], // y = 4
    [0, 4, 6, 2], // x = 0
    [1, 3, 7, 5], // x = 4
  ];
  // A quad a b c d as a strip is a b d c. The first two faces are stitched into one strip with
  // repeated indices (degenerate triangles, as exporters do); the rest are restarted with -1.
  const asStrip = (f: number[]) => [f[0]!, f[1]!, f[3]!, f[2]!];
  const first = asStrip(faces[0]!);
  const second = asStrip(faces[1]!);
  const stitched = [...first, first[3]!, second[0]!, ...second];
  const restarted = faces.slice(2).flatMap((f, i) => (i === 0 ? asStrip(f) : [-1, ...asStrip(f)]));
  const strips = [stitched, restarted];

  function header(format: string): string[] {
    return [
      'ply',
      `format ${format} 1.0`,
      'element vertex 8',
      'property float x',
      'property float y',
      'property float z',
      `element tristrips ${strips.length}`,
      'property list int int vertex_indices',
      'end_header',
    ];
  }
  const textPly = new TextEncoder().encode(
    `${[...header('ascii'), ...Array.from({ length: 8 }, (_, i) => corners.slice(i * 3, i * 3 + 3).join(' ')), ...strips.map((s) => `${s.length} ${s.join(' ')}`)].join('\n')}\n`,
  );
  function binaryPly(): Uint8Array {
    const head = new TextEncoder().encode(`${header('binary_little_endian').join('\n')}\n`);
    const body = new DataView(new ArrayBuffer(8 * 12 + strips.reduce((n, s) => n + 4 + 4 * s.length, 0)));
    let at = 0;
    for (const c of corners) {
      body.setFloat32(at, c, true);
      at += 4;
    }
    for (const s of strips) {
      body.setInt32(at, s.length, true);
      at += 4;
      for (const i of s) {
        body.setInt32(at, i, true);
        at += 4;
      }
    }
    const out = new Uint8Array(head.length + body.byteLength);
    out.set(head);
    out.set(new Uint8Array(body.buffer), head.length);
    return out;
  }

  /** Six times the signed volume: positive when every triangle faces outwards. */
  function signedVolume(mesh: TriangleMesh): number {
    const p = mesh.positions;
    let v = 0;
    for (let t = 0; t < mesh.indices.length; t += 3) {
      const a = mesh.indices[t]! * 3;
      const b = mesh.indices[t + 1]! * 3;
      const c = mesh.indices[t + 2]! * 3;
      v +=
        p[a]! * (p[b + 1]! * p[c + 2]! - p[b + 2]! * p[c + 1]!) -
        p[a + 1]! * (p[b]! * p[c + 2]! - p[b + 2]! * p[c]!) +
        p[a + 2]! * (p[b]! * p[c + 1]! - p[b + 1]! * p[c]!);
    }
    return v;
  }

  for (const [name, bytes] of [
    ['ascii', textPly],
    ['binary', binaryPly()],
  ] as const) {
    it(`reads a cube given as ${name} triangle strips, with -1 restarts and alternating winding`, () => {
      const parsed = parseModel(bytes);
      if (!parsed.ok) throw new Error(`${parsed.error.code}: ${parsed.error.message}`);
      expect(parsed.format).toBe('ply');
      expect(parsed.mesh.indices.length / 3).toBe(12);
      const report = validateMesh(parsed.mesh);
      expect(report.problems).toEqual([]);
      expect(report.watertight).toBe(true);
      // Every triangle faces outwards: the cube's volume (64) with a positive sign.
      expect(signedVolume(parsed.mesh) / 6).toBe(64);
      const grid = voxelise(parsed.mesh, { size: 8, watertight: true });
      expect(grid.cells.reduce((n, c) => n + (c !== 0 ? 1 : 0), 0)).toBe(512);
    });
  }

  it("reads strips beside coloured faces: the strips take their vertices' colours, or grey", () => {
    // Two faces of the cube as coloured faces (red), the other four as one strip.
    const faceLines = faces.slice(0, 2).map((f) => `4 ${f.join(' ')} 255 0 0`);
    const strip = faces.slice(2).flatMap((f, i) => (i === 0 ? asStrip(f) : [-1, ...asStrip(f)]));
    const ply = (vertexColour: boolean) =>
      new TextEncoder().encode(
        `${[
          'ply',
          'format ascii 1.0',
          'element vertex 8',
          'property float x',
          'property float y',
          'property float z',
          ...(vertexColour ? ['property uchar red', 'property uchar green', 'property uchar blue'] : []),
          'element face 2',
          'property list uchar int vertex_indices',
          'property uchar red',
          'property uchar green',
          'property uchar blue',
          'element tristrips 1',
          'property list int int vertex_indices',
          'end_header',
          ...Array.from(
            { length: 8 },
            (_, i) => `${corners.slice(i * 3, i * 3 + 3).join(' ')}${vertexColour ? ' 0 0 255' : ''}`,
          ),
          ...faceLines,
          `${strip.length} ${strip.join(' ')}`,
        ].join('\n')}\n`,
      );
    const colours = (bytes: Uint8Array) => {
      const parsed = parseModel(bytes);
      if (!parsed.ok) throw new Error(`${parsed.error.code}: ${parsed.error.message}`);
      expect(parsed.mesh.indices.length / 3).toBe(12);
      expect(validateMesh(parsed.mesh).watertight).toBe(true);
      const c = parsed.mesh.triangleColours!;
      return Array.from({ length: 12 }, (_, t) => [...c.subarray(t * 3, t * 3 + 3)].join(','));
    };
    expect(colours(ply(false))).toEqual([...Array(4).fill('255,0,0'), ...Array(8).fill('200,200,200')]);
    expect(colours(ply(true))).toEqual([...Array(4).fill('255,0,0'), ...Array(8).fill('0,0,255')]);
  });

  it('refuses strips that hold more triangles than the cap, as they are read', () => {
    const parsed = parseModel(textPly, { limits: { ...DEFAULT_MESHER_LIMITS, maxTriangles: 5 } });
    expect(parsed.ok ? null : [parsed.error.code, parsed.error.details]).toEqual([
      'TOO_MANY_TRIANGLES',
      { limit: 5 },
    ]);
  });

  it('still refuses a PLY with neither faces nor strips as a point cloud', () => {
    const cloud = new TextEncoder().encode(
      `${['ply', 'format ascii 1.0', 'element vertex 3', 'property float x', 'property float y', 'property float z', 'end_header', '0 0 0', '1 0 0', '0 1 0'].join('\n')}\n`,
    );
    const parsed = parseModel(cloud);
    expect(parsed.ok ? null : parsed.error.code).toBe('NO_TRIANGLES');
  });
});

describe('PLY faces as exporters write them', () => {
  /**
   * A prism of height 4 over `outline` (counter-clockwise seen from above, y up as PLY is read):
   * the two caps as one face of all the outline's corners each, the sides as quads.
   */
  function prism(outline: [number, number][]): { vertices: number[][]; faces: number[][] } {
    const n = outline.length;
    const vertices = [0, 4].flatMap((y) => outline.map(([x, z]) => [x, y, z]));
    // Counter-clockwise in x and z is clockwise seen from above (+y): the bottom cap faces down as
    // given, the top cap and the sides are wound so that every face looks outwards.
    const bottom = outline.map((_, i) => i);
    const top = outline.map((_, i) => n + (n - 1 - i));
    const sides = outline.map((_, i) => {
      const j = (i + 1) % n;
      return [i, j, n + j, n + i];
    });
    return { vertices, faces: [bottom, top, ...sides] };
  }
  const circle = (n: number, r: number) =>
    Array.from({ length: n }, (_, i): [number, number] => [
      r * Math.cos((2 * Math.PI * i) / n),
      r * Math.sin((2 * Math.PI * i) / n),
    ]);

  type Faces = { vertices: number[][]; faces: number[][] };
  function textPly(shape: Faces, options: { faceColour?: string; extra?: string[] } = {}): Uint8Array {
    const faceProps = options.faceColour ? options.faceColour.split(' ') : [];
    return new TextEncoder().encode(
      `${[
        'ply',
        'format ascii 1.0',
        'comment written the way scanners and Blender write it',
        `element vertex ${shape.vertices.length}`,
        'property float x',
        'property float y',
        'property float z',
        'property float confidence',
        'property float intensity',
        `element face ${shape.faces.length}`,
        'property list uchar int vertex_indices',
        ...faceProps.map((p) => p.replace(/^(\w+):(\w+)$/, 'property $2 $1')),
        'end_header',
        ...shape.vertices.map((v) => `${v.join(' ')} 1 0.5`),
        ...shape.faces.map(
          (f, i) =>
            `${f.length} ${f.join(' ')}${options.extra ? ` ${options.extra[i % options.extra.length]}` : ''}`,
        ),
      ].join('\n')}\n`,
    );
  }
  function binaryPly(shape: Faces): Uint8Array {
    const head = new TextEncoder().encode(
      `${['ply', 'format binary_big_endian 1.0', `element vertex ${shape.vertices.length}`, 'property double x', 'property double y', 'property double z', `element face ${shape.faces.length}`, 'property list uchar uint vertex_indices', 'end_header'].join('\n')}\n`,
    );
    const size = shape.vertices.length * 24 + shape.faces.reduce((n, f) => n + 1 + 4 * f.length, 0);
    const body = new DataView(new ArrayBuffer(size));
    let at = 0;
    for (const v of shape.vertices)
      for (const c of v) {
        body.setFloat64(at, c);
        at += 8;
      }
    for (const f of shape.faces) {
      body.setUint8(at++, f.length);
      for (const i of f) {
        body.setUint32(at, i);
        at += 4;
      }
    }
    const out = new Uint8Array(head.length + size);
    out.set(head);
    out.set(new Uint8Array(body.buffer), head.length);
    return out;
  }
  function read(bytes: Uint8Array) {
    const parsed = parseModel(bytes);
    if (!parsed.ok) throw new Error(`${parsed.error.code}: ${parsed.error.message}`);
    return parsed;
  }

  it('reads a cylinder whose caps are 32-corner faces, as text and as big-endian binary', () => {
    const cylinder = prism(circle(32, 10));
    for (const bytes of [textPly(cylinder), binaryPly(cylinder)]) {
      const parsed = read(bytes);
      // Each cap 30 triangles, each side 2. Before, three's loader dropped both caps without a
      // word and the cylinder was read as an open tube of 64 triangles.
      expect(parsed.mesh.indices.length / 3).toBe(2 * 30 + 32 * 2);
      expect(parsed.warnings).toEqual([]);
      const report = validateMesh(parsed.mesh);
      expect(report.problems).toEqual([]);
      expect(report.watertight).toBe(true);
    }
  });

  it('cuts a concave face into triangles inside it, as an OBJ polygon is', () => {
    // An L of area 7 in a 4 × 4 square. Listed from the outer corner, a fan covers it exactly;
    // listed from the end of the short arm, a fan would cross the notch.
    const outerCorner: [number, number][] = [
      [0, 0],
      [0, 4],
      [1, 4],
      [1, 1],
      [4, 1],
      [4, 0],
    ];
    const armEnd = [...outerCorner.slice(4), ...outerCorner.slice(0, 4)];
    // Its walls lie on the cells' faces: exactly 7/16 of the 32³ grid, from either corner.
    expect(filledCells(textPly(prism(outerCorner)))).toBe(14_336);
    expect(filledCells(textPly(prism(armEnd)))).toBe(14_336);
    expect(filledCells(binaryPly(prism(armEnd)))).toBe(14_336);
  });

  // A 4 × 4 × 4 box: its caps are quads.
  const square = prism([
    [0, 0],
    [4, 0],
    [4, -4],
    [0, -4],
  ]);

  it('reads colours given per face, as bytes with alpha (MeshLab) or as 0–1 floats', () => {
    const bytes = read(
      textPly(square, {
        faceColour: 'red:uchar green:uchar blue:uchar alpha:uchar',
        extra: ['200 10 10 255', '20 120 40 255'],
      }),
    );
    expect(bytes.mesh.indices.length / 3).toBe(12);
    const colours = Array.from(bytes.mesh.triangleColours ?? []);
    // Face 1 (two triangles) red, face 2 green, and so on alternately.
    expect(colours.slice(0, 12)).toEqual([200, 10, 10, 200, 10, 10, 20, 120, 40, 20, 120, 40]);
    const floats = read(
      textPly(square, { faceColour: 'red:float green:float blue:float', extra: ['1 0.5 0'] }),
    );
    expect(Array.from(floats.mesh.triangleColours?.slice(0, 3) ?? [])).toEqual([255, 128, 0]);
  });

  it('skips a face of fewer than three corners, and says how many', () => {
    const parsed = read(textPly({ ...square, faces: [...square.faces, [0, 1]] }));
    expect(parsed.mesh.indices.length / 3).toBe(12);
    expect(parsed.warnings).toEqual([
      { code: 'IGNORED_ELEMENTS', message: '1 face with fewer than three corners was skipped.' },
    ]);
  });

  it('passes over an element without properties, whatever count it declares', () => {
    const cylinder = binaryPly(prism(circle(8, 1)));
    const text = new TextDecoder('latin1').decode(cylinder);
    const withEmpty = text.replace('end_header', `element nothing ${Number.MAX_SAFE_INTEGER}\nend_header`);
    const parsed = read(Uint8Array.from(withEmpty, (c) => c.charCodeAt(0)));
    expect(parsed.mesh.indices.length / 3).toBe(2 * 6 + 8 * 2);
  });

  it('calls a word that is no number a malformed file and names its line', () => {
    const text = new TextDecoder().decode(textPly(prism(circle(5, 1)))).replace('1 0.5\n', 'one 0.5\n');
    const parsed = parseModel(new TextEncoder().encode(text));
    expect(parsed.ok ? null : [parsed.error.code, parsed.error.message]).toEqual([
      'MALFORMED_FILE',
      'Line 13 of the PLY file holds "one", which is not a number.',
    ]);
  });
});

describe('the triangle cap comes from a memory budget', () => {
  /** A closed torus of n × m quads, built straight into typed arrays (2nm triangles). */
  function torus(n: number, m: number): TriangleMesh {
    const positions = new Float32Array(n * m * 3);
    for (let i = 0; i < n; i++)
      for (let j = 0; j < m; j++) {
        const u = (i / n) * 2 * Math.PI;
        const v = (j / m) * 2 * Math.PI;
        const r = 10 + 3 * Math.cos(v);
        positions.set([r * Math.cos(u), r * Math.sin(u), 3 * Math.sin(v)], (i * m + j) * 3);
      }
    const indices = new Uint32Array(n * m * 6);
    const id = (i: number, j: number) => (i % n) * m + (j % m);
    let o = 0;
    for (let i = 0; i < n; i++)
      for (let j = 0; j < m; j++) {
        indices.set([id(i, j), id(i + 1, j), id(i + 1, j + 1), id(i, j), id(i + 1, j + 1), id(i, j + 1)], o);
        o += 6;
      }
    return { positions, indices, triangleColours: null, upAxis: 'z' };
  }

  it('derives the default caps from the budget: more than 2 million triangles', () => {
    expect(DEFAULT_MESHER_LIMITS.maxTriangles).toBe(
      Math.floor(MESH_MEMORY_BUDGET_BYTES / MESH_BYTES_PER_TRIANGLE),
    );
    expect(DEFAULT_MESHER_LIMITS.maxTriangles).toBeGreaterThanOrEqual(2_000_000);
    expect(DEFAULT_MESHER_LIMITS.maxVertices).toBeGreaterThanOrEqual(3_000_000);
  });

  it('accepts a 2-million-triangle mesh in validation', () => {
    const mesh = torus(1000, 1000);
    expect(mesh.indices.length / 3).toBe(2_000_000);
    const report = validateMesh(mesh);
    expect(report.problems).toEqual([]);
    expect(report.watertight).toBe(true);
  });

  it('keeps TOO_MANY_TRIANGLES for what exceeds the budget', () => {
    const mesh = torus(40, 40); // 3,200 triangles
    const budget = 3_000 * MESH_BYTES_PER_TRIANGLE;
    const small = validateMesh(mesh, { limits: { meshMemoryBudgetBytes: budget } });
    expect(small.problems.map((p) => p.code)).toEqual(['TOO_MANY_TRIANGLES']);
    expect(small.problems[0]?.message).toContain('the limit is 3000');
    expect(validateMesh(mesh, { limits: { meshMemoryBudgetBytes: 2 * budget } }).problems).toEqual([]);
    // A binary STL holding more than the cap is refused before anything is read; one whose header
    // alone announces more than its size can hold is a lying header (FACE_COUNT_MISMATCH).
    const stl = binaryStl({ positions: [0, 0, 0, 1, 0, 0, 0, 1, 0], indices: [0, 0, 0, 1, 2, 0] });
    const parsed = parseModel(stl, { limits: { maxTriangles: 1 } });
    expect(parsed.ok ? null : parsed.error.code).toBe('TOO_MANY_TRIANGLES');
    new DataView(stl.buffer).setUint32(80, DEFAULT_MESHER_LIMITS.maxTriangles + 1, true);
    const lying = parseModel(stl);
    expect(lying.ok ? null : lying.error.code).toBe('FACE_COUNT_MISMATCH');
  });
});

describe('files an outside tester brought (2026-12-03)', () => {
  const read = (bytes: Uint8Array, strict = true) => {
    const parsed = parseModel(bytes, { strict });
    if (!parsed.ok) throw new Error(`${parsed.error.code}: ${parsed.error.message}`);
    return parsed;
  };
  const codeOf = (bytes: Uint8Array) => {
    const parsed = parseModel(bytes);
    return parsed.ok ? null : parsed.error.code;
  };
  const withModel = (bytes: Uint8Array, edit: (xml: string) => string, rename?: string) => {
    const files = unzipSync(bytes);
    const xml = edit(new TextDecoder().decode(files['3D/3dmodel.model']!));
    delete files['3D/3dmodel.model'];
    return zipSync({ ...files, [rename ?? '3D/3dmodel.model']: strToU8(xml) });
  };

  it('turns the triangles of a mirroring 3MF placement, so the surface stays outward', () => {
    const mirrored = withModel(threeMf(cube(4)), (xml) =>
      xml.replace(/transform="[^"]*"/, 'transform="-1 0 0 0 1 0 0 0 1 0 0 0"'),
    );
    const inspected = inspectModel(mirrored);
    if (!('meshReport' in inspected)) throw new Error('should inspect');
    expect(inspected.meshReport.watertight).toBe(true);
    expect(inspected.meshReport.findings.map((f) => f.code)).not.toContain('INSIDE_OUT');
    // The mirror image beside the original, face to face: both cubes whole, none dropped as duplicates.
    const pair = withModel(threeMf(cube(4)), (xml) =>
      xml.replace(
        /<build>.*<\/build>/s,
        '<build><item objectid="1"/><item objectid="1" transform="-1 0 0 0 1 0 0 0 1 0 0 0"/></build>',
      ),
    );
    const both = read(pair);
    expect(both.mesh.indices.length / 3).toBe(24);
    expect(both.warnings.map((w) => w.code)).not.toContain('DUPLICATE_TRIANGLES');
  });

  it('skips XML comments, unescapes entities and percent-escapes in 3MF part names', () => {
    const commented = withModel(threeMf(cube(4)), (xml) =>
      xml.replace('</resources>', '<!-- <object id="1" type="model"></object> --></resources>'),
    );
    expect(read(commented).mesh.indices.length / 3).toBe(12);
    // The relationship names "/3D/my%20model.model"; the archive holds "3D/my model.model".
    const files = unzipSync(withModel(threeMf(cube(4)), (xml) => xml, '3D/my model.model'));
    files['_rels/.rels'] = strToU8(
      new TextDecoder().decode(files['_rels/.rels']!).replace('/3D/3dmodel.model', '/3D/my%20model.model'),
    );
    expect(read(zipSync(files)).mesh.indices.length / 3).toBe(12);
    // A component in "nuts&bolts.model", written as the XML entity.
    const root = withModel(threeMf(cube(4)), (xml) =>
      xml
        .replace(
          /<object id="1"[^>]*>.*?<\/object>/s,
          '<object id="1" type="model"><components><component p:path="/3D/Objects/nuts&amp;bolts.model" objectid="1"/></components></object>',
        )
        .replace(
          '<model ',
          '<model xmlns:p="http://schemas.microsoft.com/3dmanufacturing/production/2015/06" ',
        ),
    );
    const part = new TextDecoder()
      .decode(unzipSync(threeMf(cube(4)))['3D/3dmodel.model']!)
      .replace(/<build>.*<\/build>/s, '');
    expect(
      read(zipSync({ ...unzipSync(root), '3D/Objects/nuts&bolts.model': strToU8(part) })).mesh.indices
        .length / 3,
    ).toBe(12);
  });

  it('reads a binary PLY whose other lists are empty or short', () => {
    const mesh = cube(4);
    const faces = mesh.indices.length / 3;
    const header = strToU8(
      [
        'ply',
        'format binary_little_endian 1.0',
        'element vertex 8',
        'property float x',
        'property float y',
        'property float z',
        `element face ${faces}`,
        'property list uchar int vertex_indices',
        'property list uchar float texcoord',
        'end_header',
        '',
      ].join('\n'),
    );
    // Each face: its three corners, then an empty texcoord list (one count byte).
    const body = new DataView(new ArrayBuffer(8 * 12 + faces * 14));
    for (let i = 0; i < 24; i++) body.setFloat32(i * 4, mesh.positions[i]!, true);
    for (let t = 0; t < faces; t++) {
      const at = 96 + t * 14;
      body.setUint8(at, 3);
      for (let k = 0; k < 3; k++) body.setInt32(at + 1 + k * 4, mesh.indices[t * 3 + k]!, true);
      body.setUint8(at + 13, 0);
    }
    const bytes = new Uint8Array(header.length + body.byteLength);
    bytes.set(header);
    bytes.set(new Uint8Array(body.buffer), header.length);
    expect(read(bytes).mesh.indices.length / 3).toBe(12);
  });

  it('reads text STL padded with NULs, and treats text after the last solid as trailing data', () => {
    const text = asciiStl(cube(4));
    const padded = new Uint8Array(text.length + 64);
    padded.set(text);
    expect(read(padded).mesh.indices.length / 3).toBe(12);
    const signed = new Uint8Array([...text, ...strToU8('\nexported by FooCAD 3.1\n')]);
    expect(codeOf(signed)).toBe('TRAILING_DATA');
    const lenient = read(signed, false);
    expect(lenient.mesh.indices.length / 3).toBe(12);
    expect(lenient.warnings.map((w) => w.code)).toContain('TRAILING_DATA');
  });

  it('reads a binary STL whose header says "solid" and that has stray bytes after its triangles', () => {
    const bytes = binaryStl(cube(4));
    bytes.set(strToU8('solid part'), 0);
    const stray = new Uint8Array([...bytes, 0, 0]);
    expect(codeOf(stray)).toBe('TRAILING_DATA');
    const lenient = read(stray, false);
    expect(lenient.mesh.indices.length / 3).toBe(12);
    expect(lenient.warnings.map((w) => w.code)).toEqual(
      expect.arrayContaining(['BINARY_STL_SOLID_HEADER', 'TRAILING_DATA']),
    );
  });

  it('reads OBJ with classic Mac line ends, and with an exporter keyword of its own', () => {
    const text = new TextDecoder().decode(obj(cube(4)));
    expect(read(strToU8(text.replace(/\n/g, '\r'))).mesh.indices.length / 3).toBe(12);
    expect(read(strToU8(`# FooCAD\nvc 1 0 0\n${text}`)).mesh.indices.length / 3).toBe(12);
  });
});
