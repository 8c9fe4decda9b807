// glTF 2.0 as JSON (.gltf): alone, with its buffers and images embedded as data URIs (Blender's
// "glTF Embedded"), or in a ZIP with the files it names beside it (what Sketchfab's glTF download
// and Blender's "glTF Separate" give: scene.gltf, scene.bin, textures/…). The ZIP is read by
// zip-archive with its bomb checks; each named file is inflated only when the document asks for it.

import type { MesherLimits } from '../config/limits';
import { fail } from '../errors/error-codes';
import type { GeometryDecoders } from './geometry-decoders';
import { type GltfJson, type GltfRead, readGltfDocument } from './gltf-document';
import {
  extractEntry,
  findEntry,
  isZip,
  readZipDirectory,
  resolveArchivePath,
  type ZipEntry,
} from './zip-archive';

const JSON_SNIFF_BYTES = 64 * 1024;
const GLTF_KEYS = ['"asset"', '"accessors"', '"meshes"', '"scenes"', '"buffers"'];

/** A JSON object that names glTF's top-level properties near its start. */
export function looksLikeGltfJson(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8').decode(bytes.subarray(0, JSON_SNIFF_BYTES)).trimStart();
  return head.startsWith('{') && GLTF_KEYS.some((key) => head.includes(key));
}

/** The .gltf entries of an archive, ignoring macOS resource forks. */
export function gltfEntries(entries: readonly ZipEntry[]): ZipEntry[] {
  return entries.filter((e) => e.name.toLowerCase().endsWith('.gltf') && !e.name.startsWith('__MACOSX/'));
}

function parseJson(bytes: Uint8Array): GltfJson {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8').decode(bytes));
  } catch {
    fail('MALFORMED_FILE', 'The glTF file is not valid JSON.');
  }
  if (!json || typeof json !== 'object' || Array.isArray(json))
    fail('MALFORMED_FILE', 'The glTF file is not a JSON object.');
  const version = (json as GltfJson).asset?.version;
  if (typeof version === 'string' && !version.startsWith('2'))
    fail('UNSUPPORTED_FEATURE', `glTF version ${version} is not supported; only glTF 2.0 is.`, { version });
  return json as GltfJson;
}

export function parseGltf(
  bytes: Uint8Array,
  limits: MesherLimits,
  decoders: GeometryDecoders | null = null,
): GltfRead {
  if (!isZip(bytes))
    return readGltfDocument(
      parseJson(bytes),
      { name: 'glTF', bin: null, file: () => null, decoders },
      limits,
    );
  const directory = readZipDirectory(bytes, limits);
  // The shallowest .gltf is the scene: a download holds one, perhaps below a folder.
  const [main, ...others] = gltfEntries(directory.entries).sort(
    (a, b) => a.name.split('/').length - b.name.split('/').length || a.name.localeCompare(b.name),
  );
  if (!main) fail('INVALID_ARCHIVE', 'The archive holds no .gltf file.');
  const base = main.name.slice(0, main.name.lastIndexOf('/') + 1);
  const files = new Map<string, Uint8Array | null>();
  const file = (uri: string): Uint8Array | null => {
    const path = resolveArchivePath(base, uri);
    if (path === null) return null;
    if (!files.has(path)) {
      const entry = findEntry(directory, path);
      files.set(path, entry ? extractEntry(bytes, entry, limits) : null);
    }
    return files.get(path) ?? null;
  };
  const read = readGltfDocument(
    parseJson(extractEntry(bytes, main, limits)),
    { name: 'glTF', bin: null, file, decoders },
    limits,
  );
  if (others.length > 0) {
    read.warnings.push({
      code: 'IGNORED_ELEMENTS',
      message: `The archive holds ${others.length + 1} .gltf files; "${main.name}" was read, the others were ignored.`,
    });
  }
  return read;
}
