// 3MF reader: a ZIP (read by zip-archive with bomb checks) holding XML. three's 3MFLoader needs a
// DOMParser, which Node and React Native lack, so the few elements a mesh needs are scanned here:
// objects, meshes, components, build items, base materials, colour groups and textures (the
// materials extension's texture2d and texture2dgroup, sampled with the glTF reader's PNG and JPEG
// decoders). Components and items
// may name another model file of the archive (`p:path`, the production extension): Bambu Studio and
// OrcaSlicer put every object in `3D/Objects/*.model` that way. What a slicer project adds (volumes
// it does not print, filaments and their colours, painted triangles) comes from three-mf-slicer.

import { UNCOLOURED_RGB } from '../colour/palette';
import { type RgbaImage, sampleImage } from '../colour/png-image';
import { meanOfThree } from '../colour/srgb';
import { TexturePixelBudget } from '../colour/texture-image';
import type { MesherLimits } from '../config/limits';
import { fail } from '../errors/error-codes';
import type { RawMesh } from '../mesh/weld';
import { IndexedMeshBuffers } from './growable';
import { addWarningOnce, type ParseWarning } from './parse-warning';
import { quoteText } from './quote-text';
import {
  dominantPaintState,
  leftOutMessage,
  readSlicerProject,
  type SlicerProject,
  type SlicerVolume,
} from './three-mf-slicer';
import { attributes, forEachTag, parseHexColour } from './xml-scan';
import {
  extractEntry,
  findEntry,
  readZipDirectory,
  resolveArchivePath,
  type ZipDirectory,
} from './zip-archive';

export interface ThreeMfParse {
  raw: RawMesh;
  warnings: ParseWarning[];
}

type Rgb = readonly [number, number, number];

interface MeshObject {
  positions: number[];
  triangles: number[];
  /**
   * Per triangle: [resource id, index of corner 1, 2, 3] (the corners' `p1`, `p2`, `p3`; a corner
   * without its own takes `p1`), or -1 for what the object's default (`pid`, `pindex`) gives.
   */
  triangleProps: number[];
  /** A slicer's paint code per painted triangle (`paint_color`, `mmu_segmentation`). */
  paint: Map<number, string>;
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
  palettes: Map<number, Rgb[]>;
  /** texture2d id → the image's path in the archive. */
  textures: Map<number, string>;
  /** texture2dgroup id → its texture and its coordinates (u, v pairs; v = 0 is the image's bottom). */
  textureGroups: Map<number, { texture: number; uv: number[] }>;
  build: Placement[];
}

/** Running totals over every model file, so the caps hold for the archive, not per file. */
interface PartCounts {
  vertices: number;
  triangles: number;
}

const IDENTITY = [1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0];
const MAX_COMPONENT_DEPTH = 32;
const MAX_INSTANCES = 100_000;

function parseTransform(value: string | undefined): number[] {
  if (!value) return IDENTITY;
  const numbers = value.trim().split(/\s+/).map(Number);
  if (numbers.length !== 12 || !numbers.every(Number.isFinite))
    fail('MALFORMED_FILE', `Invalid 3MF transform ${quoteText(value)}.`);
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

function modelPath(bytes: Uint8Array, directory: ZipDirectory, limits: MesherLimits): string {
  const rels = findEntry(directory, '_rels/.rels');
  if (rels) {
    const text = new TextDecoder('utf-8').decode(extractEntry(bytes, rels, limits));
    let target: string | null = null;
    forEachTag(text, ({ name, attributeText }) => {
      if (target !== null || name !== 'Relationship') return;
      const attrs = attributes(attributeText);
      if (attrs.Type?.endsWith('/3dmodel') && attrs.Target) target = attrs.Target;
    });
    if (target !== null) return target;
  }
  return '3D/3dmodel.model';
}

/**
 * A model file's path without its leading slash, percent-escapes undone (`my%20model.model`, as
 * OPC part names are URIs); OPC part names compare case-insensitively.
 */
function partName(path: string): string {
  const plain = path.replace(/^\/+/, '');
  return resolveArchivePath('', plain) ?? plain;
}

function optionalPath(value: string | undefined): string | null {
  return value === undefined || value.trim() === '' ? null : value.trim();
}

function scanModelPart(xml: string, limits: MesherLimits, counts: PartCounts): ModelPart {
  const objects = new Map<number, MeshObject>();
  const palettes = new Map<number, Rgb[]>();
  const textures = new Map<number, string>();
  const textureGroups = new Map<number, { texture: number; uv: number[] }>();
  const build: Placement[] = [];
  let current: MeshObject | null = null;
  let currentPalette: Rgb[] | null = null;
  let currentUv: number[] | null = null;
  let section: 'vertices' | 'triangles' | null = null;

  forEachTag(xml, (tag) => {
    const { name, closing, attributeText } = tag;
    if (closing) {
      if (name === 'object') current = null;
      else if (name === 'vertices' || name === 'triangles') section = null;
      else if (name === 'basematerials' || name === 'colorgroup') currentPalette = null;
      else if (name === 'texture2dgroup') currentUv = null;
      return;
    }
    if (name === 'vertex' && current && section === 'vertices') {
      const a = attributes(attributeText);
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
      const a = attributes(attributeText);
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
      const paint = a.paint_color ?? a.mmu_segmentation;
      if (paint) current.paint.set(current.triangles.length / 3, paint);
      current.triangles.push(v1, v2, v3);
      const p1 = a.p1 === undefined ? -1 : Number(a.p1);
      current.triangleProps.push(
        a.pid === undefined ? -1 : Number(a.pid),
        p1,
        a.p2 === undefined ? p1 : Number(a.p2),
        a.p3 === undefined ? p1 : Number(a.p3),
      );
    } else if (name === 'vertices' || name === 'triangles') {
      section = name;
    } else if (name === 'object') {
      const a = attributes(attributeText);
      current = {
        positions: [],
        triangles: [],
        triangleProps: [],
        paint: new Map(),
        pid: a.pid === undefined ? -1 : Number(a.pid),
        pindex: a.pindex === undefined ? 0 : Number(a.pindex),
        components: [],
      };
      objects.set(Number(a.id), current);
    } else if (name === 'component' && current) {
      const a = attributes(attributeText);
      current.components.push({
        objectId: Number(a.objectid),
        transform: parseTransform(a.transform),
        path: optionalPath(a.path),
      });
    } else if (name === 'item') {
      const a = attributes(attributeText);
      build.push({
        objectId: Number(a.objectid),
        transform: parseTransform(a.transform),
        path: optionalPath(a.path),
      });
    } else if (name === 'basematerials' || name === 'colorgroup') {
      currentPalette = [];
      palettes.set(Number(attributes(attributeText).id), currentPalette);
    } else if ((name === 'base' || name === 'color') && currentPalette) {
      const a = attributes(attributeText);
      currentPalette.push(parseHexColour(name === 'base' ? a.displaycolor : a.color) ?? UNCOLOURED_RGB);
    } else if (name === 'texture2d') {
      const a = attributes(attributeText);
      if (a.path) textures.set(Number(a.id), a.path);
    } else if (name === 'texture2dgroup') {
      const a = attributes(attributeText);
      currentUv = [];
      textureGroups.set(Number(a.id), { texture: Number(a.texid), uv: currentUv });
      if (tag.selfClosing) currentUv = null;
    } else if (name === 'tex2coord' && currentUv) {
      const a = attributes(attributeText);
      const u = Number(a.u);
      const v = Number(a.v);
      currentUv.push(Number.isFinite(u) ? u : 0, Number.isFinite(v) ? v : 0);
    }
  });
  return { objects, palettes, textures, textureGroups, build };
}

export function parseThreeMf(bytes: Uint8Array, limits: MesherLimits): ThreeMfParse {
  const warnings: ParseWarning[] = [];
  const directory = readZipDirectory(bytes, limits);
  const rootName = partName(modelPath(bytes, directory, limits));
  const isRoot = (name: string) => name.toLowerCase() === rootName.toLowerCase();
  const counts: PartCounts = { vertices: 0, triangles: 0 };
  const parts = new Map<string, ModelPart>();
  const part = (name: string): ModelPart => {
    const known = parts.get(name.toLowerCase());
    if (known) return known;
    const entry = findEntry(directory, name);
    if (!entry) {
      if (isRoot(name))
        fail('INVALID_ARCHIVE', `The 3MF archive has no 3D model part (looked for "/${name}").`, {
          part: `/${name}`,
        });
      fail(
        'INVALID_ARCHIVE',
        `The 3MF refers to the model file "/${name}", which the archive does not hold.`,
        {
          part: `/${name}`,
        },
      );
    }
    const xml = new TextDecoder('utf-8').decode(extractEntry(bytes, entry, limits));
    const scanned = scanModelPart(xml, limits, counts);
    parts.set(name.toLowerCase(), scanned);
    return scanned;
  };
  const root = part(rootName);
  const slicer: SlicerProject = readSlicerProject(bytes, directory, limits);
  // With the project's filaments, a triangle takes the colour it would print in.
  const filament = (extruder: number): Rgb | null =>
    slicer.filaments.length === 0
      ? null
      : (slicer.filaments[Math.max(1, extruder) - 1] ?? slicer.filaments[0]!);

  // Each texture is decoded once, the first time a triangle needs it; null when it cannot be.
  const images = new Map<string, RgbaImage | null>();
  const pixels = new TexturePixelBudget(limits.maxTexturePixels);
  const image = (path: string): RgbaImage | null => {
    const name = resolveArchivePath('', path.replace(/^\/+/, ''));
    const key = name?.toLowerCase() ?? path;
    if (images.has(key)) return images.get(key) ?? null;
    const entry = name === null ? undefined : findEntry(directory, name);
    const decoded = entry
      ? pixels.decode(extractEntry(bytes, entry, limits))
      : ({ ok: false, reason: `the archive does not hold ${quoteText(path)}` } as const);
    if (!decoded.ok) {
      addWarningOnce(warnings, {
        code: 'TEXTURE_NOT_SAMPLED',
        message: `A 3MF texture was not sampled (${decoded.reason}); its triangles are left uncoloured.`,
      });
    }
    images.set(key, decoded.ok ? decoded.image : null);
    return decoded.ok ? decoded.image : null;
  };
  const sample = new Uint8Array(3);
  /**
   * The colour a resource gives a triangle whose corners take its entries c1, c2, c3: a base
   * material or colour group entry (corners of different colours mixed in linear light), or the
   * texture at the middle of the corners' texture coordinates. Null for what names no colour.
   */
  const resourceColour = (part: ModelPart, pid: number, c1: number, c2: number, c3: number): Rgb | null => {
    const palette = part.palettes.get(pid);
    if (palette) {
      const a = palette[c1];
      const b = palette[c2] ?? a;
      const c = palette[c3] ?? a;
      if (!a || !b || !c) return null;
      if (a === b && b === c) return a;
      return [meanOfThree(a[0], b[0], c[0]), meanOfThree(a[1], b[1], c[1]), meanOfThree(a[2], b[2], c[2])];
    }
    const group = part.textureGroups.get(pid);
    const path = group && part.textures.get(group.texture);
    if (!group || path === undefined) return null;
    const uv = group.uv;
    if ([c1, c2, c3].some((c) => !(c >= 0 && c * 2 + 1 < uv.length))) return null;
    const picture = image(path);
    if (!picture) return null;
    const u = (uv[c1 * 2]! + uv[c2 * 2]! + uv[c3 * 2]!) / 3;
    const v = (uv[c1 * 2 + 1]! + uv[c2 * 2 + 1]! + uv[c3 * 2 + 1]!) / 3;
    // 3MF puts v = 0 at the image's bottom row; the sampler counts rows from the top, as glTF does.
    sampleImage(picture, u, 1 - v, sample, 0);
    return [sample[0]!, sample[1]!, sample[2]!];
  };

  const mesh = new IndexedMeshBuffers(counts.vertices, counts.triangles);
  let instances = 0;
  let helpersLeftOut = 0;
  let negativesLeftOut = 0;
  const leaveOut = (volume: SlicerVolume): boolean => {
    if (volume.role === 'helper') helpersLeftOut++;
    else if (volume.role === 'negative') negativesLeftOut++;
    return volume.role !== 'printed';
  };
  const path = new Set<string>();
  /** `extruder`: the filament the enclosing object or part prints in (0: none named). */
  const emit = (
    name: string,
    objectId: number,
    transform: number[],
    depth: number,
    extruder: number,
  ): void => {
    const model = part(name);
    const { objects } = model;
    const object = objects.get(objectId);
    const inRoot = isRoot(name);
    if (!object) {
      fail(
        'MALFORMED_FILE',
        `The 3MF build refers to object ${objectId}${inRoot ? '' : ` in /${name}`}, which does not exist.`,
      );
    }
    const key = `${name.toLowerCase()}#${objectId}`;
    if (depth > MAX_COMPONENT_DEPTH || path.has(key)) {
      fail('MALFORMED_FILE', 'The 3MF components nest too deeply or refer to themselves.');
    }
    // Shared components can multiply without adding triangles, so instances are capped as well.
    if (++instances > MAX_INSTANCES)
      fail('MALFORMED_FILE', `The 3MF places more than ${MAX_INSTANCES} object instances.`);
    path.add(key);
    const own = inRoot && depth === 0 ? slicer.objectExtruders.get(objectId) || extruder : extruder;
    const roles = inRoot && depth === 0 ? slicer.parts.get(objectId) : undefined;
    for (const component of object.components) {
      const volume = roles?.get(component.objectId);
      if (volume && leaveOut(volume)) continue;
      emit(
        component.path === null ? name : partName(component.path),
        component.objectId,
        compose(component.transform, transform),
        depth + 1,
        volume?.extruder || own,
      );
    }
    path.delete(key);
    if (object.triangles.length === 0) return;

    const triangleCount = object.triangles.length / 3;
    // PrusaSlicer's volumes are ranges of this object's triangles.
    const ranges = inRoot ? slicer.ranges.get(objectId) : undefined;
    const rangeOf = (t: number) => ranges?.find((r) => t >= r.first && t <= r.last);
    for (const range of ranges ?? []) leaveOut(range);
    const printed = (t: number) => (rangeOf(t)?.role ?? 'printed') === 'printed';
    let kept = triangleCount;
    if (ranges?.some((r) => r.role !== 'printed')) {
      kept = 0;
      for (let t = 0; t < triangleCount; t++) if (printed(t)) kept++;
    }
    if (mesh.triangleCount + kept > limits.maxTriangles) {
      fail(
        'TOO_MANY_TRIANGLES',
        `The model has more than ${limits.maxTriangles} triangles once its parts are placed.`,
        {
          limit: limits.maxTriangles,
        },
      );
    }
    const first = mesh.vertexCount;
    const count = object.positions.length / 3;
    const t = transform;
    const mirrored =
      t[0]! * (t[4]! * t[8]! - t[5]! * t[7]!) -
        t[1]! * (t[3]! * t[8]! - t[5]! * t[6]!) +
        t[2]! * (t[3]! * t[7]! - t[4]! * t[6]!) <
      0;
    for (let i = 0; i < count; i++) {
      const x = object.positions[i * 3]!;
      const y = object.positions[i * 3 + 1]!;
      const z = object.positions[i * 3 + 2]!;
      mesh.positions.push3(
        x * t[0]! + y * t[3]! + z * t[6]! + t[9]!,
        x * t[1]! + y * t[4]! + z * t[7]! + t[10]!,
        x * t[2]! + y * t[5]! + z * t[8]! + t[11]!,
      );
    }
    for (let i = 0; i < triangleCount; i++) {
      const range = ranges ? rangeOf(i) : undefined;
      if (range && range.role !== 'printed') continue;
      for (let k = 0; k < 3; k++) {
        // A mirroring placement (negative determinant) turns the surface inside out unless each
        // triangle's corners are taken in the other order.
        const v = object.triangles[i * 3 + (mirrored && k > 0 ? 3 - k : k)]!;
        if (v >= count) {
          fail('INVALID_INDEX', `A 3MF triangle refers to vertex ${v}, but its object has ${count}.`, {
            index: v,
            vertexCount: count,
          });
        }
        mesh.indices.push(first + v);
      }
      const paint = object.paint.get(i);
      const painted = paint === undefined ? 0 : dominantPaintState(paint);
      let colour = filament(painted || range?.extruder || own);
      if (!colour) {
        const props = object.triangleProps;
        const pid = props[i * 4]! >= 0 ? props[i * 4]! : object.pid;
        colour =
          props[i * 4 + 1]! >= 0
            ? resourceColour(model, pid, props[i * 4 + 1]!, props[i * 4 + 2]!, props[i * 4 + 3]!)
            : resourceColour(model, pid, object.pindex, object.pindex, object.pindex);
      }
      if (colour) mesh.coloured = true;
      const c = colour ?? UNCOLOURED_RGB;
      mesh.colours.push3(c[0], c[1], c[2]);
    }
  };
  if (root.build.length === 0) fail('NO_TRIANGLES', 'The 3MF build section places no objects.');
  for (const item of root.build)
    emit(item.path === null ? rootName : partName(item.path), item.objectId, item.transform, 0, 0);
  if (helpersLeftOut + negativesLeftOut > 0) {
    warnings.push({
      code: 'SLICER_VOLUMES_LEFT_OUT',
      message: leftOutMessage(helpersLeftOut, negativesLeftOut),
    });
  }
  if (mesh.triangleCount === 0) fail('NO_TRIANGLES', 'The 3MF objects contain no printed triangles.');
  return {
    raw: mesh.toRaw('z'),
    warnings,
  };
}
