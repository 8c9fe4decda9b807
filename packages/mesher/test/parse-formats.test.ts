// Each supported format read from fixtures built in memory, plus the hostile inputs the readers
// must refuse quickly: lying headers, zip bombs, NaN, bad indices, truncation.

import { WebIO } from '@gltf-transform/core';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { encode as encodeJpeg } from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { linearToSrgbByte } from '../src/colour/srgb';
import { TexturePixelBudget } from '../src/colour/texture-image';
import {
  detectModelFormat,
  geometryDecodersFor,
  loadGeometryDecoders,
  parseModel,
  validateMesh,
} from '../src/index';
import { addWarningOnce, type ParseWarning } from '../src/parse/parse-warning';
import { attributes, forEachTag } from '../src/parse/xml-scan';
import { resolveArchivePath } from '../src/parse/zip-archive';
import {
  asciiPly,
  asciiStl,
  binaryPly,
  binaryStl,
  compressedGlb,
  cube,
  editGlbJson,
  glb,
  gltfFiles,
  meshDocument,
  obj,
  png,
  texturedDocument,
  texturedGlb,
  texturedThreeMf,
  threeMf,
} from './helpers/model-fixtures';

function expectCube(bytes: Uint8Array, format: string) {
  expect(detectModelFormat(bytes)).toBe(format);
  const outcome = parseModel(bytes);
  if (!outcome.ok) throw new Error(`${outcome.error.code}: ${outcome.error.message}`);
  expect(outcome.format).toBe(format);
  expect(outcome.mesh.indices.length).toBe(36);
  expect(outcome.mesh.positions.length).toBe(24);
  const report = validateMesh(outcome.mesh);
  expect(report.watertight).toBe(true);
  expect(report.components).toBe(1);
  return outcome;
}

describe('formats', () => {
  it('reads binary and ASCII STL', () => {
    expectCube(binaryStl(cube()), 'stl');
    expectCube(asciiStl(cube()), 'stl');
  });

  it('reads OBJ with vertex colours', () => {
    const outcome = expectCube(obj(cube(), [1, 0, 0]), 'obj');
    expect(outcome.mesh.triangleColours?.slice(0, 3)).toEqual(new Uint8Array([255, 0, 0]));
  });

  it('reads ASCII PLY with colours and binary PLY', () => {
    const outcome = expectCube(asciiPly(cube(), [0, 85, 191]), 'ply');
    expect(Array.from(outcome.mesh.triangleColours?.slice(0, 3) ?? [])).toEqual([0, 85, 191]);
    expectCube(binaryPly(cube()), 'ply');
  });

  it('reads GLB written by @gltf-transform/core, applying the node transform and material', async () => {
    const outcome = expectCube(await glb(cube(), [1, 0, 0, 1]), 'glb');
    expect(Math.min(...Array.from(outcome.mesh.positions).filter((_, i) => i % 3 === 0))).toBe(10);
    expect(Array.from(outcome.mesh.triangleColours?.slice(0, 3) ?? [])).toEqual([255, 0, 0]);
    expect(outcome.mesh.upAxis).toBe('y');
  });

  it('samples a PNG base colour texture in a GLB', async () => {
    const outcome = expectCube(await texturedGlb(cube(), png(4, 4, [0x23, 0x78, 0x41])), 'glb');
    expect(outcome.warnings).toEqual([]);
    expect(Array.from(outcome.mesh.triangleColours?.slice(0, 3) ?? [])).toEqual([0x23, 0x78, 0x41]);
  });

  /** An 8×8 JPEG of one colour (one DC block: it decodes back within a step or two). */
  const jpeg = (rgb: [number, number, number], size = 8) =>
    new Uint8Array(
      encodeJpeg(
        {
          width: size,
          height: size,
          data: new Uint8Array(size * size * 4).map((_, i) => (i % 4 === 3 ? 255 : rgb[i % 4]!)),
        },
        95,
      ).data,
    );
  const near = (actual: number[], expected: number[]) =>
    expect(
      actual.every((v, i) => Math.abs(v - expected[i]!) <= 3),
      `${actual} ≈ ${expected}`,
    ).toBe(true);

  it('samples a JPEG base colour texture in a GLB, as Sketchfab and Blender export them', async () => {
    const outcome = expectCube(await texturedGlb(cube(), jpeg([0x23, 0x78, 0x41])), 'glb');
    expect(outcome.warnings).toEqual([]);
    near(Array.from(outcome.mesh.triangleColours?.slice(0, 3) ?? []), [0x23, 0x78, 0x41]);
  });

  it('says why a JPEG texture was not sampled: damaged, or over the pixel budget', async () => {
    const damaged = jpeg([0x23, 0x78, 0x41]).slice(0, 40);
    const cut = parseModel(await texturedGlb(cube(), damaged));
    expect(cut.ok ? cut.warnings : null).toEqual([
      {
        code: 'TEXTURE_NOT_SAMPLED',
        message:
          'A base colour texture was not sampled (the JPEG image is damaged); the material colour was used instead.',
      },
    ]);
    const big = parseModel(await texturedGlb(cube(), jpeg([0x23, 0x78, 0x41], 16)), {
      limits: { maxTexturePixels: 100 },
    });
    expect(big.ok ? big.warnings[0]?.message : null).toMatch(/the JPEG image has more than 100 pixels/);
  });

  it('takes the diffuse colour of a specular-glossiness material over its fallback base colour', async () => {
    const bytes = editGlbJson(await glb(cube(), [1, 1, 1, 1]), (json) => {
      const [material] = json.materials as Record<string, unknown>[];
      material!.extensions = { KHR_materials_pbrSpecularGlossiness: { diffuseFactor: [0, 0, 1, 1] } };
      json.extensionsUsed = ['KHR_materials_pbrSpecularGlossiness'];
    });
    const outcome = expectCube(bytes, 'glb');
    expect(Array.from(outcome.mesh.triangleColours?.slice(0, 3) ?? [])).toEqual([0, 0, 255]);
  });

  it('reads 3MF with base material colours and build transforms', () => {
    const outcome = expectCube(threeMf(cube()), '3mf');
    expect(Array.from(outcome.mesh.triangleColours?.slice(0, 3) ?? [])).toEqual([0xc9, 0x1a, 0x09]);
    expect(outcome.mesh.positions[0]).toBe(5);
    expect(outcome.mesh.upAxis).toBe('z');
  });

  describe('compressed glTF geometry (Draco, meshopt)', () => {
    for (const compression of ['draco', 'meshopt'] as const) {
      it(`reads a ${compression}-compressed GLB once the decoders are loaded, and refuses it without`, async () => {
        const bytes = await compressedGlb(cube(), compression, [0x23, 0x78, 0x41]);
        const extension = compression === 'draco' ? 'KHR_draco_mesh_compression' : 'EXT_meshopt_compression';
        const without = parseModel(bytes);
        expect(without.ok ? null : [without.error.code, without.error.details]).toEqual([
          'UNSUPPORTED_FEATURE',
          { extension },
        ]);
        const decoders = await loadGeometryDecoders();
        const outcome = parseModel(bytes, { decoders });
        if (!outcome.ok) throw new Error(`${outcome.error.code}: ${outcome.error.message}`);
        expect(outcome.format).toBe('glb');
        expect(outcome.mesh.indices.length / 3).toBe(12);
        expect(validateMesh(outcome.mesh).watertight).toBe(true);
        // The node's translation still applies, and the colours came through their own attribute
        // (COLOR_0 is linear light, normalised bytes: stored as the sRGB of byte / 255).
        const xs = Array.from(outcome.mesh.positions).filter((_, i) => i % 3 === 0);
        expect([Math.min(...xs), Math.max(...xs)]).toEqual([10, 12]);
        expect(Array.from(outcome.mesh.triangleColours?.slice(0, 3) ?? [])).toEqual(
          [0x23, 0x78, 0x41].map((b) => linearToSrgbByte(b / 255)),
        );
      });
    }

    it('refuses a damaged Draco stream and a meshopt view that claims more than the caps', async () => {
      const decoders = await loadGeometryDecoders();
      const draco = await compressedGlb(cube(), 'draco');
      // The Draco stream is the first buffer view; its bytes overwritten with noise.
      const damaged = editGlbJson(draco, () => undefined);
      const view = new DataView(damaged.buffer, damaged.byteOffset, damaged.byteLength);
      const binStart = 20 + view.getUint32(12, true) + 8;
      for (let i = binStart; i < damaged.length; i++) damaged[i] = (i * 37) & 0xff;
      const refused = parseModel(damaged, { decoders });
      expect(refused.ok ? null : refused.error.code).toBe('MALFORMED_FILE');

      type View = {
        byteLength: number;
        extensions?: { EXT_meshopt_compression?: { count: number; byteStride: number; mode: string } };
      };
      const meshopt = await compressedGlb(cube(), 'meshopt');
      const edited = (edit: (view: View) => void) =>
        parseModel(
          editGlbJson(meshopt, (json) => {
            edit((json.bufferViews as View[]).find((v) => v.extensions?.EXT_meshopt_compression)!);
          }),
          { decoders },
        );
      const refusal = (outcome: ReturnType<typeof parseModel>) =>
        outcome.ok ? null : [outcome.error.code, outcome.error.message];
      // Output the view does not have room for, a mode the specification does not name: refused
      // before the decoder reserves anything, and the decoder still reads good files after them.
      for (const bad of [
        (v: View) => {
          v.extensions!.EXT_meshopt_compression!.count = 2 ** 31;
        },
        (v: View) => {
          v.extensions!.EXT_meshopt_compression!.mode = 'X';
        },
      ]) {
        expect(refusal(edited(bad))).toEqual([
          'MALFORMED_FILE',
          expect.stringContaining('has an invalid meshopt compression section'),
        ]);
      }
      // A view that says, consistently, that it holds 2³¹ elements: more than the caps allow.
      const claimed = edited((v) => {
        const ext = v.extensions!.EXT_meshopt_compression!;
        ext.count = 2 ** 31;
        v.byteLength = ext.count * ext.byteStride;
      });
      expect(refusal(claimed)).toEqual([
        'MALFORMED_FILE',
        expect.stringContaining('would decompress to more than a mesh within the limits holds'),
      ]);
      expect(parseModel(meshopt, { decoders }).ok).toBe(true);
    });

    it('checks the caps on the counts a Draco primitive declares, before decoding its stream', async () => {
      const decoders = await loadGeometryDecoders();
      const draco = await compressedGlb(cube(), 'draco');
      const code = (outcome: ReturnType<typeof parseModel>) => (outcome.ok ? null : outcome.error.code);
      // The cube's 12 triangles, against a cap of 11: refused as too many, as a plain file is.
      expect(code(parseModel(draco, { decoders, limits: { maxTriangles: 11 } }))).toBe('TOO_MANY_TRIANGLES');
      // A position accessor that claims a billion vertices over the cube's small stream is refused
      // on that claim; were the stream decoded first, the mismatch would be the refusal instead.
      type Accessor = { count: number };
      const claimed = editGlbJson(draco, (json) => {
        const meshes = json.meshes as { primitives: { attributes: { POSITION: number } }[] }[];
        (json.accessors as Accessor[])[meshes[0]!.primitives[0]!.attributes.POSITION]!.count = 1e9;
      });
      expect(code(parseModel(claimed, { decoders }))).toBe('TOO_MANY_VERTICES');
      expect(parseModel(draco, { decoders }).ok).toBe(true);
    });
  });

  it('loads the geometry decoders only for glTF that names a compression', async () => {
    expect(await geometryDecodersFor(await glb(cube()))).toBeNull();
    expect(await geometryDecodersFor(threeMf(cube()))).toBeNull();
    expect(await geometryDecodersFor(await compressedGlb(cube(), 'draco'))).not.toBeNull();
  });

  it("decodes one model's textures within a total pixel budget, then says so once", () => {
    const budget = new TexturePixelBudget(4);
    const image = png(2, 2, [1, 2, 3]);
    expect([budget.decode(image).ok, budget.decode(image).ok]).toEqual([true, true]);
    expect(budget.decode(image)).toEqual({
      ok: false,
      reason: "the model's textures together pass 8 pixels",
    });
    const warnings: ParseWarning[] = [];
    for (let i = 0; i < 3; i++) addWarningOnce(warnings, { code: 'TEXTURE_NOT_SAMPLED', message: 'same' });
    expect(warnings).toHaveLength(1);
  });

  it('skips XML comments, CDATA and processing instructions, terminated or not', () => {
    const names = (xml: string) => {
      const out: string[] = [];
      forEachTag(xml, (tag) => out.push(`${tag.closing ? '/' : ''}${tag.name}`));
      return out;
    };
    expect(names('<?xml version="1.0"?><a><!-- <b/> --><c/><![CDATA[ <d/> ]]><?pi <e/> ?></a>')).toEqual([
      'a',
      'c',
      '/a',
    ]);
    expect(names('<a/><!-- <b/> <c/>')).toEqual(['a']);
    expect(attributes('x="nuts&amp;bolts&#x20;&#33;&bogus;"').x).toBe('nuts&bolts !&bogus;');
  });

  describe('3MF textures (the materials extension)', () => {
    // A 2×2 image: the top row red, the bottom row blue. 3MF's v = 0 is the image's bottom.
    const image = png(2, 2, (_, y) => (y === 0 ? [255, 0, 0] : [0, 0, 255]));
    const corners = (v: number): [number, number][] => [
      [0.2, v],
      [0.8, v],
      [0.5, v],
    ];
    const colours = (bytes: Uint8Array) => {
      const outcome = expectCube(bytes, '3mf');
      const c = outcome.mesh.triangleColours!;
      return {
        warnings: outcome.warnings,
        rows: Array.from({ length: c.length / 3 }, (_, t) => [...c.subarray(t * 3, t * 3 + 3)].join(',')),
      };
    };

    it('samples the texture at each triangle, with v counted from the bottom', () => {
      // The first six triangles sample near v = 0.9 (the top row), the rest near v = 0.1.
      const read = colours(texturedThreeMf(cube(), image, (t) => corners(t < 6 ? 0.9 : 0.1)));
      expect(read.warnings).toEqual([]);
      expect(read.rows).toEqual([...Array(6).fill('255,0,0'), ...Array(6).fill('0,0,255')]);
    });

    it('finds an image whose path is escaped, and says when the image is missing or damaged', () => {
      const escaped = texturedThreeMf(cube(), image, () => corners(0.9), '/3D/Texture/base%20colour.png');
      expect(colours(escaped).rows).toEqual(Array(12).fill('255,0,0'));

      const archive = unzipSync(texturedThreeMf(cube(), image, () => corners(0.9)));
      archive['3D/Texture/colour.png'] = archive['3D/Texture/colour.png']!.slice(0, 30);
      const damaged = expectCube(zipSync(archive), '3mf');
      // Nothing else colours the model, so it has no colours: the kit takes the chosen or default one.
      expect(damaged.mesh.triangleColours).toBeNull();
      expect(damaged.warnings).toEqual([
        {
          code: 'TEXTURE_NOT_SAMPLED',
          message: expect.stringMatching(
            /^A 3MF texture was not sampled \(.+\); its triangles are left uncoloured\.$/,
          ),
        },
      ]);
      delete archive['3D/Texture/colour.png'];
      expect(expectCube(zipSync(archive), '3mf').warnings[0]?.message).toContain(
        'the archive does not hold "/3D/Texture/colour.png"',
      );
    });
  });

  it("mixes a colour group's corner colours in linear light when a triangle's corners differ", () => {
    const model = new TextDecoder().decode(unzipSync(threeMf(cube()))['3D/3dmodel.model']!);
    const edited = model
      .replace(
        '<basematerials id="2">',
        '<m:colorgroup id="4"><m:color color="#FF0000"/><m:color color="#0000FF"/></m:colorgroup><basematerials id="2">',
      )
      .replace(/<triangle ([^>]*)\/>/, '<triangle $1 pid="4" p1="0" p2="0" p3="1"/>');
    const bytes = zipSync({ ...unzipSync(threeMf(cube())), '3D/3dmodel.model': strToU8(edited) });
    const c = expectCube(bytes, '3mf').mesh.triangleColours!;
    // Two parts red, one part blue, in linear light: sRGB 213 and 156.
    expect([...c.subarray(0, 3)]).toEqual([213, 0, 156]);
    expect([...c.subarray(3, 6)]).toEqual([0xc9, 0x1a, 0x09]);
  });

  it('applies KHR_texture_transform before sampling (offset, scale)', async () => {
    // Left half red, right half blue; every corner's coordinate is u = 0.5 (the blue half).
    const halves = png(2, 1, (x) => (x === 0 ? [255, 0, 0] : [0, 0, 255]));
    const bytes = await texturedGlb(cube(), halves);
    const transformed = (transform: Record<string, unknown>) =>
      editGlbJson(bytes, (json) => {
        const [material] = json.materials as {
          pbrMetallicRoughness: { baseColorTexture: Record<string, unknown> };
        }[];
        material!.pbrMetallicRoughness.baseColorTexture.extensions = { KHR_texture_transform: transform };
        json.extensionsUsed = ['KHR_texture_transform'];
      });
    const first = (b: Uint8Array) => Array.from(expectCube(b, 'glb').mesh.triangleColours!.slice(0, 3));
    expect(first(bytes)).toEqual([0, 0, 255]);
    expect(first(transformed({ offset: [-0.25, 0] }))).toEqual([255, 0, 0]);
    expect(first(transformed({ scale: [0.5, 1] }))).toEqual([255, 0, 0]);
  });

  it('reads sparse accessors (base values, or zeros, with listed elements replaced)', async () => {
    const document = meshDocument(cube(2, [1, 1, 1]));
    document.getRoot().listAccessors()[0]!.setSparse(true);
    const bytes = await new WebIO().writeBinary(document);
    const json = JSON.parse(
      new TextDecoder().decode(
        bytes.subarray(20, 20 + new DataView(bytes.buffer, bytes.byteOffset).getUint32(12, true)),
      ),
    );
    expect(json.accessors[0].sparse).toBeDefined();
    const outcome = expectCube(bytes, 'glb');
    const xs = Array.from(outcome.mesh.positions).filter((_, i) => i % 3 === 0);
    expect([Math.min(...xs), Math.max(...xs)]).toEqual([11, 13]);
  });

  it('walks a node chain of any depth (20,000 nodes), and still refuses a cycle', async () => {
    const { json } = await gltfFiles(meshDocument(cube()), true);
    const depth = 20_000;
    const chain = Array.from({ length: depth }, (_, i) =>
      i === depth - 1 ? { mesh: 0, translation: [10, 0, 0] } : { children: [i + 1] },
    );
    const deep = { ...json, nodes: chain, scenes: [{ nodes: [0] }], scene: 0 };
    const outcome = expectCube(strToU8(JSON.stringify(deep)), 'gltf');
    expect(Math.min(...Array.from(outcome.mesh.positions).filter((_, i) => i % 3 === 0))).toBe(10);
    const looped = { ...deep, nodes: [{ children: [1] }, { children: [0], mesh: 0 }] };
    const refused = parseModel(strToU8(JSON.stringify(looped)));
    expect(refused.ok ? null : refused.error.message).toMatch(/cycle or a shared node/);
  });

  it('reads a zipped glTF whose texture file is missing, with a note instead of a refusal', async () => {
    const { json, files } = await gltfFiles(texturedDocument(cube(), png(4, 4, [0x23, 0x78, 0x41])));
    const archive = zipSync({
      'scene.gltf': strToU8(JSON.stringify(json)),
      'scene.bin': files['scene.bin']!,
    });
    const outcome = expectCube(archive, 'gltf');
    expect(outcome.warnings).toEqual([
      {
        code: 'TEXTURE_NOT_SAMPLED',
        message: expect.stringMatching(
          /^A base colour texture was not sampled \(the upload does not include ".+"\)/,
        ),
      },
    ]);
  });

  it('refuses a GLB with bytes after its declared length unless lenient', async () => {
    const bytes = await glb(cube());
    const padded = new Uint8Array(bytes.length + 4);
    padded.set(bytes);
    const strict = parseModel(padded);
    expect(strict.ok ? null : [strict.error.code, strict.error.details?.recoverable]).toEqual([
      'TRAILING_DATA',
      true,
    ]);
    const lenient = parseModel(padded, { strict: false });
    expect(lenient.ok ? lenient.warnings.map((w) => w.code) : null).toEqual(['TRAILING_DATA']);
  });

  it('refuses what is not a model', () => {
    expect(detectModelFormat(strToU8('hello, this is a letter, not a mesh'))).toBeNull();
    const outcome = parseModel(strToU8('hello, this is a letter, not a mesh'));
    expect(outcome.ok ? null : outcome.error.code).toBe('UNSUPPORTED_FORMAT');
    const png = new Uint8Array(200);
    png.set([0x89, 0x50, 0x4e, 0x47]);
    expect(detectModelFormat(png)).toBeNull();
  });
});

describe('glTF as JSON, embedded or zipped with its files', () => {
  const text = (json: unknown) => strToU8(JSON.stringify(json, null, 2));

  it('reads a .gltf whose buffer is a data URI (Blender\'s "glTF Embedded")', async () => {
    const { json } = await gltfFiles(meshDocument(cube(), [1, 0, 0, 1]), true);
    const outcome = expectCube(text(json), 'gltf');
    expect(Math.min(...Array.from(outcome.mesh.positions).filter((_, i) => i % 3 === 0))).toBe(10);
    expect(Array.from(outcome.mesh.triangleColours?.slice(0, 3) ?? [])).toEqual([255, 0, 0]);
    expect(outcome.mesh.upAxis).toBe('y');
  });

  it('reads a ZIP as Sketchfab downloads it: a folder with scene.gltf, scene.bin and a texture', async () => {
    const { json, files } = await gltfFiles(texturedDocument(cube(), png(4, 4, [0x23, 0x78, 0x41])));
    // The texture in a subfolder, named with a space written as %20, as exporters escape URIs.
    const images = json.images as { uri: string }[];
    const bytes = files[images[0]!.uri]!;
    images[0]!.uri = 'textures/base%20colour.png';
    const archive = zipSync({
      'model/scene.gltf': text(json),
      'model/scene.bin': files['scene.bin']!,
      'model/textures/base colour.png': bytes,
      'model/license.txt': strToU8('CC-BY-4.0'),
    });
    const outcome = expectCube(archive, 'gltf');
    expect(outcome.warnings).toEqual([]);
    expect(Array.from(outcome.mesh.triangleColours?.slice(0, 3) ?? [])).toEqual([0x23, 0x78, 0x41]);
  });

  it('refuses a glTF that names a file the upload lacks, saying which and what to upload instead', async () => {
    const { json, files } = await gltfFiles(meshDocument(cube()));
    const alone = parseModel(text(json));
    expect(alone.ok ? null : [alone.error.code, alone.error.details?.uri, alone.error.message]).toEqual([
      'UNSUPPORTED_FEATURE',
      'scene.bin',
      'The glTF refers to the file "scene.bin", which the upload does not include: upload the .glb, or a .zip holding the .gltf with its files.',
    ]);
    // A URI that climbs out of the archive is never looked up.
    (json.buffers as { uri: string }[])[0]!.uri = '../../scene.bin';
    const climbing = parseModel(zipSync({ 'a/scene.gltf': text(json), 'scene.bin': files['scene.bin']! }));
    expect(climbing.ok ? null : climbing.error.code).toBe('UNSUPPORTED_FEATURE');
  });

  it('resolves archive paths as URIs: relative to the .gltf, decoded, never outside or elsewhere', () => {
    expect(resolveArchivePath('model/', 'textures/a%20b.png')).toBe('model/textures/a b.png');
    expect(resolveArchivePath('model/', './x/../scene.bin')).toBe('model/scene.bin');
    expect(resolveArchivePath('model/', '../scene.bin')).toBe('scene.bin');
    expect(
      ['../x', '/etc/passwd', 'http://example.com/a.bin', 'file:///a.bin', '%E0%A4%A'].map((u) =>
        resolveArchivePath('', u),
      ),
    ).toEqual([null, null, null, null, null]);
  });

  it('tells a .gltf from other JSON and a glTF ZIP from other archives', async () => {
    const { json } = await gltfFiles(meshDocument(cube()), true);
    expect(detectModelFormat(text(json))).toBe('gltf');
    expect(detectModelFormat(strToU8('{"name": "package", "version": "1.0.0"}'))).toBeNull();
    expect(detectModelFormat(zipSync({ 'scene.gltf': text(json) }))).toBe('gltf');
    expect(detectModelFormat(zipSync({ 'notes.txt': strToU8('hi') }))).toBeNull();
    const notJson = parseModel(strToU8('{"asset": {"version": "2.0"}, '), { format: 'gltf' });
    expect(notJson.ok ? null : notJson.error.code).toBe('MALFORMED_FILE');
    const old = parseModel(strToU8('{"asset": {"version": "1.0"}}'));
    expect(old.ok ? null : [old.error.code, old.error.message]).toEqual([
      'UNSUPPORTED_FEATURE',
      'glTF version 1.0 is not supported; only glTF 2.0 is.',
    ]);
  });

  it('reads the shallowest of several .gltf files in an archive and says the others were ignored', async () => {
    const { json } = await gltfFiles(meshDocument(cube()), true);
    const archive = zipSync({
      'b/other.gltf': text({ asset: { version: '2.0' } }),
      'scene.gltf': text(json),
    });
    const outcome = parseModel(archive);
    expect(outcome.ok ? outcome.warnings : outcome.error).toEqual([
      {
        code: 'IGNORED_ELEMENTS',
        message: 'The archive holds 2 .gltf files; "scene.gltf" was read, the others were ignored.',
      },
    ]);
  });
});

describe('hostile and broken inputs', () => {
  it('refuses a binary STL whose header claims four billion triangles, without allocating', () => {
    const bytes = binaryStl(cube(), 0xffffffff);
    const outcome = parseModel(bytes);
    // The header's count is refused before anything is sized by it: the file cannot hold it, so
    // the header lies (issue 48: it used to read as a model too detailed).
    expect(outcome.ok ? null : [outcome.error.code, outcome.error.details?.declared]).toEqual([
      'FACE_COUNT_MISMATCH',
      0xffffffff,
    ]);
  });

  it('refuses a binary STL whose header claims more triangles than it holds', () => {
    const outcome = parseModel(binaryStl(cube(), 500));
    expect(outcome.ok ? null : outcome.error.code).toBe('FACE_COUNT_MISMATCH');
  });

  it('refuses a cut-off binary STL', () => {
    const outcome = parseModel(binaryStl(cube()).subarray(0, 84 + 50 * 5 + 17));
    expect(outcome.ok ? null : outcome.error.code).toBe('TRUNCATED_FILE');
  });

  it('refuses NaN coordinates in every text format', () => {
    const stl = new TextDecoder().decode(asciiStl(cube())).replace('vertex 0 0 0', 'vertex NaN 0 0');
    expect((parseModel(strToU8(stl)) as { error: { code: string } }).error.code).toBe(
      'NON_FINITE_COORDINATES',
    );
    const objText = new TextDecoder().decode(obj(cube())).replace('v 0 0 0', 'v 0 nan 0');
    expect((parseModel(strToU8(objText)) as { error: { code: string } }).error.code).toBe(
      'NON_FINITE_COORDINATES',
    );
  });

  it('refuses an OBJ face pointing at a missing vertex, naming the line', () => {
    const outcome = parseModel(strToU8('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 9\n'));
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.error.code).toBe('INVALID_INDEX');
      expect(outcome.error.message).toContain('Line 4');
    }
  });

  it('refuses a PLY whose header announces more vertices than the file holds', () => {
    const outcome = parseModel(binaryPly(cube(), 5000));
    expect(outcome.ok ? null : outcome.error.code).toBe('TRUNCATED_FILE');
    const ascii = new TextDecoder().decode(asciiPly(cube())).replace('element face 12', 'element face 40');
    expect((parseModel(strToU8(ascii)) as { error: { code: string } }).error.code).toBe('TRUNCATED_FILE');
  });

  it('refuses a truncated GLB', async () => {
    const bytes = await glb(cube());
    const outcome = parseModel(bytes.subarray(0, bytes.length - 40));
    expect(outcome.ok ? null : outcome.error.code).toBe('TRUNCATED_FILE');
  });

  it('refuses a 3MF zip bomb from its directory before inflating', () => {
    // 40 MB of spaces compresses to ~40 kB: far above any believable ratio.
    const model = new Uint8Array(40 * 1024 * 1024).fill(0x20);
    const bomb = zipSync({ '3D/3dmodel.model': model }, { level: 9 });
    const outcome = parseModel(bomb);
    // Refused from the sizes in the central directory: the ratio check comes before any inflating.
    expect(outcome.ok ? null : [outcome.error.code, outcome.error.details?.uncompressedSize]).toEqual([
      'ZIP_BOMB',
      40 * 1024 * 1024,
    ]);
  });

  it('stops inflating a 3MF entry that expands past the size its header announces', () => {
    const model = new Uint8Array(4 * 1024 * 1024).fill(0x20);
    const archive = zipSync({ '3D/3dmodel.model': model }, { level: 9 });
    // Rewrite the declared uncompressed size (central directory, offset 24) to a lie.
    const view = new DataView(archive.buffer, archive.byteOffset, archive.byteLength);
    for (let i = archive.length - 22; i >= 0; i--) {
      if (view.getUint32(i, true) === 0x02014b50) {
        view.setUint32(i + 24, 1000, true);
        break;
      }
    }
    const outcome = parseModel(archive);
    // Inflation stopped at the 1,000 bytes announced, not at the 4 MB the data holds.
    expect(outcome.ok ? null : [outcome.error.code, outcome.error.message]).toEqual([
      'ZIP_BOMB',
      'The entry "3D/3dmodel.model" expands beyond the 1000 bytes its header announces.',
    ]);
  });

  it('refuses files over the size limit and archives without a model', () => {
    const big = parseModel(binaryStl(cube()), { limits: { maxFileBytes: 100 } });
    expect(big.ok ? null : big.error.code).toBe('FILE_TOO_LARGE');
    const empty = parseModel(zipSync({ '3D/3dmodel.model': strToU8('<model><build/></model>') }));
    expect(empty.ok ? null : empty.error.code).toBe('NO_TRIANGLES');
    const noModel = parseModel(zipSync({ 'readme.txt': strToU8('hi') }), { format: '3mf' });
    expect(noModel.ok ? null : noModel.error.code).toBe('INVALID_ARCHIVE');
  });
});
