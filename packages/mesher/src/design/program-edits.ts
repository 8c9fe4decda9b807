// The edits a model-written program (the http provider's) offers. The language has no parameters
// of its own, and such a program has no recipe to recompose, so its safe edits are derived from
// what it draws: its overall size (the longest side, in cells), and the height and width of each
// of its first parts, in cells, measured by the voxeliser. Each is bounded so the edited program
// stays within the language's limits; the edit is written back into the program as one `place`
// per part (a scale about the part's base and centre, and a lift for the parts resting above it),
// so the result is an ordinary program, validated like any other.

import { MAX_DESIGN_SIZE } from './compose';
import type { DesignParam } from './library';
import { DESIGN_LIMITS, type DesignProgram, type Vec3, validateProgram } from './program';
import { partExtents } from './voxelise-program';

/** Parts given a height and a width control (the first ones written; a choice holds at most 16). */
export const EDITABLE_PART_COUNT = 7;
export const MIN_PROGRAM_SIZE = 8;

export type ProgramParam = DesignParam & { value: number };

interface Editable {
  index: number;
  lo: Vec3;
  hi: Vec3;
  height: string;
  width: string;
}

function slug(name: string): string {
  return name.trim().replace(/\s+/g, '-').slice(0, 32);
}

function editableParts(program: DesignProgram): Editable[] {
  const extents = partExtents(program);
  const out: Editable[] = [];
  const taken = new Set<string>(['size']);
  program.parts.forEach((part, index) => {
    const extent = extents[index];
    if (part.mode === 'carve' || !extent || out.length >= EDITABLE_PART_COUNT) return;
    let base = slug(part.name);
    if (taken.has(`${base}-height`)) base = `part-${index + 1}`;
    taken.add(`${base}-height`);
    out.push({ index, lo: extent.lo, hi: extent.hi, height: `${base}-height`, width: `${base}-width` });
  });
  return out;
}

/** The most the whole program may grow by and stay within the language's cell-test budget. */
function growthLimit(program: DesignProgram): number {
  const checked = validateProgram(program);
  if (!checked.ok || checked.cellTests <= 0) return 1;
  return Math.cbrt(DESIGN_LIMITS.maxCellTests / checked.cellTests);
}

/** The controls a model-written program offers, with their bounds and current values. */
export function programParams(program: DesignProgram): ProgramParam[] {
  const [bx, by, bz] = program.bounds;
  const longest = Math.max(bx, by, bz);
  const params: ProgramParam[] = [];
  const sizeMax = Math.max(
    longest,
    Math.min(MAX_DESIGN_SIZE, DESIGN_LIMITS.maxSide, Math.floor(longest * growthLimit(program))),
  );
  const sizeMin = Math.min(longest, MIN_PROGRAM_SIZE);
  if (sizeMax > sizeMin)
    params.push({ id: 'size', min: sizeMin, max: sizeMax, default: longest, value: longest });
  for (const part of editableParts(program)) {
    const h = part.hi[2] - part.lo[2];
    const w = Math.max(part.hi[0] - part.lo[0], part.hi[1] - part.lo[1]);
    const hMax = Math.min(2 * h, h + (DESIGN_LIMITS.maxSide - bz));
    const wMax = Math.min(2 * w, w + (DESIGN_LIMITS.maxSide - Math.max(bx, by)));
    const hMin = Math.max(1, Math.ceil(h / 2));
    const wMin = Math.max(1, Math.ceil(w / 2));
    if (hMax > hMin) params.push({ id: part.height, min: hMin, max: hMax, default: h, value: h });
    if (wMax > wMin) params.push({ id: part.width, min: wMin, max: wMax, default: w, value: w });
  }
  return params;
}

export type ProgramEditResult =
  | { ok: true; program: DesignProgram; params: ProgramParam[] }
  | { ok: false; problems: string[] };

/**
 * The program with the owner's values applied (unknown ids and values out of bounds are refused,
 * not clamped: the server checked them already, so one here is a bug or a changed program).
 */
export function applyProgramParams(
  program: DesignProgram,
  values: Record<string, number>,
): ProgramEditResult {
  const params = programParams(program);
  const problems: string[] = [];
  for (const [id, value] of Object.entries(values)) {
    const spec = params.find((p) => p.id === id);
    if (!spec) problems.push(`${id} is not a control of this design`);
    else if (!Number.isInteger(value) || value < spec.min || value > spec.max)
      problems.push(`${id} must be a whole number from ${spec.min} to ${spec.max}`);
  }
  if (problems.length > 0) return { ok: false, problems };
  const current = params.map((p) => ({ ...p, value: values[p.id] ?? p.value }));
  const parts = editableParts(program);
  const n = program.parts.length;
  const scale: Vec3[] = program.parts.map(() => [1, 1, 1]);
  const move: Vec3[] = program.parts.map(() => [0, 0, 0]);
  const lift = new Array<number>(n).fill(0);
  const extents = partExtents(program);
  for (const part of parts) {
    const h = part.hi[2] - part.lo[2];
    const w = Math.max(part.hi[0] - part.lo[0], part.hi[1] - part.lo[1]);
    const H = values[part.height] ?? h;
    const W = values[part.width] ?? w;
    const sz = H / h;
    const sw = W / w;
    const cx = (part.lo[0] + part.hi[0]) / 2;
    const cy = (part.lo[1] + part.hi[1]) / 2;
    scale[part.index] = [sw, sw, sz];
    // Scaled about its base (z) and its centre (x, y), so it keeps its place in the design.
    move[part.index] = [cx * (1 - sw), cy * (1 - sw), part.lo[2] * (1 - sz)];
    // Whatever rests on or above its top moves with it, so a taller tower still carries its roof.
    if (H !== h)
      extents.forEach((e, j) => {
        if (j !== part.index && e && e.lo[2] >= part.hi[2]) lift[j]! += H - h;
      });
  }
  // Where each part ends up, to size the grid (and move everything in if a part grew past x, y = 0).
  const lo: Vec3 = [0, 0, 0];
  const hi: Vec3 = [...program.bounds];
  extents.forEach((e, j) => {
    if (!e) return;
    for (let k = 0; k < 3; k++) {
      const a = e.lo[k]! * scale[j]![k]! + move[j]![k]! + (k === 2 ? lift[j]! : 0);
      const b = e.hi[k]! * scale[j]![k]! + move[j]![k]! + (k === 2 ? lift[j]! : 0);
      lo[k] = Math.min(lo[k]!, Math.floor(a));
      hi[k] = Math.max(hi[k]!, Math.ceil(b));
    }
  });
  let bounds: Vec3 = [hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]];
  const size = values.size;
  const f = size === undefined ? 1 : size / Math.max(...bounds);
  if (size !== undefined) bounds = bounds.map((b) => Math.max(1, Math.round(b * f))) as Vec3;
  const edited = {
    version: program.version,
    name: program.name,
    bounds,
    parts: program.parts.map((part, j) => {
      const s = scale[j]!;
      const t: Vec3 = [
        f * (move[j]![0] - lo[0]),
        f * (move[j]![1] - lo[1]),
        f * (move[j]![2] + lift[j]! - lo[2]),
      ];
      const unchanged = f === 1 && s.every((v) => v === 1) && t.every((v) => v === 0);
      if (unchanged) return part;
      return {
        ...part,
        shape: {
          type: 'place' as const,
          transform: { translate: t, scale: [f * s[0], f * s[1], f * s[2]] as Vec3 },
          child: part.shape,
        },
      };
    }),
  };
  const checked = validateProgram(edited);
  if (!checked.ok) return { ok: false, problems: checked.problems.map((p) => `${p.path}: ${p.message}`) };
  return { ok: true, program: checked.program, params: current };
}
