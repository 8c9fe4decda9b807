/**
 * The formats an upload may have and how each is served, and what an upload looks like to its
 * owner (the Upload resource).
 */
import type { Upload } from '@kitwright/contracts';
import type { ModelFormat } from '@kitwright/mesher';
import { IMAGE_CONTENT_TYPES, type ImageFormat } from './image-format';
import type { MediaRow } from './repo';
import { mediaUrl } from './urls';

export const MODEL_CONTENT_TYPES: Record<ModelFormat, string> = {
  stl: 'model/stl',
  obj: 'model/obj',
  ply: 'application/ply',
  glb: 'model/gltf-binary',
  gltf: 'model/gltf+json',
  '3mf': 'model/3mf',
};

/** The type a stored model is served with: a glTF zipped with its files is a ZIP, not JSON. */
export function modelContentType(format: ModelFormat, bytes: Uint8Array): string {
  const zipped = bytes[0] === 0x50 && bytes[1] === 0x4b;
  return format === 'gltf' && zipped ? 'application/zip' : MODEL_CONTENT_TYPES[format];
}

/** The formats an upload may have, as a client is told them (the app shell's public configuration). */
export const MODEL_FORMATS = Object.keys(MODEL_CONTENT_TYPES) as ModelFormat[];
export const IMAGE_FORMATS = Object.keys(IMAGE_CONTENT_TYPES) as ImageFormat[];

export function sizeBucket(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb < 1) return 'under_1mb';
  if (mb < 10) return '1_10mb';
  if (mb < 50) return '10_50mb';
  return 'over_50mb';
}

export function toUpload(row: MediaRow): Upload {
  const mesh = row.mesh_report as Upload['mesh'] | null;
  return {
    id: row.id,
    kind: row.kind === 'image' ? 'image' : 'source_model',
    format: row.format,
    content_type: row.content_type,
    byte_size: Number(row.byte_size),
    sha256: row.sha256,
    original_name: row.original_name,
    width: row.width,
    height: row.height,
    mesh: mesh ?? null,
    url: mediaUrl(row.id),
    created_at: row.created_at.toISOString(),
  };
}
