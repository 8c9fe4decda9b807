// 3MF reader: a ZIP (read by zip-archive with bomb checks) holding XML. three's 3MFLoader needs a
// DOMParser, which Node and React Native lack, so the few elements a mesh needs are scanned here:
// objects, meshes, components, build items, base materials and colour groups.

import type { MesherLimits } from '../config/limits';
import { fail } from '../errors/error-codes';
import type { RawMesh } from '../mesh/weld';
import { GrowableFloat64, GrowableUint8, GrowableUint32 } from './growable';
import type { ParseWarning } from './parse-warning';
import { extractEntry, findEntry, readZipDirectory } from './zip-archive';

export interface ThreeMfParse {
  raw: RawMesh;
  warnings: ParseWarning[];
}

interface MeshObject {
  positions: number[];
  triangles: number[];
  /** Per triangle: [resource id, index] or -1 when the object default applies. */
  triangleProps: number[];
  pid: number;
  pindex: number;
  components: { objectId: number; transform: number[] }[];
}

const TAG =
  /<\s*(\/?)([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)((?:\s+[^\s=>/]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)\s*>/g;
const ATTRIBUTE = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const IDENTITY = [1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0];
const MAX_COMPONENT_DEPTH = 32;
const MAX_INSTANCES = 100_000;

function attributes(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  ATTRIBUTE.lastIndex = 0;
  for (let m = ATTRIBUTE.exec(text); m; m = ATTRIBUTE.exec(text)) {
    const key = m[1]!;
    out[key.slice(key.indexOf(':') + 1)] = m[2] ?? m[3] ?? '';
  }
  return out;
}

function parseTransform(value: string | undefined): number[] {
  if (!value) return IDENTITY;
  const numbers = value.trim().split(/\s+/).map(Number);
  if (numbers.length !== 12 || !numbers.every(Number.isFinite))
    fail('MALFORMED_FILE', `Invalid 3MF transform "${value}".`);
  return numbers;
}

/** 3MF matrices act on row vectors: p' = p · M, stored as m00 m01 m02 m10 … m32. */
function compose(inner: number[], outer: number[]): number[] {
  const out = new Array<number>(12);
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 3; c++) {
      let sum = r === 3 ? outer[9 + c]! : 0;
      for (let k = 0; k < 3; k++) sum += inner[r * 3 + k]! * outer[k * 3 + c]!;
      out[r * 3 + c] = sum;
    }
  }
  return out;
}

function parseColour(value: string | undefined): [number, number, number] | null {
  const match = /^#([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(value ?? '');
  if (!match) return null;
  const hex = Number.parseInt(match[1]!, 16);
  return [(hex >> 16) & 0xff, (hex >> 8) & 0xff, hex & 0xff];
}

function modelPath(
  bytes: Uint8Array,
  directory: ReturnType<typeof readZipDirectory>,
  limits: MesherLimits,
): string {
  const rels = findEntry(directory, '_rels/.rels');
  if (rels) {
    const text = new TextDecoder('utf-8').decode(extractEntry(bytes, rels, limits));
    TAG.lastIndex = 0;
    for (let m = TAG.exec(text); m; m = TAG.exec(text)) {
      if (m[3] !== 'Relationship') continue;
      const attrs = attributes(m[4] ?? '');
      if (attrs.Type?.endsWith('/3dmodel') && attrs.Target) return attrs.Target;
    }
  }
  return '3D/3dmodel.model';
}

export function parseThreeMf(bytes: Uint8Array, limits: MesherLimits): ThreeMfParse {
  const warnings: ParseWarning[] = [];
  const directory = readZipDirectory(bytes, limits);
  const entry = findEntry(directory, modelPath(bytes, directory, limits));
  if (!entry) fail('INVALID_ARCHIVE', 'The 3MF archive has no 3D model part.');
  const xml = new TextDecoder('utf-8').decode(extractEntry(bytes, entry, limits));

  const objects = new Map<number, MeshObject>();
  const palettes = new Map<number, [number, number, number][]>();
  const build: { objectId: number; transform: number[] }[] = [];
  let current: MeshObject | null = null;
  let currentPalette: [number, number, number][] | null = null;
  let section: 'vertices' | 'triangles' | null = null;
  let triangleTotal = 0;
  let vertexTotal = 0;

  TAG.lastIndex = 0;
  for (let m = TAG.exec(xml); m; m = TAG.exec(xml)) {
    const closing = m[1] === '/';
    const name = m[3]!;
    if (closing) {
      if (name === 'object') current = null;
      else if (name === 'vertices' || name === 'triangles') section = null;
      else if (name === 'basematerials' || name === 'colorgroup') currentPalette = null;
      continue;
    }
    if (name === 'vertex' && current && section === 'vertices') {
      const a = attributes(m[4] ?? '');
      const x = Number(a.x);
      const y = Number(a.y);
      const z = Number(a.z);
      if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) {
        fail('NON_FINITE_COORDINATES', 'A 3MF vertex has a coordinate that is not a finite number.', {
          vertex: vertexTotal,
        });
      }
      if (++vertexTotal > limits.maxVertices) {
        fail('TOO_MANY_VERTICES', `The model has more than ${limits.maxVertices} vertices.`, {
          limit: limits.maxVertices,
        });
      }
      current.positions.push(x, y, z);
    } else if (name === 'triangle' && current && section === 'triangles') {
      const a = attributes(m[4] ?? '');
      const v1 = Number(a.v1);
      const v2 = Number(a.v2);
      const v3 = Number(a.v3);
      if (![v1, v2, v3].every((v) => Number.isInteger(v) && v >= 0))
        fail('MALFORMED_FILE', 'A 3MF triangle has an invalid vertex index.');
      if (++triangleTotal > limits.maxTriangles) {
        fail('TOO_MANY_TRIANGLES', `The model has more than ${limits.maxTriangles} triangles.`, {
          limit: limits.maxTriangles,
        });
      }
      current.triangles.push(v1, v2, v3);
      current.triangleProps.push(
        a.pid === undefined ? -1 : Number(a.pid),
        a.p1 === undefined ? -1 : Number(a.p1),
      );
    } else if (name === 'vertices' || name === 'triangles') {
      section = name;
    } else if (name === 'object') {
      const a = attributes(m[4] ?? '');
      current = {
        positions: [],
        triangles: [],
        triangleProps: [],
        pid: a.pid === undefined ? -1 : Number(a.pid),
        pindex: a.pindex === undefined ? 0 : Number(a.pindex),
        components: [],
      };
      objects.set(Number(a.id), current);
    } else if (name === 'component' && current) {
      const a = attributes(m[4] ?? '');
      if (a.path)
        fail('UNSUPPORTED_FEATURE', 'The 3MF splits its model across several files (production extension).');
      current.components.push({ objectId: Number(a.objectid), transform: parseTransform(a.transform) });
    } else if (name === 'item') {
      const a = attributes(m[4] ?? '');
      if (a.path)
        fail('UNSUPPORTED_FEATURE', 'The 3MF splits its model across several files (production extension).');
      build.push({ objectId: Number(a.objectid), transform: parseTransform(a.transform) });
    } else if (name === 'basematerials' || name === 'colorgroup') {
      currentPalette = [];
      palettes.set(Number(attributes(m[4] ?? '').id), currentPalette);
    } else if ((name === 'base' || name === 'color') && currentPalette) {
      const a = attributes(m[4] ?? '');
      currentPalette.push(parseColour(name === 'base' ? a.displaycolor : a.color) ?? [200, 200, 200]);
    } else if (name === 'texture2dgroup' || name === 'texture2d') {
      warnings.push({
        code: 'TEXTURE_NOT_SAMPLED',
        message: '3MF textures are not sampled yet; base materials and colour groups are used.',
      });
    }
  }

  const positions = new GrowableFloat64(Math.max(1024, vertexTotal * 3));
  const indices = new GrowableUint32(Math.max(1024, triangleTotal * 3));
  const colours = new GrowableUint8(Math.max(1024, triangleTotal * 3));
  let anyColour = false;
  let instances = 0;
  const path = new Set<number>();
  const emit = (objectId: number, transform: number[], depth: number): void => {
    const object = objects.get(objectId);
    if (!object) fail('MALFORMED_FILE', `The 3MF build refers to object ${objectId}, which does not exist.`);
    if (depth > MAX_COMPONENT_DEPTH || path.has(objectId)) {
      fail('MALFORMED_FILE', 'The 3MF components nest too deeply or refer to themselves.');
    }
    // Shared components can multiply without adding triangles, so instances are capped as well.
    if (++instances > MAX_INSTANCES)
      fail('MALFORMED_FILE', `The 3MF places more than ${MAX_INSTANCES} object instances.`);
    path.add(objectId);
    for (const component of object.components)
      emit(component.objectId, compose(component.transform, transform), depth + 1);
    path.delete(objectId);
    if (object.triangles.length === 0) return;
    const first = positions.length / 3;
    const count = object.positions.length / 3;
    if ((indices.length + object.triangles.length) / 3 > limits.maxTriangles) {
      fail(
        'TOO_MANY_TRIANGLES',
        `The model has more than ${limits.maxTriangles} triangles once its parts are placed.`,
        {
          limit: limits.maxTriangles,
        },
      );
    }
    const t = transform;
    for (let i = 0; i < count; i++) {
      const x = object.positions[i * 3]!;
      const y = object.positions[i * 3 + 1]!;
      const z = object.positions[i * 3 + 2]!;
      positions.push3(
        x * t[0]! + y * t[3]! + z * t[6]! + t[9]!,
        x * t[1]! + y * t[4]! + z * t[7]! + t[10]!,
        x * t[2]! + y * t[5]! + z * t[8]! + t[11]!,
      );
    }
    for (let i = 0; i < object.triangles.length; i++) {
      const v = object.triangles[i]!;
      if (v >= count) {
        fail('INVALID_INDEX', `A 3MF triangle refers to vertex ${v}, but its object has ${count}.`, {
          index: v,
          vertexCount: count,
        });
      }
      indices.push(first + v);
    }
    for (let i = 0; i < object.triangles.length / 3; i++) {
      const pid = object.triangleProps[i * 2]! >= 0 ? object.triangleProps[i * 2]! : object.pid;
      const index = object.triangleProps[i * 2 + 1]! >= 0 ? object.triangleProps[i * 2 + 1]! : object.pindex;
      const colour = palettes.get(pid)?.[index];
      if (colour) anyColour = true;
      const c = colour ?? [200, 200, 200];
      colours.push3(c[0], c[1], c[2]);
    }
  };
  if (build.length === 0) fail('NO_TRIANGLES', 'The 3MF build section places no objects.');
  for (const item of build) emit(item.objectId, item.transform, 0);
  if (indices.length === 0) fail('NO_TRIANGLES', 'The 3MF objects contain no triangles.');
  return {
    raw: {
      positions: positions.toArray(),
      indices: indices.toArray(),
      triangleColours: anyColour ? colours.toArray() : null,
      upAxis: 'z',
    },
    warnings: dedupeWarnings(warnings),
  };
}

function dedupeWarnings(warnings: ParseWarning[]): ParseWarning[] {
  const seen = new Set<string>();
  return warnings.filter((w) => {
    if (seen.has(w.message)) return false;
    seen.add(w.message);
    return true;
  });
}
