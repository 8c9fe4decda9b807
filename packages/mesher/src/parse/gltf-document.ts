// A glTF 2.0 document's scene as one triangle mesh: walks the default scene, applies node
// transforms, reads triangle primitives and their colours (COLOR_0, base colour factor, PNG and
// JPEG base colour textures, or the diffuse colour of the older KHR_materials_pbrSpecularGlossiness).
// The containers are glb.ts (a binary GLB) and gltf.ts (a .gltf, alone or zipped with its files);
// each hands over the JSON and how to find the bytes its URIs name. It is synchronous because
// parseModel is; @gltf-transform/core only reads asynchronously, so the tests use it to write the
// fixtures this reader must understand.

import { type RgbaImage, sampleImage } from '../colour/png-image';
import { linearToSrgbByte, srgbByteToLinear } from '../colour/srgb';
import { TexturePixelBudget } from '../colour/texture-image';
import type { MesherLimits } from '../config/limits';
import { fail } from '../errors/error-codes';
import type { RawMesh } from '../mesh/weld';
import type { GeometryDecoders } from './geometry-decoders';
import { IndexedMeshBuffers } from './growable';
import { addWarningOnce, type ParseWarning } from './parse-warning';

/** Where a document's data lives besides its JSON. */
export interface GltfResources {
  /** "GLB" or "glTF", for messages. */
  name: string;
  /** The GLB's binary chunk (buffer 0 without a URI). */
  bin: Uint8Array | null;
  /** The bytes of a file the document names by a relative URI, or null when the upload lacks it. */
  file: (uri: string) => Uint8Array | null;
  /** Draco and meshopt, when the caller loaded them (`loadGeometryDecoders`). */
  decoders: GeometryDecoders | null;
}

export interface GltfRead {
  raw: RawMesh;
  warnings: ParseWarning[];
}

const COMPONENTS: Record<string, number> = {
  SCALAR: 1,
  VEC2: 2,
  VEC3: 3,
  VEC4: 4,
  MAT2: 4,
  MAT3: 9,
  MAT4: 16,
};
const COMPONENT_BYTES: Record<number, number> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };
const DRACO = 'KHR_draco_mesh_compression';
const MESHOPT = ['EXT_meshopt_compression', 'KHR_meshopt_compression'] as const;

/** A buffer view's meshopt extension: where its compressed bytes are and how they decode. */
interface MeshoptView {
  buffer: number;
  byteOffset?: number;
  byteLength: number;
  byteStride: number;
  count: number;
  mode: string;
  filter?: string;
}

export interface GltfJson {
  asset?: { version?: string };
  extensionsRequired?: string[];
  scene?: number;
  scenes?: { nodes?: number[] }[];
  nodes?: {
    children?: number[];
    mesh?: number;
    matrix?: number[];
    translation?: number[];
    rotation?: number[];
    scale?: number[];
  }[];
  meshes?: { primitives?: GltfPrimitive[] }[];
  accessors?: {
    bufferView?: number;
    byteOffset?: number;
    componentType: number;
    normalized?: boolean;
    count: number;
    type: string;
    sparse?: {
      count: number;
      indices?: { bufferView: number; byteOffset?: number; componentType: number };
      values?: { bufferView: number; byteOffset?: number };
    };
  }[];
  bufferViews?: {
    buffer: number;
    byteOffset?: number;
    byteLength: number;
    byteStride?: number;
    extensions?: Partial<Record<(typeof MESHOPT)[number], MeshoptView>>;
  }[];
  buffers?: { uri?: string; byteLength: number }[];
  materials?: {
    pbrMetallicRoughness?: {
      baseColorFactor?: number[];
      baseColorTexture?: TextureInfo;
    };
    extensions?: {
      KHR_materials_pbrSpecularGlossiness?: { diffuseFactor?: number[]; diffuseTexture?: TextureInfo };
    };
  }[];
  textures?: { source?: number }[];
  images?: { bufferView?: number; mimeType?: string; uri?: string }[];
}

interface TextureInfo {
  index: number;
  texCoord?: number;
  extensions?: {
    KHR_texture_transform?: { offset?: number[]; rotation?: number; scale?: number[]; texCoord?: number };
  };
}

/**
 * KHR_texture_transform as the affine map it defines (translation · rotation · scale), applied to
 * a texture coordinate: u' = a·u + b·v + c, v' = d·u + e·v + f.
 */
function textureTransform(info: TextureInfo | undefined): [number, number, number, number, number, number] {
  const transform = info?.extensions?.KHR_texture_transform;
  const finite = (v: unknown, fallback: number) =>
    typeof v === 'number' && Number.isFinite(v) ? v : fallback;
  const [ox, oy] = [finite(transform?.offset?.[0], 0), finite(transform?.offset?.[1], 0)];
  const [sx, sy] = [finite(transform?.scale?.[0], 1), finite(transform?.scale?.[1], 1)];
  const r = finite(transform?.rotation, 0);
  const cos = Math.cos(r);
  const sin = Math.sin(r);
  return [cos * sx, sin * sy, ox, -sin * sx, cos * sy, oy];
}

interface GltfPrimitive {
  attributes?: Record<string, number>;
  indices?: number;
  material?: number;
  mode?: number;
  extensions?: { [DRACO]?: { bufferView: number; attributes: Record<string, number> } };
}

type Mat4 = Float64Array;

function identity(): Mat4 {
  const m = new Float64Array(16);
  m[0] = m[5] = m[10] = m[15] = 1;
  return m;
}

function multiply(a: Mat4, b: Mat4): Mat4 {
  const out = new Float64Array(16);
  for (let c = 0; c < 4; c++) {
    for (let r = 0; r < 4; r++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) sum += a[k * 4 + r]! * b[c * 4 + k]!;
      out[c * 4 + r] = sum;
    }
  }
  return out;
}

function localMatrix(node: NonNullable<GltfJson['nodes']>[number]): Mat4 {
  if (node.matrix && node.matrix.length === 16) return Float64Array.from(node.matrix);
  const [tx, ty, tz] = node.translation ?? [0, 0, 0];
  const [qx, qy, qz, qw] = node.rotation ?? [0, 0, 0, 1];
  const [sx, sy, sz] = node.scale ?? [1, 1, 1];
  const x = qx ?? 0;
  const y = qy ?? 0;
  const z = qz ?? 0;
  const w = qw ?? 1;
  const m = new Float64Array(16);
  m[0] = (1 - 2 * (y * y + z * z)) * (sx ?? 1);
  m[1] = 2 * (x * y + z * w) * (sx ?? 1);
  m[2] = 2 * (x * z - y * w) * (sx ?? 1);
  m[4] = 2 * (x * y - z * w) * (sy ?? 1);
  m[5] = (1 - 2 * (x * x + z * z)) * (sy ?? 1);
  m[6] = 2 * (y * z + x * w) * (sy ?? 1);
  m[8] = 2 * (x * z + y * w) * (sz ?? 1);
  m[9] = 2 * (y * z - x * w) * (sz ?? 1);
  m[10] = (1 - 2 * (x * x + y * y)) * (sz ?? 1);
  m[12] = tx ?? 0;
  m[13] = ty ?? 0;
  m[14] = tz ?? 0;
  m[15] = 1;
  return m;
}

function determinant3(m: Mat4): number {
  return (
    m[0]! * (m[5]! * m[10]! - m[6]! * m[9]!) -
    m[4]! * (m[1]! * m[10]! - m[2]! * m[9]!) +
    m[8]! * (m[1]! * m[6]! - m[2]! * m[5]!)
  );
}

/** Triangles `count` indices make in a primitive of `mode` (4 list, 5 strip, 6 fan). */
function trianglesDeclared(mode: number, count: number): number {
  return mode === 4 ? Math.floor(count / 3) : Math.max(0, count - 2);
}

/** Refuses counts past the caps: the same refusals the reading gives, before any decoding. */
function checkDeclaredCounts(vertices: number, triangles: number, limits: MesherLimits): void {
  if (vertices > limits.maxVertices) {
    fail('TOO_MANY_VERTICES', `The model has more than ${limits.maxVertices} vertices.`, {
      limit: limits.maxVertices,
    });
  }
  if (triangles > limits.maxTriangles) {
    fail('TOO_MANY_TRIANGLES', `The model has more than ${limits.maxTriangles} triangles.`, {
      limit: limits.maxTriangles,
    });
  }
}

function decodeDataUri(uri: string): Uint8Array | null {
  const match = /^data:[^;,]*;base64,(.*)$/s.exec(uri);
  if (!match) return null;
  const text = atob(match[1] ?? '');
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

export function readGltfDocument(doc: GltfJson, resources: GltfResources, limits: MesherLimits): GltfRead {
  const warnings: ParseWarning[] = [];
  const { decoders } = resources;
  const noDecoder = (extension: string): never =>
    fail(
      'UNSUPPORTED_FEATURE',
      `The ${resources.name} uses ${extension} compression, whose decoder is not loaded here; export it uncompressed.`,
      { extension },
    );
  // A required compression cannot be read around; an optional one leaves uncompressed data beside it.
  for (const ext of doc.extensionsRequired ?? [])
    if (!decoders && (ext === DRACO || (MESHOPT as readonly string[]).includes(ext))) noDecoder(ext);
  /** A buffer's or image's bytes: embedded as a data URI, else a file the upload holds. */
  const external = (uri: string): Uint8Array => {
    const bytes = decodeDataUri(uri) ?? resources.file(uri);
    if (!bytes) {
      fail(
        'UNSUPPORTED_FEATURE',
        `The ${resources.name} refers to the file "${uri}", which the upload does not include: upload the .glb, or a .zip holding the .gltf with its files.`,
        { uri },
      );
    }
    return bytes;
  };

  const buffers: (Uint8Array | null)[] = (doc.buffers ?? []).map((buffer, i) => {
    if (buffer.uri === undefined) return i === 0 ? resources.bin : null;
    return external(buffer.uri);
  });

  /** The decompressed bytes of meshopt-compressed buffer views, decoded once each. */
  const decompressed = new Map<number, Uint8Array>();
  let decompressedBytes = 0;
  let compressedBytes = 0;
  const meshoptView = (
    index: number,
    view: MeshoptView,
    byteLength: number,
    decode: GeometryDecoders['decodeMeshopt'],
  ) => {
    const known = decompressed.get(index);
    if (known) return known;
    const source = buffers[view.buffer];
    const start = view.byteOffset ?? 0;
    if (!source) return fail('MALFORMED_FILE', `Buffer ${view.buffer} has no data.`);
    if (start + view.byteLength > source.length)
      fail('TRUNCATED_FILE', `Buffer view ${index} runs past the end of its compressed buffer.`);
    // What the extension's specification allows, checked before the decoder sees it: the decoder
    // reserves its output in WebAssembly memory first, so a mode it does not know would leave that
    // reserved for good.
    const { count, byteStride: stride, mode } = view;
    const filter = view.filter ?? 'NONE';
    const valid =
      Number.isSafeInteger(count) &&
      count > 0 &&
      Number.isSafeInteger(stride) &&
      count * stride === byteLength &&
      ['NONE', 'OCTAHEDRAL', 'QUATERNION', 'EXPONENTIAL'].includes(filter) &&
      (mode === 'ATTRIBUTES'
        ? stride % 4 === 0 && stride > 0 && stride <= 256
        : (mode === 'TRIANGLES' || mode === 'INDICES') &&
          (stride === 2 || stride === 4) &&
          (mode === 'INDICES' || count % 3 === 0) &&
          filter === 'NONE');
    if (!valid) fail('MALFORMED_FILE', `Buffer view ${index} has an invalid meshopt compression section.`);
    // The output is as large as the view says, and is refused before it is allocated when it is
    // more than a mesh could need (a few bytes of meshopt can claim gigabytes).
    // Over all views, within what the caps' meshes need and within the archive's ratio cap of
    // the compressed bytes (a 650-byte file may not make the decoder reserve hundreds of megabytes).
    decompressedBytes += byteLength;
    compressedBytes += view.byteLength;
    const budget = Math.min(
      limits.maxVertices * 48 + limits.maxTriangles * 12,
      Math.max(1 << 20, compressedBytes * limits.maxCompressionRatio),
    );
    if (decompressedBytes > budget)
      fail(
        'MALFORMED_FILE',
        `Buffer view ${index} would decompress to more than a mesh within the limits holds.`,
      );
    const target = new Uint8Array(byteLength);
    decode(target, count, stride, source.subarray(start, start + view.byteLength), mode, filter);
    decompressed.set(index, target);
    return target;
  };

  const viewBytes = (index: number): { data: Uint8Array; stride: number } => {
    const bufferView = doc.bufferViews?.[index];
    if (!bufferView) return fail('MALFORMED_FILE', `Buffer view ${index} does not exist.`);
    const meshoptName = MESHOPT.find((name) => bufferView.extensions?.[name]);
    const meshopt = meshoptName ? bufferView.extensions?.[meshoptName] : undefined;
    if (meshoptName && meshopt && decoders) {
      return {
        data: meshoptView(index, meshopt, bufferView.byteLength, decoders.decodeMeshopt),
        stride: bufferView.byteStride ?? 0,
      };
    }
    const buffer = buffers[bufferView.buffer];
    // A meshopt view's fallback buffer may hold nothing: then only the decoder can read it.
    if (!buffer && meshoptName) return noDecoder(meshoptName);
    if (!buffer) return fail('MALFORMED_FILE', `Buffer ${bufferView.buffer} has no data.`);
    const start = bufferView.byteOffset ?? 0;
    if (start + bufferView.byteLength > buffer.length) {
      fail('TRUNCATED_FILE', `Buffer view ${index} runs past the end of its buffer.`);
    }
    return {
      data: buffer.subarray(start, start + bufferView.byteLength),
      stride: bufferView.byteStride ?? 0,
    };
  };

  /** Accessors whose data a Draco primitive decoded: tightly packed, in their component type. */
  const decodedAccessors = new Map<number, { data: Uint8Array; componentType: number }>();

  /**
   * `count` elements of `components` values each, element i at `base + i·step` of `data`, into
   * `values` at the element numbers `at(i)`; integers scaled to [0, 1] or [−1, 1] when normalised.
   */
  const readElements = (
    data: Uint8Array,
    base: number,
    step: number,
    count: number,
    components: number,
    componentType: number,
    normalized: boolean,
    values: Float64Array,
    at: (i: number) => number,
  ): void => {
    const size = COMPONENT_BYTES[componentType]!;
    if (count > 0 && base + step * (count - 1) + components * size > data.length) {
      fail('TRUNCATED_FILE', 'A glTF accessor reads past the end of its buffer view.');
    }
    const dv = new DataView(data.buffer, data.byteOffset, data.byteLength);
    for (let i = 0; i < count; i++) {
      const element = at(i) * components;
      for (let c = 0; c < components; c++) {
        const from = base + i * step + c * size;
        let v: number;
        switch (componentType) {
          case 5120:
            v = dv.getInt8(from);
            if (normalized) v = Math.max(v / 127, -1);
            break;
          case 5121:
            v = dv.getUint8(from);
            if (normalized) v /= 255;
            break;
          case 5122:
            v = dv.getInt16(from, true);
            if (normalized) v = Math.max(v / 32767, -1);
            break;
          case 5123:
            v = dv.getUint16(from, true);
            if (normalized) v /= 65535;
            break;
          case 5125:
            v = dv.getUint32(from, true);
            break;
          default:
            v = dv.getFloat32(from, true);
        }
        values[element + c] = v;
      }
    }
  };

  const readAccessor = (index: number): { values: Float64Array; components: number; count: number } => {
    const accessor = doc.accessors?.[index];
    if (!accessor) return fail('MALFORMED_FILE', `Accessor ${index} does not exist.`);
    const decoded = decodedAccessors.get(index);
    const componentType = decoded?.componentType ?? accessor.componentType;
    const components = COMPONENTS[accessor.type];
    const size = COMPONENT_BYTES[componentType];
    if (!components || !size || !Number.isSafeInteger(accessor.count) || accessor.count < 0) {
      return fail('MALFORMED_FILE', `Accessor ${index} has an invalid type.`);
    }
    // No primitive within the caps reads more elements (a vertex per vertex, an index per corner);
    // refused before its values are allocated, as an accessor without data can claim any count.
    if (accessor.count > Math.max(limits.maxVertices, limits.maxTriangles * 3)) {
      fail('MALFORMED_FILE', `Accessor ${index} holds more elements than a mesh within the limits has.`);
    }
    const values = new Float64Array(accessor.count * components);
    const normalized = accessor.normalized === true;
    // The base values: what a Draco primitive decoded (tightly packed), else the buffer view's.
    let base: { data: Uint8Array; offset: number; step: number } | null = null;
    if (decoded) base = { data: decoded.data, offset: 0, step: components * size };
    else if (accessor.bufferView !== undefined) {
      const view = viewBytes(accessor.bufferView);
      base = { data: view.data, offset: accessor.byteOffset ?? 0, step: view.stride || components * size };
    }
    if (base) {
      readElements(
        base.data,
        base.offset,
        base.step,
        accessor.count,
        components,
        componentType,
        normalized,
        values,
        (i) => i,
      );
    }
    // A sparse accessor: listed elements replace the base values (zeros without a buffer view), as
    // morph targets and some exporters' edited meshes are stored.
    const sparse = accessor.sparse;
    if (sparse) {
      const count = sparse.count;
      const indexType = sparse.indices?.componentType;
      if (
        !Number.isSafeInteger(count) ||
        count < 1 ||
        count > accessor.count ||
        !sparse.indices ||
        !sparse.values ||
        (indexType !== 5121 && indexType !== 5123 && indexType !== 5125)
      ) {
        fail('MALFORMED_FILE', `Accessor ${index} has an invalid sparse section.`);
      }
      const where = new Float64Array(count);
      const indexView = viewBytes(sparse.indices.bufferView);
      readElements(
        indexView.data,
        sparse.indices.byteOffset ?? 0,
        COMPONENT_BYTES[indexType]!,
        count,
        1,
        indexType,
        false,
        where,
        (i) => i,
      );
      for (let i = 0; i < count; i++) {
        if (where[i]! >= accessor.count)
          fail(
            'MALFORMED_FILE',
            `Accessor ${index}'s sparse section replaces element ${where[i]}, past its ${accessor.count}.`,
          );
      }
      const valueView = viewBytes(sparse.values.bufferView);
      readElements(
        valueView.data,
        sparse.values.byteOffset ?? 0,
        components * size,
        count,
        components,
        componentType,
        normalized,
        values,
        (i) => where[i]!,
      );
    }
    return { values, components, count: accessor.count };
  };

  const textureCache = new Map<number, RgbaImage | null>();
  const pixels = new TexturePixelBudget(limits.maxTexturePixels);
  const textureImage = (textureIndex: number): RgbaImage | null => {
    if (textureCache.has(textureIndex)) return textureCache.get(textureIndex) ?? null;
    let image: RgbaImage | null = null;
    const source = doc.textures?.[textureIndex]?.source;
    const imageDef = source === undefined ? undefined : doc.images?.[source];
    let imageBytes: Uint8Array | null = null;
    if (imageDef?.bufferView !== undefined) imageBytes = viewBytes(imageDef.bufferView).data;
    else if (imageDef?.uri) {
      // A texture the upload lacks costs its colours, not the model: a note, as a damaged one is.
      imageBytes = decodeDataUri(imageDef.uri) ?? resources.file(imageDef.uri);
      if (!imageBytes) {
        addWarningOnce(warnings, {
          code: 'TEXTURE_NOT_SAMPLED',
          message: `A base colour texture was not sampled (the upload does not include "${imageDef.uri}"); the material colour was used instead.`,
        });
      }
    }
    if (imageBytes) {
      const decoded = pixels.decode(imageBytes);
      if (decoded.ok) image = decoded.image;
      else {
        addWarningOnce(warnings, {
          code: 'TEXTURE_NOT_SAMPLED',
          message: `A base colour texture was not sampled (${decoded.reason}); the material colour was used instead.`,
        });
      }
    }
    textureCache.set(textureIndex, image);
    return image;
  };

  /**
   * Decodes a Draco primitive's stream into its accessors (indices as 32-bit, each attribute in
   * its accessor's component type), so they are then read as any other accessor.
   */
  const decodeDracoPrimitive = (
    primitive: GltfPrimitive,
    draco: { bufferView: number; attributes: Record<string, number> },
    with_: GeometryDecoders,
  ): void => {
    const wanted = Object.entries(draco.attributes ?? {}).flatMap(([name, id]) => {
      const accessorIndex = primitive.attributes?.[name];
      const accessor = accessorIndex === undefined ? undefined : doc.accessors?.[accessorIndex];
      const components = accessor ? COMPONENTS[accessor.type] : undefined;
      if (accessorIndex === undefined || !accessor || !components) return [];
      return [
        {
          accessorIndex,
          count: accessor.count,
          request: { id, componentType: accessor.componentType, components },
        },
      ];
    });
    const decoded = with_.decodeDraco(
      viewBytes(draco.bufferView).data,
      wanted.map((w) => w.request),
      limits,
    );
    wanted.forEach((w, i) => {
      if (w.count !== decoded.points)
        fail(
          'MALFORMED_FILE',
          `Accessor ${w.accessorIndex} counts ${w.count} values, but its Draco stream holds ${decoded.points}.`,
        );
      decodedAccessors.set(w.accessorIndex, {
        data: decoded.attributes[i]!,
        componentType: w.request.componentType,
      });
    });
    if (primitive.indices === undefined)
      fail('MALFORMED_FILE', 'A Draco-compressed glTF primitive has no indices accessor.');
    const indexAccessor = doc.accessors?.[primitive.indices];
    if (!indexAccessor || indexAccessor.count !== decoded.indices.length)
      fail('MALFORMED_FILE', "A Draco-compressed glTF primitive's indices do not match its stream.");
    // Decoded as 32-bit whatever the accessor declares, and read back as such.
    decodedAccessors.set(primitive.indices, {
      data: new Uint8Array(decoded.indices.buffer, decoded.indices.byteOffset, decoded.indices.byteLength),
      componentType: 5125,
    });
  };

  const mesh = new IndexedMeshBuffers();
  let skippedPrimitives = 0;

  const emitPrimitive = (primitive: GltfPrimitive, matrix: Mat4): void => {
    const mode = primitive.mode ?? 4;
    const positionAccessor = primitive.attributes?.POSITION;
    if (mode < 4 || mode > 6 || positionAccessor === undefined) {
      skippedPrimitives++;
      return;
    }
    // The caps are checked on the counts the accessors declare, before anything is decoded or
    // read: the reading then holds exactly those counts (a Draco stream must match them).
    const declaredVertices = doc.accessors?.[positionAccessor]?.count ?? 0;
    const declaredCorners =
      primitive.indices === undefined ? declaredVertices : (doc.accessors?.[primitive.indices]?.count ?? 0);
    checkDeclaredCounts(
      mesh.vertexCount + declaredVertices,
      mesh.triangleCount + trianglesDeclared(mode, declaredCorners),
      limits,
    );
    const draco = primitive.extensions?.[DRACO];
    // A mesh placed by several nodes is decoded once.
    if (draco && decoders && !decodedAccessors.has(positionAccessor))
      decodeDracoPrimitive(primitive, draco, decoders);
    else if (draco && doc.accessors?.[positionAccessor]?.bufferView === undefined) noDecoder(DRACO);
    const pos = readAccessor(positionAccessor);
    if (pos.components !== 3) fail('MALFORMED_FILE', 'A POSITION accessor is not VEC3.');
    const firstVertex = mesh.vertexCount;
    for (let i = 0; i < pos.count; i++) {
      const x = pos.values[i * 3]!;
      const y = pos.values[i * 3 + 1]!;
      const z = pos.values[i * 3 + 2]!;
      mesh.positions.push3(
        matrix[0]! * x + matrix[4]! * y + matrix[8]! * z + matrix[12]!,
        matrix[1]! * x + matrix[5]! * y + matrix[9]! * z + matrix[13]!,
        matrix[2]! * x + matrix[6]! * y + matrix[10]! * z + matrix[14]!,
      );
    }
    let order: Float64Array;
    if (primitive.indices !== undefined) order = readAccessor(primitive.indices).values;
    else order = Float64Array.from({ length: pos.count }, (_, i) => i);
    for (let i = 0; i < order.length; i++) {
      if (order[i]! >= pos.count) {
        fail('INVALID_INDEX', `A glTF primitive refers to vertex ${order[i]}, but it has ${pos.count}.`, {
          index: order[i]!,
          vertexCount: pos.count,
        });
      }
    }
    const flip = determinant3(matrix) < 0;
    const local: number[] = [];
    if (mode === 4)
      for (let i = 0; i + 2 < order.length; i += 3) local.push(order[i]!, order[i + 1]!, order[i + 2]!);
    else if (mode === 5) {
      for (let i = 0; i + 2 < order.length; i++) {
        if (i % 2 === 0) local.push(order[i]!, order[i + 1]!, order[i + 2]!);
        else local.push(order[i + 1]!, order[i]!, order[i + 2]!);
      }
    } else for (let i = 1; i + 1 < order.length; i++) local.push(order[0]!, order[i]!, order[i + 1]!);

    const material = primitive.material === undefined ? undefined : doc.materials?.[primitive.material];
    // A material written for the specular-glossiness workflow (older Sketchfab and Blender
    // exports) carries its colour as the diffuse colour, which plays the base colour's part; its
    // metallic-roughness block, when present beside it, is only a fallback for other readers.
    const glossy = material?.extensions?.KHR_materials_pbrSpecularGlossiness;
    const pbr = glossy ? undefined : material?.pbrMetallicRoughness;
    const factor = (glossy ? glossy.diffuseFactor : pbr?.baseColorFactor) ?? [1, 1, 1, 1];
    const colourAccessor = primitive.attributes?.COLOR_0;
    const vertexColour = colourAccessor === undefined ? null : readAccessor(colourAccessor);
    const textureInfo = glossy ? glossy.diffuseTexture : pbr?.baseColorTexture;
    const image = textureInfo ? textureImage(textureInfo.index) : null;
    const texCoord = textureInfo?.extensions?.KHR_texture_transform?.texCoord ?? textureInfo?.texCoord ?? 0;
    const uvAccessor = primitive.attributes?.[`TEXCOORD_${texCoord}`];
    const uv = image && uvAccessor !== undefined ? readAccessor(uvAccessor) : null;
    const [ta, tb, tc, td, te, tf] = textureTransform(textureInfo);
    if (material || vertexColour) mesh.coloured = true;
    const sample = new Uint8Array(3);
    for (let t = 0; t < local.length; t += 3) {
      const a = local[t]!;
      const b = flip ? local[t + 2]! : local[t + 1]!;
      const c = flip ? local[t + 1]! : local[t + 2]!;
      mesh.indices.push(firstVertex + a);
      mesh.indices.push(firstVertex + b);
      mesh.indices.push(firstVertex + c);
      // Colours are combined in linear space, as glTF defines them, then stored as sRGB bytes.
      const linear = [factor[0] ?? 1, factor[1] ?? 1, factor[2] ?? 1];
      if (vertexColour) {
        for (let ch = 0; ch < 3; ch++) {
          const k = vertexColour.components;
          linear[ch]! *=
            (vertexColour.values[a * k + ch]! +
              vertexColour.values[b * k + ch]! +
              vertexColour.values[c * k + ch]!) /
            3;
        }
      }
      if (image && uv) {
        const u = (uv.values[a * 2]! + uv.values[b * 2]! + uv.values[c * 2]!) / 3;
        const v = (uv.values[a * 2 + 1]! + uv.values[b * 2 + 1]! + uv.values[c * 2 + 1]!) / 3;
        sampleImage(image, ta * u + tb * v + tc, td * u + te * v + tf, sample, 0);
        for (let ch = 0; ch < 3; ch++) linear[ch]! *= srgbByteToLinear(sample[ch]!);
      }
      mesh.colours.push3(
        linearToSrgbByte(linear[0]!),
        linearToSrgbByte(linear[1]!),
        linearToSrgbByte(linear[2]!),
      );
    }
  };

  const nodes = doc.nodes ?? [];
  const visited = new Set<number>();
  /** Depth first from `root`, children in order, with a stack: a chain of nodes may be any depth. */
  const visit = (root: number): void => {
    const stack: [number, Mat4][] = [[root, identity()]];
    for (let next = stack.pop(); next; next = stack.pop()) {
      const [index, parent] = next;
      const node = nodes[index];
      if (!node) fail('MALFORMED_FILE', `Node ${index} does not exist.`);
      // A node cycle would otherwise be walked forever.
      if (visited.has(index))
        fail('MALFORMED_FILE', 'The glTF node hierarchy contains a cycle or a shared node.');
      visited.add(index);
      const matrix = multiply(parent, localMatrix(node));
      if (node.mesh !== undefined) {
        const mesh = doc.meshes?.[node.mesh];
        if (!mesh) fail('MALFORMED_FILE', `Mesh ${node.mesh} does not exist.`);
        for (const primitive of mesh.primitives ?? []) emitPrimitive(primitive, matrix);
      }
      const children = node.children ?? [];
      for (let i = children.length - 1; i >= 0; i--) stack.push([children[i]!, matrix]);
    }
  };
  const scene = doc.scenes?.[doc.scene ?? 0];
  if (scene) {
    for (const root of scene.nodes ?? []) visit(root);
  } else {
    for (const mesh of doc.meshes ?? [])
      for (const primitive of mesh.primitives ?? []) emitPrimitive(primitive, identity());
  }
  if (skippedPrimitives > 0) {
    warnings.push({
      code: 'IGNORED_ELEMENTS',
      message: `${skippedPrimitives} point or line primitive${skippedPrimitives === 1 ? ' was' : 's were'} ignored.`,
    });
  }
  if (mesh.triangleCount === 0)
    fail('NO_TRIANGLES', `The ${resources.name} file has no triangle meshes in its scene.`);
  return {
    raw: mesh.toRaw('y'),
    warnings,
  };
}
