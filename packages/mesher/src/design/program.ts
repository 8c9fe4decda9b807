// Kitwright's design language (version 1): a typed JSON program of parts, each a tree of
// primitives placed, repeated, mirrored and combined, painted with a palette colour or a pattern.
// Coordinates are in cells (x, y on the ground, z up, one layer per z); the voxeliser evaluates a
// program into the same voxel grid the mesh path produces. `validateProgram` is the only way an
// untrusted program (a language model's answer, a stored draft) becomes a `DesignProgram`.

import { isPaletteColourId, type PaletteColourId } from '../colour/palette';

export const DESIGN_LANGUAGE_VERSION = 1;

export type Vec3 = [number, number, number];
export type Vec2 = [number, number];
export type Axis = 'x' | 'y' | 'z';

export type Primitive =
  /** Axis-aligned box from its lowest corner. */
  | { type: 'box'; at: Vec3; size: Vec3 }
  /** Upright cylinder: centre of its base circle, radius, height. */
  | { type: 'cylinder'; at: Vec3; radius: number; height: number }
  /** Upright cone or frustum: base radius `radius`, top radius `top` (0 for a point). */
  | { type: 'cone'; at: Vec3; radius: number; top: number; height: number }
  | { type: 'sphere'; at: Vec3; radius: number }
  /** Ring lying flat: centre, ring radius and tube radius. */
  | { type: 'torus'; at: Vec3; radius: number; tube: number }
  /** Triangular prism (a gable roof) along x: a box whose y-z section is a triangle, apex at mid-depth. */
  | { type: 'prism'; at: Vec3; size: Vec3 }
  /** A closed 2D outline (x, y), extruded upwards from `at`. */
  | { type: 'extrude'; at: Vec3; outline: Vec2[]; height: number }
  /** A surface of revolution about the upright axis through `at`: profile points (radius, z). */
  | { type: 'revolve'; at: Vec3; profile: Vec2[] };

export interface Transform {
  translate?: Vec3;
  /** Quarter turns about x, y and z, applied in that order (each 0 to 3). */
  rotate?: Vec3;
  scale?: Vec3;
}

export type DesignNode =
  | Primitive
  | { type: 'union'; children: DesignNode[] }
  | { type: 'subtract'; from: DesignNode; remove: DesignNode[] }
  | { type: 'place'; transform: Transform; child: DesignNode }
  /** `count` copies, each moved by `step` from the previous one. */
  | { type: 'repeat'; count: number; step: Vec3; child: DesignNode }
  /** `count` copies turned evenly around the upright axis through `centre` (x, y). */
  | { type: 'around'; count: number; centre: Vec2; child: DesignNode }
  /** The child and its mirror image across the plane `axis = at`. */
  | { type: 'mirror'; axis: Axis; at: number; child: DesignNode };

export type Paint =
  | { colour: PaletteColourId }
  | { pattern: 'stripes'; axis: Axis; width: number; colours: PaletteColourId[] }
  | { pattern: 'checks'; width: number; colours: PaletteColourId[] }
  | { pattern: 'gradient'; axis: Axis; colours: PaletteColourId[] };

export interface DesignPart {
  /** A name people use for it ("roof", "tower"): colours are changed per part. */
  name: string;
  paint: Paint;
  shape: DesignNode;
  /** `carve` empties the cells of earlier parts (windows, doors) instead of filling them. */
  mode?: 'add' | 'carve';
}

export interface DesignProgram {
  version: typeof DESIGN_LANGUAGE_VERSION;
  name: string;
  /** Grid in cells: width (x), depth (y), height (z, layers). */
  bounds: Vec3;
  parts: DesignPart[];
}

/** The language's budgets: a program over any of them is refused, so evaluation work is bounded. */
export const DESIGN_LIMITS = Object.freeze({
  maxSide: 128,
  maxVoxels: 128 * 128 * 128,
  maxParts: 32,
  /** Nodes written in the program (primitives and operations). */
  maxNodes: 600,
  /** Primitives after repeats and mirrors are expanded. */
  maxPrimitives: 4000,
  maxDepth: 12,
  maxRepeat: 64,
  maxPoints: 64,
  /** Cells tested, summed over every expanded primitive's bounding box. */
  maxCellTests: 40_000_000,
  maxCoordinate: 1024,
  maxNameLength: 40,
  maxPatternColours: 6,
});

export interface ProgramProblem {
  path: string;
  message: string;
}

export type ProgramValidation =
  | { ok: true; program: DesignProgram; primitives: number; cellTests: number }
  | { ok: false; problems: ProgramProblem[] };

class Invalid extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function keysOnly(v: Record<string, unknown>, path: string, allowed: readonly string[]): void {
  for (const key of Object.keys(v))
    if (!allowed.includes(key)) throw new Invalid(`${path}.${key}`, 'is not a field of the language');
}

function num(v: unknown, path: string, min: number, max: number): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new Invalid(path, 'must be a number');
  if (v < min || v > max) throw new Invalid(path, `must be between ${min} and ${max}`);
  return v;
}

function int(v: unknown, path: string, min: number, max: number): number {
  const n = num(v, path, min, max);
  if (!Number.isInteger(n)) throw new Invalid(path, 'must be a whole number');
  return n;
}

function vec3(v: unknown, path: string, min: number, max: number): Vec3 {
  if (!Array.isArray(v) || v.length !== 3) throw new Invalid(path, 'must be three numbers');
  return [
    num(v[0], `${path}[0]`, min, max),
    num(v[1], `${path}[1]`, min, max),
    num(v[2], `${path}[2]`, min, max),
  ];
}

function points(v: unknown, path: string, min: number, max: number, least: number): Vec2[] {
  if (!Array.isArray(v) || v.length < least || v.length > DESIGN_LIMITS.maxPoints)
    throw new Invalid(path, `must be ${least} to ${DESIGN_LIMITS.maxPoints} points`);
  return v.map((p, i) => {
    if (!Array.isArray(p) || p.length !== 2) throw new Invalid(`${path}[${i}]`, 'must be two numbers');
    return [num(p[0], `${path}[${i}][0]`, min, max), num(p[1], `${path}[${i}][1]`, min, max)] as Vec2;
  });
}

function colour(v: unknown, path: string): PaletteColourId {
  if (typeof v !== 'string' || !isPaletteColourId(v)) throw new Invalid(path, 'is not a palette colour');
  return v;
}

function axis(v: unknown, path: string): Axis {
  if (v !== 'x' && v !== 'y' && v !== 'z') throw new Invalid(path, 'must be x, y or z');
  return v;
}

const C = DESIGN_LIMITS.maxCoordinate;

/** A primitive's bounding box in its own coordinates: [min, max]. */
export function primitiveBox(p: Primitive): [Vec3, Vec3] {
  const [x, y, z] = p.at;
  switch (p.type) {
    case 'box':
    case 'prism':
      return [
        [x, y, z],
        [x + p.size[0], y + p.size[1], z + p.size[2]],
      ];
    case 'cylinder':
      return [
        [x - p.radius, y - p.radius, z],
        [x + p.radius, y + p.radius, z + p.height],
      ];
    case 'cone': {
      const r = Math.max(p.radius, p.top);
      return [
        [x - r, y - r, z],
        [x + r, y + r, z + p.height],
      ];
    }
    case 'sphere':
      return [
        [x - p.radius, y - p.radius, z - p.radius],
        [x + p.radius, y + p.radius, z + p.radius],
      ];
    case 'torus': {
      const r = p.radius + p.tube;
      return [
        [x - r, y - r, z - p.tube],
        [x + r, y + r, z + p.tube],
      ];
    }
    case 'extrude': {
      const xs = p.outline.map((q) => q[0]);
      const ys = p.outline.map((q) => q[1]);
      return [
        [x + Math.min(...xs), y + Math.min(...ys), z],
        [x + Math.max(...xs), y + Math.max(...ys), z + p.height],
      ];
    }
    case 'revolve': {
      const r = Math.max(...p.profile.map((q) => q[0]));
      const zs = p.profile.map((q) => q[1]);
      return [
        [x - r, y - r, z + Math.min(...zs)],
        [x + r, y + r, z + Math.max(...zs)],
      ];
    }
  }
}

function primitive(v: Record<string, unknown>, path: string): Primitive {
  const at = vec3(v.at, `${path}.at`, -C, C);
  switch (v.type) {
    case 'box':
    case 'prism':
      keysOnly(v, path, ['type', 'at', 'size']);
      return { type: v.type, at, size: vec3(v.size, `${path}.size`, 0.5, C) };
    case 'cylinder':
      keysOnly(v, path, ['type', 'at', 'radius', 'height']);
      return {
        type: 'cylinder',
        at,
        radius: num(v.radius, `${path}.radius`, 0.5, C),
        height: num(v.height, `${path}.height`, 0.5, C),
      };
    case 'cone':
      keysOnly(v, path, ['type', 'at', 'radius', 'top', 'height']);
      return {
        type: 'cone',
        at,
        radius: num(v.radius, `${path}.radius`, 0, C),
        top: num(v.top, `${path}.top`, 0, C),
        height: num(v.height, `${path}.height`, 0.5, C),
      };
    case 'sphere':
      keysOnly(v, path, ['type', 'at', 'radius']);
      return { type: 'sphere', at, radius: num(v.radius, `${path}.radius`, 0.5, C) };
    case 'torus':
      keysOnly(v, path, ['type', 'at', 'radius', 'tube']);
      return {
        type: 'torus',
        at,
        radius: num(v.radius, `${path}.radius`, 0.5, C),
        tube: num(v.tube, `${path}.tube`, 0.5, C),
      };
    case 'extrude':
      keysOnly(v, path, ['type', 'at', 'outline', 'height']);
      return {
        type: 'extrude',
        at,
        outline: points(v.outline, `${path}.outline`, -C, C, 3),
        height: num(v.height, `${path}.height`, 0.5, C),
      };
    case 'revolve': {
      keysOnly(v, path, ['type', 'at', 'profile']);
      const profile = points(v.profile, `${path}.profile`, 0, C, 2);
      for (let i = 1; i < profile.length; i++)
        if (profile[i]![1] <= profile[i - 1]![1])
          throw new Invalid(`${path}.profile[${i}]`, 'heights must rise from one point to the next');
      return { type: 'revolve', at, profile };
    }
    default:
      throw new Invalid(`${path}.type`, 'is not a primitive or operation of the language');
  }
}

interface Walk {
  nodes: number;
  /** Primitives and cell tests after expansion, per copy multiplier. */
  primitives: number;
  cellTests: number;
}

function node(
  v: unknown,
  path: string,
  depth: number,
  copies: number,
  scale: number,
  walk: Walk,
): DesignNode {
  if (!isRecord(v)) throw new Invalid(path, 'must be an object');
  if (depth > DESIGN_LIMITS.maxDepth) throw new Invalid(path, `nests deeper than ${DESIGN_LIMITS.maxDepth}`);
  if (++walk.nodes > DESIGN_LIMITS.maxNodes)
    throw new Invalid(path, `the program has more than ${DESIGN_LIMITS.maxNodes} nodes`);
  switch (v.type) {
    case 'union': {
      keysOnly(v, path, ['type', 'children']);
      if (!Array.isArray(v.children) || v.children.length === 0)
        throw new Invalid(`${path}.children`, 'must list nodes');
      return {
        type: 'union',
        children: v.children.map((c, i) => node(c, `${path}.children[${i}]`, depth + 1, copies, scale, walk)),
      };
    }
    case 'subtract': {
      keysOnly(v, path, ['type', 'from', 'remove']);
      if (!Array.isArray(v.remove) || v.remove.length === 0)
        throw new Invalid(`${path}.remove`, 'must list nodes');
      return {
        type: 'subtract',
        from: node(v.from, `${path}.from`, depth + 1, copies, scale, walk),
        remove: v.remove.map((c, i) => node(c, `${path}.remove[${i}]`, depth + 1, copies, scale, walk)),
      };
    }
    case 'place': {
      keysOnly(v, path, ['type', 'transform', 'child']);
      if (!isRecord(v.transform)) throw new Invalid(`${path}.transform`, 'must be an object');
      keysOnly(v.transform, `${path}.transform`, ['translate', 'rotate', 'scale']);
      const transform: Transform = {};
      if (v.transform.translate !== undefined)
        transform.translate = vec3(v.transform.translate, `${path}.transform.translate`, -C, C);
      if (v.transform.rotate !== undefined) {
        const r = vec3(v.transform.rotate, `${path}.transform.rotate`, 0, 3);
        r.forEach((t, i) => {
          int(t, `${path}.transform.rotate[${i}]`, 0, 3);
        });
        transform.rotate = r;
      }
      let grow = 1;
      if (v.transform.scale !== undefined) {
        transform.scale = vec3(v.transform.scale, `${path}.transform.scale`, 0.05, 20);
        grow = Math.max(...transform.scale);
      }
      return {
        type: 'place',
        transform,
        child: node(v.child, `${path}.child`, depth + 1, copies, scale * grow, walk),
      };
    }
    case 'repeat': {
      keysOnly(v, path, ['type', 'count', 'step', 'child']);
      const count = int(v.count, `${path}.count`, 1, DESIGN_LIMITS.maxRepeat);
      return {
        type: 'repeat',
        count,
        step: vec3(v.step, `${path}.step`, -C, C),
        child: node(v.child, `${path}.child`, depth + 1, copies * count, scale, walk),
      };
    }
    case 'around': {
      keysOnly(v, path, ['type', 'count', 'centre', 'child']);
      const count = int(v.count, `${path}.count`, 1, DESIGN_LIMITS.maxRepeat);
      const centre = points([v.centre], `${path}.centre`, -C, C, 1)[0]!;
      return {
        type: 'around',
        count,
        centre,
        child: node(v.child, `${path}.child`, depth + 1, copies * count, scale, walk),
      };
    }
    case 'mirror': {
      keysOnly(v, path, ['type', 'axis', 'at', 'child']);
      return {
        type: 'mirror',
        axis: axis(v.axis, `${path}.axis`),
        at: num(v.at, `${path}.at`, -C, C),
        child: node(v.child, `${path}.child`, depth + 1, copies * 2, scale, walk),
      };
    }
    default: {
      const p = primitive(v, path);
      const [lo, hi] = primitiveBox(p);
      // Rotated copies turn around their centre, so a box's diagonal bounds what they cover.
      const cells = (hi[0] - lo[0] + 2) * (hi[1] - lo[1] + 2) * (hi[2] - lo[2] + 2) * scale ** 3;
      walk.primitives += copies;
      walk.cellTests += copies * cells;
      if (walk.primitives > DESIGN_LIMITS.maxPrimitives)
        throw new Invalid(path, `the program expands to more than ${DESIGN_LIMITS.maxPrimitives} primitives`);
      return p;
    }
  }
}

function paint(v: unknown, path: string): Paint {
  if (!isRecord(v)) throw new Invalid(path, 'must be an object');
  if ('colour' in v) {
    keysOnly(v, path, ['colour']);
    return { colour: colour(v.colour, `${path}.colour`) };
  }
  const colours = (): PaletteColourId[] => {
    if (
      !Array.isArray(v.colours) ||
      v.colours.length < 2 ||
      v.colours.length > DESIGN_LIMITS.maxPatternColours
    )
      throw new Invalid(`${path}.colours`, `must list 2 to ${DESIGN_LIMITS.maxPatternColours} colours`);
    return v.colours.map((c, i) => colour(c, `${path}.colours[${i}]`));
  };
  switch (v.pattern) {
    case 'stripes':
      keysOnly(v, path, ['pattern', 'axis', 'width', 'colours']);
      return {
        pattern: 'stripes',
        axis: axis(v.axis, `${path}.axis`),
        width: int(v.width, `${path}.width`, 1, 64),
        colours: colours(),
      };
    case 'checks':
      keysOnly(v, path, ['pattern', 'width', 'colours']);
      return { pattern: 'checks', width: int(v.width, `${path}.width`, 1, 64), colours: colours() };
    case 'gradient':
      keysOnly(v, path, ['pattern', 'axis', 'colours']);
      return { pattern: 'gradient', axis: axis(v.axis, `${path}.axis`), colours: colours() };
    default:
      throw new Invalid(`${path}.pattern`, 'must be stripes, checks or gradient (or give a colour)');
  }
}

/** Checks an untrusted value against the language, its bounds and budgets. */
export function validateProgram(value: unknown): ProgramValidation {
  try {
    if (!isRecord(value)) throw new Invalid('program', 'must be an object');
    keysOnly(value, 'program', ['version', 'name', 'bounds', 'parts']);
    if (value.version !== DESIGN_LANGUAGE_VERSION)
      throw new Invalid('program.version', `must be ${DESIGN_LANGUAGE_VERSION}`);
    if (
      typeof value.name !== 'string' ||
      value.name.length === 0 ||
      value.name.length > DESIGN_LIMITS.maxNameLength
    )
      throw new Invalid('program.name', `must be 1 to ${DESIGN_LIMITS.maxNameLength} characters`);
    const bounds = vec3(value.bounds, 'program.bounds', 1, DESIGN_LIMITS.maxSide);
    bounds.forEach((b, i) => {
      int(b, `program.bounds[${i}]`, 1, DESIGN_LIMITS.maxSide);
    });
    if (bounds[0] * bounds[1] * bounds[2] > DESIGN_LIMITS.maxVoxels)
      throw new Invalid('program.bounds', `holds more than ${DESIGN_LIMITS.maxVoxels} cells`);
    if (
      !Array.isArray(value.parts) ||
      value.parts.length === 0 ||
      value.parts.length > DESIGN_LIMITS.maxParts
    )
      throw new Invalid('program.parts', `must list 1 to ${DESIGN_LIMITS.maxParts} parts`);
    const walk: Walk = { nodes: 0, primitives: 0, cellTests: 0 };
    const parts = value.parts.map((p, i): DesignPart => {
      const path = `program.parts[${i}]`;
      if (!isRecord(p)) throw new Invalid(path, 'must be an object');
      keysOnly(p, path, ['name', 'paint', 'shape', 'mode']);
      if (typeof p.name !== 'string' || !/^[a-z][a-z0-9 -]{0,39}$/.test(p.name))
        throw new Invalid(`${path}.name`, 'must be 1 to 40 lower-case letters, digits, spaces or dashes');
      if (p.mode !== undefined && p.mode !== 'add' && p.mode !== 'carve')
        throw new Invalid(`${path}.mode`, 'must be add or carve');
      const part: DesignPart = {
        name: p.name,
        paint: paint(p.paint, `${path}.paint`),
        shape: node(p.shape, `${path}.shape`, 1, 1, 1, walk),
      };
      if (p.mode) part.mode = p.mode;
      return part;
    });
    if (walk.cellTests > DESIGN_LIMITS.maxCellTests)
      throw new Invalid(
        'program',
        `needs about ${Math.round(walk.cellTests)} cell tests, over the budget of ${DESIGN_LIMITS.maxCellTests}`,
      );
    return {
      ok: true,
      program: { version: DESIGN_LANGUAGE_VERSION, name: value.name, bounds, parts },
      primitives: walk.primitives,
      cellTests: walk.cellTests,
    };
  } catch (err) {
    if (err instanceof Invalid) return { ok: false, problems: [{ path: err.path, message: err.message }] };
    throw err;
  }
}
