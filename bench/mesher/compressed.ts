// Reading compressed glTF geometry: the 69,451-triangle bunny as a plain GLB, Draco and meshopt
// (written by gltf-transform with each library's encoder), parseModel timed on each in one process,
// alternating, with the decoders loaded once beforehand. Prints file sizes and medians.
//
// Run: node --import tsx bench/mesher/compressed.ts [runs]

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Document, WebIO } from '@gltf-transform/core';
import { EXTMeshoptCompression, KHRDracoMeshCompression } from '@gltf-transform/extensions';
import draco3d from 'draco3dgltf';
import { MeshoptEncoder } from 'meshoptimizer';
import { loadGeometryDecoders, parseModel } from '../../packages/mesher/src/index';

const require = createRequire(import.meta.url);
const runs = Number(process.argv[2] ?? 21);
const stl = parseModel(new Uint8Array(readFileSync(require.resolve('stl-models/objects/bunny.bin.stl'))));
if (!stl.ok) throw new Error(stl.error.message);
const bunny = stl.mesh;

function bunnyDocument(): Document {
  const document = new Document();
  const buffer = document.createBuffer();
  const primitive = document
    .createPrimitive()
    .setAttribute(
      'POSITION',
      document.createAccessor().setType('VEC3').setArray(bunny.positions).setBuffer(buffer),
    )
    .setIndices(document.createAccessor().setType('SCALAR').setArray(bunny.indices).setBuffer(buffer));
  document
    .createScene()
    .addChild(document.createNode().setMesh(document.createMesh().addPrimitive(primitive)));
  return document;
}

await MeshoptEncoder.ready;
const io = new WebIO()
  .registerExtensions([KHRDracoMeshCompression, EXTMeshoptCompression])
  .registerDependencies({
    'draco3d.encoder': await draco3d.createEncoderModule(),
    'draco3d.decoder': await draco3d.createDecoderModule(),
    'meshopt.encoder': MeshoptEncoder,
  });
const plain = await io.writeBinary(bunnyDocument());
const dracoDocument = bunnyDocument();
dracoDocument.createExtension(KHRDracoMeshCompression).setRequired(true);
const dracoBytes = await io.writeBinary(dracoDocument);
const meshoptDocument = bunnyDocument();
meshoptDocument
  .createExtension(EXTMeshoptCompression)
  .setRequired(true)
  .setEncoderOptions({ method: EXTMeshoptCompression.EncoderMethod.FILTER });
const meshoptBytes = await io.writeBinary(meshoptDocument);

const decoders = await loadGeometryDecoders();
const files = { plain, draco: dracoBytes, meshopt: meshoptBytes };
const times: Record<string, number[]> = { plain: [], draco: [], meshopt: [] };
for (let i = 0; i < runs + 3; i++) {
  for (const [name, bytes] of Object.entries(files)) {
    const t = performance.now();
    const outcome = parseModel(bytes, { decoders });
    const ms = performance.now() - t;
    if (!outcome.ok) throw new Error(`${name}: ${outcome.error.message}`);
    if (outcome.mesh.indices.length !== bunny.indices.length)
      throw new Error(`${name}: triangle count differs`);
    if (i >= 3) times[name]!.push(ms);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
console.log(`parseModel on the 69,451-triangle bunny, ${runs} alternating runs each`);
for (const [name, bytes] of Object.entries(files)) {
  console.log(
    `${name.padEnd(8)} ${(bytes.length / 1024).toFixed(0).padStart(5)} KB  median ${median(times[name]!).toFixed(1)} ms (${(median(times[name]!) / median(times.plain!)).toFixed(2)}× plain)`,
  );
}
