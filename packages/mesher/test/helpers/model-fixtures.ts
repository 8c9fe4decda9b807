// Small model files built in memory for format tests: a cube (optionally with one face missing)
// written as binary/ASCII STL, OBJ, ASCII/binary PLY, GLB (through @gltf-transform/core) and 3MF.

import { Document, WebIO } from '@gltf-transform/core';
import { EXTMeshoptCompression, KHRDracoMeshCompression } from '@gltf-transform/extensions';
import draco3d from 'draco3dgltf';
import { strToU8, unzipSync, zipSync, zlibSync } from 'fflate';
import { MeshoptEncoder } from 'meshoptimizer';

export interface IndexedMesh {
  positions: number[];
  indices: number[];
}

/** Axis-aligned cube from `min` to `min + size`, outward winding; `dropTop` removes the +z face. */
export function cube(size = 2, min: [number, number, number] = [0, 0, 0], dropTop = false): IndexedMesh {
  return box(min, [min[0] + size, min[1] + size, min[2] + size], dropTop);
}

/** A closed axis-aligned box from `min` to `max`, wound outwards (without its +z face when `dropTop`). */
export function box(
  min: [number, number, number],
  max: [number, number, number],
  dropTop = false,
): IndexedMesh {
  const positions: number[] = [];
  for (let i = 0; i < 8; i++)
    positions.push(i & 1 ? max[0] : min[0], i & 2 ? max[1] : min[1], i & 4 ? max[2] : min[2]);
  const faces = [
    [0, 2, 3, 1], // -z
    [4, 5, 7, 6], // +z
    [0, 1, 5, 4], // -y
    [2, 6, 7, 3], // +y
    [0, 4, 6, 2], // -x
    [1, 3, 7, 5], // +x
  ];
  const indices: number[] = [];
  faces.forEach(([a, b, c, d], face) => {
    if (dropTop && face === 1) return;
    indices.push(a!, b!, c!, a!, c!, d!);
  });
  return { positions, indices };
}

/** Unit normal of triangle t from its vertex order, as a careful exporter writes it ([0, 0, 0] if it has no area). */
/** Several meshes as one (their vertices appended, indices shifted). */
export function merge(...parts: IndexedMesh[]): IndexedMesh {
  const positions: number[] = [];
  const indices: number[] = [];
  for (const part of parts) {
    const offset = positions.length / 3;
    positions.push(...part.positions);
    indices.push(...part.indices.map((i) => i + offset));
  }
  return { positions, indices };
}

export function facetNormal(mesh: IndexedMesh, t: number): [number, number, number] {
  const { positions: p, indices } = mesh;
  const a = indices[t * 3]! * 3;
  const b = indices[t * 3 + 1]! * 3;
  const c = indices[t * 3 + 2]! * 3;
  const ux = p[b]! - p[a]!;
  const uy = p[b + 1]! - p[a + 1]!;
  const uz = p[b + 2]! - p[a + 2]!;
  const wx = p[c]! - p[a]!;
  const wy = p[c + 1]! - p[a + 1]!;
  const wz = p[c + 2]! - p[a + 2]!;
  const nx = uy * wz - uz * wy;
  const ny = uz * wx - ux * wz;
  const nz = ux * wy - uy * wx;
  const length = Math.hypot(nx, ny, nz);
  return length > 0 ? [nx / length, ny / length, nz / length] : [0, 0, 0];
}

export interface StlFixtureOptions {
  /** 'computed' (default) writes each facet's unit normal; 'zero' writes 0 0 0, as some exporters do. */
  normals?: 'computed' | 'zero';
}

export function binaryStl(
  mesh: IndexedMesh,
  declaredCount?: number,
  options: StlFixtureOptions = {},
): Uint8Array {
  const triangles = mesh.indices.length / 3;
  const bytes = new Uint8Array(84 + 50 * triangles);
  const view = new DataView(bytes.buffer);
  view.setUint32(80, declaredCount ?? triangles, true);
  for (let t = 0; t < triangles; t++) {
    if (options.normals !== 'zero') {
      const n = facetNormal(mesh, t);
      for (let k = 0; k < 3; k++) view.setFloat32(84 + 50 * t + k * 4, n[k]!, true);
    }
    for (let v = 0; v < 3; v++) {
      const i = mesh.indices[t * 3 + v]!;
      for (let k = 0; k < 3; k++)
        view.setFloat32(84 + 50 * t + 12 + v * 12 + k * 4, mesh.positions[i * 3 + k]!, true);
    }
  }
  return bytes;
}

export function asciiStl(mesh: IndexedMesh, options: StlFixtureOptions = {}): Uint8Array {
  const lines = ['solid cube'];
  for (let t = 0; t < mesh.indices.length; t += 3) {
    const n = options.normals === 'zero' ? [0, 0, 0] : facetNormal(mesh, t / 3);
    lines.push(`facet normal ${n.join(' ')}`, 'outer loop');
    for (let v = 0; v < 3; v++) {
      const i = mesh.indices[t + v]!;
      lines.push(`vertex ${mesh.positions[i * 3]} ${mesh.positions[i * 3 + 1]} ${mesh.positions[i * 3 + 2]}`);
    }
    lines.push('endloop', 'endfacet');
  }
  lines.push('endsolid cube');
  return strToU8(lines.join('\n'));
}

export function obj(mesh: IndexedMesh, colour?: [number, number, number]): Uint8Array {
  const lines = ['# cube'];
  for (let i = 0; i < mesh.positions.length; i += 3) {
    const c = colour ? ` ${colour.join(' ')}` : '';
    lines.push(`v ${mesh.positions[i]} ${mesh.positions[i + 1]} ${mesh.positions[i + 2]}${c}`);
  }
  for (let t = 0; t < mesh.indices.length; t += 3) {
    lines.push(`f ${mesh.indices[t]! + 1}/1 ${mesh.indices[t + 1]! + 1}/1 ${mesh.indices[t + 2]! + 1}/1`);
  }
  return strToU8(lines.join('\n'));
}

export function asciiPly(mesh: IndexedMesh, colour?: [number, number, number]): Uint8Array {
  const vertices = mesh.positions.length / 3;
  const faces = mesh.indices.length / 3;
  const header = [
    'ply',
    'format ascii 1.0',
    `element vertex ${vertices}`,
    'property float x',
    'property float y',
    'property float z',
    ...(colour ? ['property uchar red', 'property uchar green', 'property uchar blue'] : []),
    `element face ${faces}`,
    'property list uchar int vertex_indices',
    'end_header',
  ];
  const body: string[] = [];
  for (let i = 0; i < vertices; i++) {
    const p = mesh.positions.slice(i * 3, i * 3 + 3).join(' ');
    body.push(colour ? `${p} ${colour.join(' ')}` : p);
  }
  for (let t = 0; t < faces; t++) body.push(`3 ${mesh.indices.slice(t * 3, t * 3 + 3).join(' ')}`);
  return strToU8(`${header.join('\n')}\n${body.join('\n')}\n`);
}

export function binaryPly(mesh: IndexedMesh, declaredVertices?: number): Uint8Array {
  const vertices = mesh.positions.length / 3;
  const faces = mesh.indices.length / 3;
  const header = strToU8(
    [
      'ply',
      'format binary_little_endian 1.0',
      `element vertex ${declaredVertices ?? vertices}`,
      'property float x',
      'property float y',
      'property float z',
      `element face ${faces}`,
      'property list uchar int vertex_indices',
      'end_header',
      '',
    ].join('\n'),
  );
  const body = new Uint8Array(vertices * 12 + faces * 13);
  const view = new DataView(body.buffer);
  for (let i = 0; i < mesh.positions.length; i++) view.setFloat32(i * 4, mesh.positions[i]!, true);
  for (let t = 0; t < faces; t++) {
    const at = vertices * 12 + t * 13;
    view.setUint8(at, 3);
    for (let k = 0; k < 3; k++) view.setInt32(at + 1 + k * 4, mesh.indices[t * 3 + k]!, true);
  }
  const out = new Uint8Array(header.length + body.length);
  out.set(header);
  out.set(body, header.length);
  return out;
}

export async function glb(
  mesh: IndexedMesh,
  baseColor?: [number, number, number, number],
): Promise<Uint8Array> {
  return new WebIO().writeBinary(meshDocument(mesh, baseColor));
}

/**
 * A GLB whose geometry is compressed as gltf-transform writes it with Draco's or meshoptimizer's
 * own encoders (the extension marked required, as `gltf-transform draco` / `meshopt` do), with
 * vertex colours (COLOR_0, normalised bytes) so an attribute besides the positions is decoded.
 */
export async function compressedGlb(
  mesh: IndexedMesh,
  compression: 'draco' | 'meshopt',
  colour: [number, number, number] = [255, 0, 0],
): Promise<Uint8Array> {
  const document = meshDocument(mesh);
  const [primitive] = document.getRoot().listMeshes()[0]!.listPrimitives();
  const count = mesh.positions.length / 3;
  const colours = new Uint8Array(count * 4);
  for (let i = 0; i < count; i++) colours.set([...colour, 255], i * 4);
  primitive!.setAttribute(
    'COLOR_0',
    document
      .createAccessor()
      .setType('VEC4')
      .setArray(colours)
      .setNormalized(true)
      .setBuffer(document.getRoot().listBuffers()[0]!),
  );
  const io = new WebIO();
  if (compression === 'draco') {
    io.registerExtensions([KHRDracoMeshCompression]).registerDependencies({
      'draco3d.encoder': await draco3d.createEncoderModule(),
      'draco3d.decoder': await draco3d.createDecoderModule(),
    });
    document.createExtension(KHRDracoMeshCompression).setRequired(true);
  } else {
    await MeshoptEncoder.ready;
    io.registerExtensions([EXTMeshoptCompression]).registerDependencies({
      'meshopt.encoder': MeshoptEncoder,
    });
    document
      .createExtension(EXTMeshoptCompression)
      .setRequired(true)
      .setEncoderOptions({ method: EXTMeshoptCompression.EncoderMethod.FILTER });
  }
  return io.writeBinary(document);
}

/** The document `glb` writes: the mesh moved by a node to x = 10, with an optional base colour. */
export function meshDocument(mesh: IndexedMesh, baseColor?: [number, number, number, number]): Document {
  const document = new Document();
  const buffer = document.createBuffer();
  const position = document
    .createAccessor()
    .setType('VEC3')
    .setArray(new Float32Array(mesh.positions))
    .setBuffer(buffer);
  const indices = document
    .createAccessor()
    .setType('SCALAR')
    .setArray(new Uint32Array(mesh.indices))
    .setBuffer(buffer);
  const primitive = document.createPrimitive().setAttribute('POSITION', position).setIndices(indices);
  if (baseColor) primitive.setMaterial(document.createMaterial().setBaseColorFactor(baseColor));
  const node = document
    .createNode()
    .setMesh(document.createMesh().addPrimitive(primitive))
    .setTranslation([10, 0, 0]);
  document.createScene().addChild(node);
  return document;
}

/**
 * A document as a .gltf and the files it names (`scene.bin`, images), as Blender's "glTF
 * Separate" and Sketchfab's download give them; `embedded` puts every file in a data URI instead.
 */
export async function gltfFiles(
  document: Document,
  embedded = false,
): Promise<{ json: Record<string, unknown>; files: Record<string, Uint8Array> }> {
  for (const buffer of document.getRoot().listBuffers()) buffer.setURI('scene.bin');
  const { json, resources } = await new WebIO().writeJSON(document);
  const out = json as unknown as Record<string, unknown>;
  if (!embedded) return { json: out, files: resources };
  const dataUri = (uri: string, type: string) =>
    `data:${type};base64,${Buffer.from(resources[uri]!).toString('base64')}`;
  for (const buffer of (out.buffers ?? []) as { uri?: string }[])
    if (buffer.uri) buffer.uri = dataUri(buffer.uri, 'application/octet-stream');
  for (const image of (out.images ?? []) as { uri?: string; mimeType?: string }[])
    if (image.uri) image.uri = dataUri(image.uri, image.mimeType ?? 'image/png');
  return { json: out, files: {} };
}

/**
 * An RGB PNG (CRCs are computed, as real encoders do): one colour, or the colour of each pixel
 * (row 0 at the top).
 */
export function png(
  width: number,
  height: number,
  rgb: [number, number, number] | ((x: number, y: number) => [number, number, number]),
): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Uint8Array) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Uint8Array) => {
    const out = new Uint8Array(12 + data.length);
    const view = new DataView(out.buffer);
    view.setUint32(0, data.length);
    out.set(strToU8(type), 4);
    out.set(data, 8);
    view.setUint32(8 + data.length, crc(out.subarray(4, 8 + data.length)));
    return out;
  };
  const header = new Uint8Array(13);
  const hv = new DataView(header.buffer);
  hv.setUint32(0, width);
  hv.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = new Uint8Array(height * (1 + width * 3));
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      raw.set(typeof rgb === 'function' ? rgb(x, y) : rgb, y * (1 + width * 3) + 1 + x * 3);
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlibSync(raw)),
    chunk('IEND', new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A GLB cube whose base colour comes from a PNG texture. */
export async function texturedGlb(mesh: IndexedMesh, texture: Uint8Array): Promise<Uint8Array> {
  return new WebIO().writeBinary(texturedDocument(mesh, texture));
}

/** The document `texturedGlb` writes: every vertex samples the middle of `texture`. */
export function texturedDocument(mesh: IndexedMesh, texture: Uint8Array): Document {
  const document = new Document();
  const buffer = document.createBuffer();
  const position = document
    .createAccessor()
    .setType('VEC3')
    .setArray(new Float32Array(mesh.positions))
    .setBuffer(buffer);
  const uv = document
    .createAccessor()
    .setType('VEC2')
    .setArray(new Float32Array((mesh.positions.length / 3) * 2).fill(0.5))
    .setBuffer(buffer);
  const indices = document
    .createAccessor()
    .setType('SCALAR')
    .setArray(new Uint16Array(mesh.indices))
    .setBuffer(buffer);
  const mimeType = texture[0] === 0xff && texture[1] === 0xd8 ? 'image/jpeg' : 'image/png';
  const image = document.createTexture().setImage(texture).setMimeType(mimeType);
  const material = document.createMaterial().setBaseColorTexture(image);
  const primitive = document
    .createPrimitive()
    .setAttribute('POSITION', position)
    .setAttribute('TEXCOORD_0', uv)
    .setIndices(indices)
    .setMaterial(material);
  document
    .createScene()
    .addChild(document.createNode().setMesh(document.createMesh().addPrimitive(primitive)));
  return document;
}

/** A GLB with its JSON chunk rewritten by `edit` (the binary chunk kept), re-padded to 4 bytes. */
export function editGlbJson(bytes: Uint8Array, edit: (json: Record<string, unknown>) => void): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const jsonLength = view.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + jsonLength))) as Record<
    string,
    unknown
  >;
  edit(json);
  let text = JSON.stringify(json);
  while (text.length % 4 !== 0) text += ' ';
  const jsonBytes = strToU8(text);
  const rest = bytes.subarray(20 + jsonLength);
  const out = new Uint8Array(20 + jsonBytes.length + rest.length);
  const outView = new DataView(out.buffer);
  out.set(bytes.subarray(0, 12));
  outView.setUint32(8, out.length, true);
  outView.setUint32(12, jsonBytes.length, true);
  outView.setUint32(16, 0x4e4f534a, true);
  out.set(jsonBytes, 20);
  out.set(rest, 20 + jsonBytes.length);
  return out;
}

const CORE_3MF = 'http://schemas.microsoft.com/3dmanufacturing/core/2015/02';
const PRODUCTION_3MF = 'http://schemas.microsoft.com/3dmanufacturing/production/2015/06';

/**
 * A 3MF `<mesh>` element's parts; `from` numbers the vertices of a mesh appended to an earlier
 * one, `paint` gives triangles a slicer's paint code under the attribute `paintAttribute`.
 */
function meshXml(
  mesh: IndexedMesh,
  from = 0,
  paint: Record<number, string> = {},
  paintAttribute = 'paint_color',
): { vertices: string; triangles: string } {
  const vertices: string[] = [];
  for (let i = 0; i < mesh.positions.length; i += 3) {
    vertices.push(
      `<vertex x="${mesh.positions[i]}" y="${mesh.positions[i + 1]}" z="${mesh.positions[i + 2]}"/>`,
    );
  }
  const triangles: string[] = [];
  for (let t = 0; t < mesh.indices.length; t += 3) {
    const code = paint[t / 3];
    triangles.push(
      `<triangle v1="${from + mesh.indices[t]!}" v2="${from + mesh.indices[t + 1]!}" v3="${from + mesh.indices[t + 2]!}"${code ? ` ${paintAttribute}="${code}"` : ''}/>`,
    );
  }
  return { vertices: vertices.join(''), triangles: triangles.join('') };
}

function meshElement(
  meshes: { mesh: IndexedMesh; paint?: Record<number, string> }[],
  paintAttribute?: string,
): string {
  let from = 0;
  const parts = meshes.map(({ mesh, paint }) => {
    const xml = meshXml(mesh, from, paint, paintAttribute);
    from += mesh.positions.length / 3;
    return xml;
  });
  return `<mesh><vertices>${parts.map((p) => p.vertices).join('')}</vertices><triangles>${parts.map((p) => p.triangles).join('')}</triangles></mesh>`;
}

/** A 3MF package: the content types, the root relationship to `3D/3dmodel.model`, and `files`. */
function threeMfPackage(files: Record<string, string>): Uint8Array {
  const entries: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8('<?xml version="1.0"?><Types/>'),
    '_rels/.rels': strToU8(
      '<?xml version="1.0"?><Relationships><Relationship Target="/3D/3dmodel.model" Id="rel0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/></Relationships>',
    ),
  };
  for (const [name, text] of Object.entries(files)) entries[name] = strToU8(text);
  return zipSync(entries);
}

export function threeMf(mesh: IndexedMesh, colour = '#C91A09'): Uint8Array {
  const model = `<?xml version="1.0" encoding="UTF-8"?>
<model unit="millimeter" xmlns="${CORE_3MF}">
 <resources>
  <basematerials id="2"><base name="red" displaycolor="${colour}"/></basematerials>
  <object id="1" type="model" pid="2" pindex="0">${meshElement([{ mesh }])}</object>
 </resources>
 <build><item objectid="1" transform="1 0 0 0 1 0 0 0 1 5 5 0"/></build>
</model>`;
  return threeMfPackage({ '3D/3dmodel.model': model });
}

/**
 * A 3MF coloured by a texture (the materials extension): `image` stored at `path` in the archive,
 * and every triangle's corners given the texture coordinates `uv(triangle)` (three u, v pairs).
 */
export function texturedThreeMf(
  mesh: IndexedMesh,
  image: Uint8Array,
  uv: (triangle: number) => [number, number][],
  path = '/3D/Texture/colour.png',
): Uint8Array {
  const coords: string[] = [];
  const triangles: string[] = [];
  for (let t = 0; t < mesh.indices.length; t += 3) {
    const corners = uv(t / 3);
    for (const [u, v] of corners) coords.push(`<m:tex2coord u="${u}" v="${v}"/>`);
    triangles.push(
      `<triangle v1="${mesh.indices[t]}" v2="${mesh.indices[t + 1]}" v3="${mesh.indices[t + 2]}" pid="3" p1="${t}" p2="${t + 1}" p3="${t + 2}"/>`,
    );
  }
  const { vertices } = meshXml(mesh);
  const model = `<?xml version="1.0" encoding="UTF-8"?>
<model unit="millimeter" xmlns="${CORE_3MF}" xmlns:m="http://schemas.microsoft.com/3dmanufacturing/material/2015/02" requiredextensions="m">
 <resources>
  <m:texture2d id="2" path="${path}" contenttype="image/png" tilestyleu="wrap" tilestylev="wrap"/>
  <m:texture2dgroup id="3" texid="2">${coords.join('')}</m:texture2dgroup>
  <object id="1" type="model"><mesh><vertices>${vertices}</vertices><triangles>${triangles.join('')}</triangles></mesh></object>
 </resources>
 <build><item objectid="1"/></build>
</model>`;
  return zipSync({
    ...unzipSync(threeMfPackage({ '3D/3dmodel.model': model })),
    [decodeURIComponent(path).replace(/^\//, '')]: image,
  });
}

/** A part of a slicer project, the role its slicer gives it (Bambu's `subtype`), its filament. */
export interface SlicerPart {
  mesh: IndexedMesh;
  subtype: 'normal_part' | 'modifier_part' | 'negative_part' | 'support_blocker' | 'support_enforcer';
  /** 1-based; absent: the object's. */
  extruder?: number;
  /** Paint codes by triangle index. */
  paint?: Record<number, string>;
}

export interface SlicerProjectOptions {
  /** Write the slicer's config files (default true); false: the plain production-extension file. */
  settings?: boolean;
  objectExtruder?: number;
  /** The project's filament colours, `#RRGGBB`. */
  filaments?: string[];
}

/**
 * A 3MF as Bambu Studio and OrcaSlicer save a project: the root model holds one object whose
 * components are in `3D/Objects/object_1.model` (production extension `p:path`), placed by a build
 * item at (128, 128, 0); `Metadata/model_settings.config` says what each component is and which
 * filament it uses, `Metadata/project_settings.config` (JSON) the filaments' colours.
 */
export function bambuThreeMf(parts: SlicerPart[], options: SlicerProjectOptions = {}): Uint8Array {
  const root = parts.length + 1;
  const objects = parts
    .map(
      (part, i) =>
        `<object id="${i + 1}" p:UUID="0000000${i + 1}-0000-4000-8000-000000000000" type="model">${meshElement([part])}</object>`,
    )
    .join('\n  ');
  const components = parts
    .map(
      (_, i) =>
        `<component p:path="/3D/Objects/object_1.model" objectid="${i + 1}" transform="1 0 0 0 1 0 0 0 1 0 0 0"/>`,
    )
    .join('');
  const header = `<?xml version="1.0" encoding="UTF-8"?>
<model unit="millimeter" xml:lang="en-US" xmlns="${CORE_3MF}" xmlns:BambuStudio="http://schemas.bambulab.com/package/2021" xmlns:p="${PRODUCTION_3MF}" requiredextensions="p">`;
  const files: Record<string, string> = {
    '3D/3dmodel.model': `${header}
 <metadata name="Application">BambuStudio-02.01.01.52</metadata>
 <resources>
  <object id="${root}" p:UUID="00000009-0000-4000-8000-000000000000" type="model"><components>${components}</components></object>
 </resources>
 <build p:UUID="0000000a-0000-4000-8000-000000000000"><item objectid="${root}" transform="1 0 0 0 1 0 0 0 1 128 128 0" printable="1"/></build>
</model>`,
    '3D/Objects/object_1.model': `${header}
 <metadata name="BambuStudio:3mfVersion">1</metadata>
 <resources>
  ${objects}
 </resources>
 <build/>
</model>`,
  };
  if (options.settings !== false) {
    const partXml = parts.map(
      (p, i) =>
        `<part id="${i + 1}" subtype="${p.subtype}"><metadata key="name" value="part ${i + 1}"/>${p.extruder ? `<metadata key="extruder" value="${p.extruder}"/>` : ''}<mesh_stat edges_fixed="0" degenerate_facets="0"/></part>`,
    );
    files['Metadata/model_settings.config'] = `<?xml version="1.0" encoding="UTF-8"?>
<config>
  <object id="${root}">
    <metadata key="name" value="Project"/>
    <metadata key="extruder" value="${options.objectExtruder ?? 1}"/>
    ${partXml.join('\n    ')}
  </object>
  <plate><metadata key="plater_id" value="1"/><model_instance><metadata key="object_id" value="${root}"/></model_instance></plate>
</config>`;
    if (options.filaments) {
      files['Metadata/project_settings.config'] = JSON.stringify(
        { filament_colour: options.filaments, filament_type: options.filaments.map(() => 'PLA') },
        null,
        4,
      );
    }
  }
  return threeMfPackage(files);
}

/** A PrusaSlicer volume: a range of its object's triangles, its type and filament. */
export interface PrusaVolume {
  mesh: IndexedMesh;
  type: 'ModelPart' | 'ParameterModifier' | 'NegativeVolume' | 'SupportBlocker' | 'SupportEnforcer';
  /** 1-based; 0 or absent: the object's. */
  extruder?: number;
  paint?: Record<number, string>;
}

/**
 * A 3MF as PrusaSlicer saves a project: one object whose mesh holds every volume (painted
 * triangles under `slic3rpe:mmu_segmentation`), `Metadata/Slic3r_PE_model.config` giving each
 * volume's triangle range, type and extruder, and `Metadata/Slic3r_PE.config` the colours.
 */
export function prusaThreeMf(
  volumes: PrusaVolume[],
  colours?: { extruder: string[]; filament: string[] },
  objectExtruder = 1,
): Uint8Array {
  let first = 0;
  const ranges = volumes.map((v) => {
    const range = { ...v, first, last: first + v.mesh.indices.length / 3 - 1 };
    first = range.last + 1;
    return range;
  });
  const files: Record<string, string> = {
    '3D/3dmodel.model': `<?xml version="1.0" encoding="UTF-8"?>
<model unit="millimeter" xml:lang="en-US" xmlns="${CORE_3MF}" xmlns:slic3rpe="http://schemas.slic3r.org/3mf/2017/06">
 <metadata name="slic3rpe:Version3mf">1</metadata>
 <resources>
  <object id="1" type="model">${meshElement(volumes, 'slic3rpe:mmu_segmentation')}</object>
 </resources>
 <build><item objectid="1" transform="1 0 0 0 1 0 0 0 1 100 100 0" printable="1"/></build>
</model>`,
    'Metadata/Slic3r_PE_model.config': `<?xml version="1.0" encoding="UTF-8"?>
<config>
 <object id="1" instances_count="1">
  <metadata type="object" key="name" value="project"/>
  <metadata type="object" key="extruder" value="${objectExtruder}"/>
  ${ranges
    .map(
      (r) => `<volume firstid="${r.first}" lastid="${r.last}">
   <metadata type="volume" key="name" value="volume"/>
   <metadata type="volume" key="volume_type" value="${r.type}"/>
   <metadata type="volume" key="modifier" value="${r.type === 'ModelPart' || r.type === 'NegativeVolume' ? 0 : 1}"/>
   <metadata type="volume" key="extruder" value="${r.extruder ?? 0}"/>
   <mesh edges_fixed="0" degenerate_facets="0" facets_removed="0" facets_reversed="0" backwards_edges="0"/>
  </volume>`,
    )
    .join('\n  ')}
 </object>
</config>`,
  };
  if (colours) {
    files['Metadata/Slic3r_PE.config'] = [
      '; generated by PrusaSlicer 2.8.1 on 2026-12-03 at 10:00:00 UTC',
      '',
      `; extruder_colour = ${colours.extruder.map((c) => `"${c}"`).join(';')}`,
      `; filament_colour = ${colours.filament.join(';')}`,
      '; layer_height = 0.2',
      '',
    ].join('\n');
  }
  return threeMfPackage(files);
}

/** Points of a regular k-gon of radius r around (cu, cv), starting half a step off the u axis. */
function polygon(cu: number, cv: number, r: number, k: number): [number, number][] {
  return Array.from({ length: k }, (_, i) => [
    cu + r * Math.cos((2 * Math.PI * (i + 0.5)) / k),
    cv + r * Math.sin((2 * Math.PI * (i + 0.5)) / k),
  ]);
}

/**
 * A toy four-legged animal drawn z-up (issue 12's horse): a 12-gon body along y (radius 3, y 0 to
 * 14, centred at z 9) with cones to a point at both ends (the rump at y −3), on four 8-gon legs of
 * radius 0.5 from the floor up to the body's lowest face. Read y-up it balances on its rump's point.
 */
export function quadruped(): IndexedMesh {
  const positions: number[] = [];
  const indices: number[] = [];
  const bz = 9;
  const ring = polygon(bz, 0, 3, 12);
  const n = ring.length;
  for (const y of [0, 14]) for (const [z, x] of ring) positions.push(x, y, z);
  positions.push(0, -3, bz, 0, 17, bz);
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    indices.push(i, j, n + j, i, n + j, n + i, 2 * n, j, i, 2 * n + 1, n + i, n + j);
  }
  const low = bz - 3 * Math.cos(Math.PI / 12);
  for (const [x, y] of [
    [-0.6, 2],
    [0.6, 2],
    [-0.6, 12],
    [0.6, 12],
  ] as const) {
    const o = positions.length / 3;
    const leg = polygon(x, y, 0.5, 8);
    for (const z of [0, low]) for (const [px, py] of leg) positions.push(px, py, z);
    for (let i = 1; i < 7; i++) indices.push(o, o + i + 1, o + i, o + 8, o + 8 + i, o + 9 + i);
    for (let i = 0; i < 8; i++) {
      const j = (i + 1) % 8;
      indices.push(o + i, o + j, o + 8 + j, o + i, o + 8 + j, o + 8 + i);
    }
  }
  return { positions, indices };
}
