// Decoders for compressed glTF geometry: Draco (`KHR_draco_mesh_compression`, Google's decoder
// compiled to WebAssembly, `draco3dgltf`) and meshopt (`EXT_meshopt_compression` and its `KHR_`
// successor, `meshoptimizer`). Both are WebAssembly modules that instantiate asynchronously, once
// per process, while the readers are synchronous, so an asynchronous caller loads them first
// (`loadGeometryDecoders`, as `loadRegionSolver` loads HiGHS) and hands them to `parseModel`; a
// compressed file read without them is refused, saying so. Loaded by dynamic import, so nothing
// that only imports the mesher's types or constants (the app) bundles them.

/// <reference path="./draco3dgltf.d.ts" />

import type { MesherLimits } from '../config/limits';
import type { ModelFormat } from '../constants';
import { fail } from '../errors/error-codes';
import { detectModelFormat } from './detect-format';

/** What a Draco-compressed primitive asks for: each attribute's unique id and accessor layout. */
export interface DracoAttributeRequest {
  /** The attribute's unique id in the Draco stream (the extension's `attributes` map). */
  id: number;
  /** The glTF accessor's component type (5120–5126) and component count, which the data is decoded into. */
  componentType: number;
  components: number;
}

export interface DracoMesh {
  /** Point numbers, three per triangle. */
  indices: Uint32Array;
  points: number;
  /** Per requested attribute, its values for all points, tightly packed in the requested type. */
  attributes: Uint8Array[];
}

export interface GeometryDecoders {
  decodeDraco(
    bytes: Uint8Array,
    attributes: readonly DracoAttributeRequest[],
    limits: MesherLimits,
  ): DracoMesh;
  /** `meshoptimizer`'s `decodeGltfBuffer`: `count` elements of `size` bytes into `target`. */
  decodeMeshopt(
    target: Uint8Array,
    count: number,
    size: number,
    source: Uint8Array,
    mode: string,
    filter: string,
  ): void;
}

/** The part of the Emscripten module `draco3dgltf` builds that decoding uses. */
interface DracoModule {
  Decoder: new () => DracoDecoder;
  Mesh: new () => DracoMeshHandle;
  TRIANGULAR_MESH: number;
  DT_INT8: number;
  DT_UINT8: number;
  DT_INT16: number;
  DT_UINT16: number;
  DT_UINT32: number;
  DT_FLOAT32: number;
  HEAPU8: Uint8Array;
  _malloc(bytes: number): number;
  _free(pointer: number): void;
  destroy(object: unknown): void;
}
interface DracoMeshHandle {
  ptr: number;
  num_faces(): number;
  num_points(): number;
}
interface DracoAttribute {
  ptr: number;
  num_components(): number;
}
interface DracoDecoder {
  GetEncodedGeometryType(data: Int8Array): number;
  DecodeArrayToMesh(
    data: Int8Array,
    length: number,
    mesh: DracoMeshHandle,
  ): { ok(): boolean; error_msg(): string };
  GetTrianglesUInt32Array(mesh: DracoMeshHandle, bytes: number, pointer: number): boolean;
  GetAttributeByUniqueId(mesh: DracoMeshHandle, id: number): DracoAttribute;
  GetAttributeDataArrayForAllPoints(
    mesh: DracoMeshHandle,
    attribute: DracoAttribute,
    dataType: number,
    bytes: number,
    pointer: number,
  ): boolean;
}

const COMPONENT_BYTES: Record<number, number> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };

function dracoDataType(draco: DracoModule, componentType: number): number {
  switch (componentType) {
    case 5120:
      return draco.DT_INT8;
    case 5121:
      return draco.DT_UINT8;
    case 5122:
      return draco.DT_INT16;
    case 5123:
      return draco.DT_UINT16;
    case 5125:
      return draco.DT_UINT32;
    default:
      return draco.DT_FLOAT32;
  }
}

/** Copies `bytes` bytes out of the module's heap at a fresh allocation that `fill` writes. */
function fromHeap(draco: DracoModule, bytes: number, fill: (pointer: number) => boolean): Uint8Array | null {
  const pointer = draco._malloc(bytes);
  try {
    if (!fill(pointer)) return null;
    return draco.HEAPU8.slice(pointer, pointer + bytes);
  } finally {
    draco._free(pointer);
  }
}

function decodeDraco(
  draco: DracoModule,
  bytes: Uint8Array,
  requests: readonly DracoAttributeRequest[],
  limits: MesherLimits,
): DracoMesh {
  const data = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const decoder = new draco.Decoder();
  const mesh = new draco.Mesh();
  try {
    let decoded = false;
    try {
      decoded =
        decoder.GetEncodedGeometryType(data) === draco.TRIANGULAR_MESH &&
        decoder.DecodeArrayToMesh(data, data.length, mesh).ok() &&
        mesh.ptr !== 0;
    } catch {
      // The WebAssembly decoder traps on some damaged streams; that is the same refusal.
      decoded = false;
    }
    if (!decoded)
      fail(
        'MALFORMED_FILE',
        'A Draco-compressed glTF mesh could not be decoded (it is damaged or not a triangle mesh).',
      );
    const faces = mesh.num_faces();
    const points = mesh.num_points();
    if (faces > limits.maxTriangles)
      fail('TOO_MANY_TRIANGLES', `The model has more than ${limits.maxTriangles} triangles.`, {
        limit: limits.maxTriangles,
      });
    if (points > limits.maxVertices)
      fail('TOO_MANY_VERTICES', `The model has more than ${limits.maxVertices} vertices.`, {
        limit: limits.maxVertices,
      });
    const indexBytes = fromHeap(draco, faces * 12, (p) =>
      decoder.GetTrianglesUInt32Array(mesh, faces * 12, p),
    );
    if (!indexBytes) fail('MALFORMED_FILE', 'A Draco-compressed glTF mesh has no triangles to read.');
    const attributes = requests.map((request) => {
      const attribute = decoder.GetAttributeByUniqueId(mesh, request.id);
      if (!attribute || attribute.ptr === 0 || attribute.num_components() !== request.components) {
        fail(
          'MALFORMED_FILE',
          `A Draco-compressed glTF mesh lacks its attribute ${request.id}, or it has another shape.`,
        );
      }
      const size = points * request.components * (COMPONENT_BYTES[request.componentType] ?? 4);
      const values = fromHeap(draco, size, (p) =>
        decoder.GetAttributeDataArrayForAllPoints(
          mesh,
          attribute,
          dracoDataType(draco, request.componentType),
          size,
          p,
        ),
      );
      if (!values)
        fail('MALFORMED_FILE', `The Draco attribute ${request.id} could not be read as its accessor says.`);
      return values;
    });
    return { indices: new Uint32Array(indexBytes.buffer, 0, faces * 3), points, attributes };
  } finally {
    draco.destroy(mesh);
    draco.destroy(decoder);
  }
}

let loading: Promise<GeometryDecoders> | null = null;

/**
 * Draco's WebAssembly heap grows to what the largest mesh decoded needed and never shrinks; past
 * this, or after the decoder failed inside (it may be left in a broken state), the module is
 * dropped and the next `loadGeometryDecoders` builds a fresh one, so a thread does not keep a
 * hostile file's peak for good.
 */
const DRACO_HEAP_KEEP_BYTES = 256 * 1024 * 1024;

/**
 * Instantiates both decoders once per process (about 0.6 MB of WebAssembly together, ~125 ms).
 * A failed load is not kept: the next call tries again.
 */
export function loadGeometryDecoders(): Promise<GeometryDecoders> {
  if (loading) return loading;
  const attempt: Promise<GeometryDecoders> = Promise.all([
    import('draco3dgltf'),
    import('meshoptimizer'),
  ]).then(async ([dracoPackage, meshopt]) => {
    const factory = (
      dracoPackage as unknown as { default: { createDecoderModule(options: object): Promise<DracoModule> } }
    ).default;
    const [draco] = await Promise.all([factory.createDecoderModule({}), meshopt.MeshoptDecoder.ready]);
    return {
      decodeDraco: (bytes, requests, limits) => {
        let healthy = false;
        try {
          const mesh = decodeDraco(draco, bytes, requests, limits);
          healthy = true;
          return mesh;
        } finally {
          if ((!healthy || draco.HEAPU8.length > DRACO_HEAP_KEEP_BYTES) && loading === attempt)
            loading = null;
        }
      },
      decodeMeshopt: (target, count, size, source, mode, filter) => {
        try {
          meshopt.MeshoptDecoder.decodeGltfBuffer(target, count, size, source, mode, filter);
        } catch {
          fail('MALFORMED_FILE', 'A meshopt-compressed glTF buffer could not be decoded (it is damaged).');
        }
      },
    };
  });
  loading = attempt;
  attempt.catch(() => {
    if (loading === attempt) loading = null;
  });
  return attempt;
}

/** Whether a glTF may name a compression extension (a zipped one is not looked into here). */
function mayBeCompressed(bytes: Uint8Array, format: 'glb' | 'gltf'): boolean {
  let json = bytes;
  if (format === 'glb') {
    if (bytes.length < 20) return false;
    const length = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(12, true);
    json = bytes.subarray(20, Math.min(bytes.length, 20 + length));
  } else if (bytes[0] === 0x50 && bytes[1] === 0x4b) return true;
  return /KHR_draco_mesh_compression|_meshopt_compression/.test(new TextDecoder('latin1').decode(json));
}

/**
 * The decoders when `bytes` are glTF that may use them, loaded on first need; null for every other
 * file (which never loads them) and when they cannot be loaded, so that a compressed file is then
 * refused through the reader's own `UNSUPPORTED_FEATURE`, never an exception.
 */
export async function geometryDecodersFor(
  bytes: Uint8Array,
  format?: ModelFormat,
): Promise<GeometryDecoders | null> {
  const detected = format ?? detectModelFormat(bytes);
  if ((detected !== 'glb' && detected !== 'gltf') || !mayBeCompressed(bytes, detected)) return null;
  try {
    return await loadGeometryDecoders();
  } catch {
    return null;
  }
}
