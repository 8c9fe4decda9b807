// 3MF reader: a ZIP (read by zip-archive with bomb checks) holding XML. three's 3MFLoader needs a
// DOMParser, which Node and React Native lack, so the few elements a mesh needs are scanned here:
// objects, meshes, components, build items, base materials and colour groups. Components and items
// may name another model file of the archive (`p:path`, the production extension): Bambu Studio and
// OrcaSlicer put every object in `3D/Objects/*.model` that way. The volumes a slicer does not print
// (modifiers, support blockers and enforcers, negative volumes), which PrusaSlicer and Bambu Studio
// mark in their own config files, are left out, as the slicer leaves them out of the print.

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
  components: Placement[];
}

/** A component or build item: an object of the file `path` (null: the file it is written in). */
interface Placement {
  objectId: number;
  transform: number[];
  path: string | null;
}

/** What one model file of the archive declares. */
interface ModelPart {
  objects: Map<number, MeshObject>;
  palettes: Map<number, [number, number, number][]>;
  build: Placement[];
}

/** Running totals over every model file, so the caps hold for the archive, not per file. */
interface PartCounts {
  vertices: number;
  triangles: number;
  textureWarned: boolean;
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

/** A model file's path without its leading slash; OPC part names compare case-insensitively. */
function partName(path: string): string {
  return path.replace(/^\/+/, '');
}

function optionalPath(value: string | undefined): string | null {
  return value === undefined || value.trim() === '' ? null : value.trim();
}

function scanModelPart(
  xml: string,
  limits: MesherLimits,
  counts: PartCounts,
  warnings: ParseWarning[],
): ModelPart {
  const objects = new Map<number, MeshObject>();
  const palettes = new Map<number, [number, number, number][]>();
  const build: Placement[] = [];
  let current: MeshObject | null = null;
  let currentPalette: [number, number, number][] | null = null;
  let section: 'vertices' | 'triangles' | null = null;

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
          vertex: counts.vertices,
        });
      }
      if (++counts.vertices > limits.maxVertices) {
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
      if (++counts.triangles > limits.maxTriangles) {
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
      current.components.push({
        objectId: Number(a.objectid),
        transform: parseTransform(a.transform),
        path: optionalPath(a.path),
      });
    } else if (name === 'item') {
      const a = attributes(m[4] ?? '');
      build.push({
        objectId: Number(a.objectid),
        transform: parseTransform(a.transform),
        path: optionalPath(a.path),
      });
    } else if (name === 'basematerials' || name === 'colorgroup') {
      currentPalette = [];
      palettes.set(Number(attributes(m[4] ?? '').id), currentPalette);
    } else if ((name === 'base' || name === 'color') && currentPalette) {
      const a = attributes(m[4] ?? '');
      currentPalette.push(parseColour(name === 'base' ? a.displaycolor : a.color) ?? [200, 200, 200]);
    } else if ((name === 'texture2dgroup' || name === 'texture2d') && !counts.textureWarned) {
      counts.textureWarned = true;
      warnings.push({
        code: 'TEXTURE_NOT_SAMPLED',
        message: '3MF textures are not sampled yet; base materials and colour groups are used.',
      });
    }
  }
  return { objects, palettes, build };
}

type VolumeRole = 'printed' | 'helper' | 'negative';

/**
 * The volumes a slicer does not print, from the slicer's own config. Bambu Studio and OrcaSlicer
 * (`Metadata/model_settings.config`): `<object id>` is a root object, each `<part id subtype>` one
 * of its components by object id. PrusaSlicer (`Metadata/Slic3r_PE_model.config`): each `<volume
 * firstid lastid>` is a range of its object's triangles, with a `volume_type` metadata.
 */
interface SlicerVolumes {
  parts: Map<number, Map<number, VolumeRole>>;
  ranges: Map<number, { first: number; last: number; role: VolumeRole }[]>;
}

function roleOf(type: string | undefined): VolumeRole {
  switch (type) {
    case 'negative_part':
    case 'NegativeVolume':
      return 'negative';
    case 'modifier_part':
    case 'support_blocker':
    case 'support_enforcer':
    case 'ParameterModifier':
    case 'SupportBlocker':
    case 'SupportEnforcer':
      return 'helper';
    default:
      return 'printed';
  }
}

function readSlicerVolumes(
  bytes: Uint8Array,
  directory: ReturnType<typeof readZipDirectory>,
  limits: MesherLimits,
): SlicerVolumes {
  const volumes: SlicerVolumes = { parts: new Map(), ranges: new Map() };
  const text = (name: string): string | null => {
    const entry = findEntry(directory, name);
    return entry ? new TextDecoder('utf-8').decode(extractEntry(bytes, entry, limits)) : null;
  };
  const bambu = text('Metadata/model_settings.config');
  if (bambu) {
    let parts: Map<number, VolumeRole> | null = null;
    TAG.lastIndex = 0;
    for (let m = TAG.exec(bambu); m; m = TAG.exec(bambu)) {
      if (m[1] === '/') {
        if (m[3] === 'object') parts = null;
        continue;
      }
      const a = attributes(m[4] ?? '');
      if (m[3] === 'object' && m[5] !== '/') {
        parts = new Map();
        volumes.parts.set(Number(a.id), parts);
      } else if (m[3] === 'part' && parts) parts.set(Number(a.id), roleOf(a.subtype));
    }
  }
  const prusa = text('Metadata/Slic3r_PE_model.config');
  if (prusa) {
    let ranges: { first: number; last: number; role: VolumeRole }[] | null = null;
    let volume: { first: number; last: number; role: VolumeRole } | null = null;
    TAG.lastIndex = 0;
    for (let m = TAG.exec(prusa); m; m = TAG.exec(prusa)) {
      const a = attributes(m[4] ?? '');
      if (m[1] === '/') {
        if (m[3] === 'object') ranges = null;
        else if (m[3] === 'volume') volume = null;
      } else if (m[3] === 'object' && m[5] !== '/') {
        ranges = [];
        volumes.ranges.set(Number(a.id), ranges);
      } else if (m[3] === 'volume' && ranges) {
        volume = { first: Number(a.firstid), last: Number(a.lastid), role: 'printed' };
        if (Number.isInteger(volume.first) && Number.isInteger(volume.last)) ranges.push(volume);
      } else if (m[3] === 'metadata' && volume) {
        // Older PrusaSlicer files say only `modifier = 1`; newer ones name the volume type.
        if (a.key === 'volume_type') volume.role = roleOf(a.value);
        else if (a.key === 'modifier' && a.value === '1' && volume.role === 'printed') volume.role = 'helper';
      }
    }
  }
  return volumes;
}

function leftOutMessage(helpers: number, negatives: number): string {
  const parts: string[] = [];
  if (helpers > 0) {
    parts.push(
      `${helpers} modifier or support volume${helpers === 1 ? '' : 's'}, which the slicer does not print, ${helpers === 1 ? 'was' : 'were'} left out`,
    );
  }
  if (negatives > 0) {
    parts.push(
      `${negatives} negative volume${negatives === 1 ? ' was' : 's were'} left out, so what ${negatives === 1 ? 'it cuts' : 'they cut'} away stays filled`,
    );
  }
  return `${parts.join('; ')}.`;
}

export function parseThreeMf(bytes: Uint8Array, limits: MesherLimits): ThreeMfParse {
  const warnings: ParseWarning[] = [];
  const directory = readZipDirectory(bytes, limits);
  const rootName = partName(modelPath(bytes, directory, limits));
  const counts: PartCounts = { vertices: 0, triangles: 0, textureWarned: false };
  const parts = new Map<string, ModelPart>();
  const part = (name: string): ModelPart => {
    const known = parts.get(name.toLowerCase());
    if (known) return known;
    const entry = findEntry(directory, name);
    if (!entry) {
      if (name.toLowerCase() === rootName.toLowerCase())
        fail('INVALID_ARCHIVE', 'The 3MF archive has no 3D model part.');
      fail(
        'INVALID_ARCHIVE',
        `The 3MF refers to the model file "/${name}", which the archive does not hold.`,
        {
          part: `/${name}`,
        },
      );
    }
    const xml = new TextDecoder('utf-8').decode(extractEntry(bytes, entry, limits));
    const scanned = scanModelPart(xml, limits, counts, warnings);
    parts.set(name.toLowerCase(), scanned);
    return scanned;
  };
  const root = part(rootName);
  const slicer = readSlicerVolumes(bytes, directory, limits);

  const positions = new GrowableFloat64(Math.max(1024, counts.vertices * 3));
  const indices = new GrowableUint32(Math.max(1024, counts.triangles * 3));
  const colours = new GrowableUint8(Math.max(1024, counts.triangles * 3));
  let anyColour = false;
  let instances = 0;
  let helpersLeftOut = 0;
  let negativesLeftOut = 0;
  const path = new Set<string>();
  const emit = (name: string, objectId: number, transform: number[], depth: number): void => {
    const { objects, palettes } = part(name);
    const object = objects.get(objectId);
    const inRoot = name.toLowerCase() === rootName.toLowerCase();
    const where = inRoot ? '' : ` in /${name}`;
    if (!object)
      fail('MALFORMED_FILE', `The 3MF build refers to object ${objectId}${where}, which does not exist.`);
    const key = `${name.toLowerCase()}#${objectId}`;
    if (depth > MAX_COMPONENT_DEPTH || path.has(key)) {
      fail('MALFORMED_FILE', 'The 3MF components nest too deeply or refer to themselves.');
    }
    // Shared components can multiply without adding triangles, so instances are capped as well.
    if (++instances > MAX_INSTANCES)
      fail('MALFORMED_FILE', `The 3MF places more than ${MAX_INSTANCES} object instances.`);
    path.add(key);
    const roles = inRoot && depth === 0 ? slicer.parts.get(objectId) : undefined;
    for (const component of object.components) {
      const role = roles?.get(component.objectId) ?? 'printed';
      if (role !== 'printed') {
        if (role === 'helper') helpersLeftOut++;
        else negativesLeftOut++;
        continue;
      }
      emit(
        component.path === null ? name : partName(component.path),
        component.objectId,
        compose(component.transform, transform),
        depth + 1,
      );
    }
    path.delete(key);
    if (object.triangles.length === 0) return;
    const first = positions.length / 3;
    const count = object.positions.length / 3;
    const ranges = inRoot ? slicer.ranges.get(objectId) : undefined;
    const left = ranges?.filter((r) => r.role !== 'printed') ?? [];
    for (const range of left) {
      if (range.role === 'helper') helpersLeftOut++;
      else negativesLeftOut++;
    }
    const printed = (triangle: number): boolean => left.every((r) => triangle < r.first || triangle > r.last);
    let kept = object.triangles.length / 3;
    if (left.length > 0) {
      kept = 0;
      for (let i = 0; i < object.triangles.length / 3; i++) if (printed(i)) kept++;
    }
    if (indices.length / 3 + kept > limits.maxTriangles) {
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
    for (let i = 0; i < object.triangles.length / 3; i++) {
      if (left.length > 0 && !printed(i)) continue;
      for (let k = 0; k < 3; k++) {
        const v = object.triangles[i * 3 + k]!;
        if (v >= count) {
          fail('INVALID_INDEX', `A 3MF triangle refers to vertex ${v}, but its object has ${count}.`, {
            index: v,
            vertexCount: count,
          });
        }
        indices.push(first + v);
      }
      const pid = object.triangleProps[i * 2]! >= 0 ? object.triangleProps[i * 2]! : object.pid;
      const index = object.triangleProps[i * 2 + 1]! >= 0 ? object.triangleProps[i * 2 + 1]! : object.pindex;
      const colour = palettes.get(pid)?.[index];
      if (colour) anyColour = true;
      const c = colour ?? [200, 200, 200];
      colours.push3(c[0], c[1], c[2]);
    }
  };
  if (root.build.length === 0) fail('NO_TRIANGLES', 'The 3MF build section places no objects.');
  for (const item of root.build) {
    emit(item.path === null ? rootName : partName(item.path), item.objectId, item.transform, 0);
  }
  if (helpersLeftOut + negativesLeftOut > 0) {
    warnings.push({
      code: 'SLICER_VOLUMES_LEFT_OUT',
      message: leftOutMessage(helpersLeftOut, negativesLeftOut),
    });
  }
  if (indices.length === 0) fail('NO_TRIANGLES', 'The 3MF objects contain no printed triangles.');
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
