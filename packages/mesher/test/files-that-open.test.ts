// Files that other readers open and ours refused, or refused with the wrong words (issue 48,
// "Files that open"): an unpadded GLB chunk, ZIP64 3MF archives, a lying STL header, random bytes.

import { strToU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseModel } from '../src/index';
import { unpaddedGlb, zip64Archive } from './helpers/hostile-files';
import { binaryStl, cube, glb, threeMf } from './helpers/model-fixtures';

function triangles(bytes: Uint8Array): number {
  const outcome = parseModel(bytes);
  if (!outcome.ok) throw new Error(`${outcome.error.code}: ${outcome.error.message}`);
  return outcome.mesh.indices.length / 3;
}

describe('a GLB whose JSON chunk is not padded to 4 bytes', () => {
  it('is read where three.js and Blender read it: the binary chunk right after the JSON', async () => {
    const bytes = unpaddedGlb(await glb(cube()));
    const view = new DataView(bytes.buffer);
    // The fixture is what the issue describes: 4n + 2 bytes of JSON, the BIN chunk straight after.
    expect(view.getUint32(12, true) % 4).toBe(2);
    expect(view.getUint32(20 + view.getUint32(12, true) + 4, true)).toBe(0x004e4942);
    expect(triangles(bytes)).toBe(12);
  });

  it('still reads a padded GLB, and one padded without counting the padding', async () => {
    const padded = await glb(cube());
    expect(triangles(padded)).toBe(12);
    // The JSON's length leaves out the two spaces after it: the next chunk is at the next multiple of 4.
    const bytes = unpaddedGlb(padded);
    const jsonLength = new DataView(bytes.buffer).getUint32(12, true);
    const uncounted = new Uint8Array(bytes.length + 2);
    uncounted.set(bytes.subarray(0, 20 + jsonLength));
    uncounted.set([0x20, 0x20], 20 + jsonLength);
    uncounted.set(bytes.subarray(20 + jsonLength), 22 + jsonLength);
    new DataView(uncounted.buffer).setUint32(8, uncounted.length, true);
    expect(triangles(uncounted)).toBe(12);
  });
});

describe('3MF archives written with ZIP64 records', () => {
  const files = unzipSync(threeMf(cube()));

  it('reads entries whose sizes and offsets are in ZIP64 extra fields', () => {
    const archive = zip64Archive(files);
    const outcome = parseModel(archive);
    expect(outcome.ok ? outcome.format : outcome.error).toBe('3mf');
    expect(triangles(archive)).toBe(12);
  });

  it('reads an archive whose end record is ZIP64 too', () => {
    expect(triangles(zip64Archive(files, { zip64: 'all' }))).toBe(12);
  });

  it('keeps the caps: sizes in a ZIP64 field are checked before anything is inflated', () => {
    const archive = zip64Archive({ ...files, '3D/big.bin': new Uint8Array(4 * 1024 * 1024).fill(0x20) });
    const ratio = parseModel(archive);
    expect(ratio.ok ? null : ratio.error.code).toBe('ZIP_BOMB');
    const total = parseModel(zip64Archive(files), { limits: { maxUnzippedBytes: 100 } });
    expect(total.ok ? null : total.error.code).toBe('ZIP_BOMB');
  });

  it('refuses a ZIP64 end record that is missing or a ZIP64 entry without its field', () => {
    const archive = zip64Archive(files, { zip64: 'all' });
    // Break the locator's signature: the end record cannot be found.
    const noLocator = archive.slice();
    const view = new DataView(noLocator.buffer);
    view.setUint32(noLocator.length - 22 - 20, 0, true);
    const outcome = parseModel(noLocator, { format: '3mf' });
    expect(outcome.ok ? null : outcome.error.code).toBe('INVALID_ARCHIVE');
    // An entry whose sizes are all ones but whose extra field is not the ZIP64 one (id 1).
    const noField = zip64Archive(files);
    const fieldView = new DataView(noField.buffer);
    for (let i = 0; i + 46 <= noField.length; i++) {
      if (fieldView.getUint32(i, true) !== 0x02014b50) continue;
      fieldView.setUint16(i + 46 + fieldView.getUint16(i + 28, true), 0x9999, true);
    }
    const entry = parseModel(noField, { format: '3mf' });
    expect(entry.ok ? null : [entry.error.code, entry.error.message]).toEqual([
      'INVALID_ARCHIVE',
      'An archive entry marks its sizes as ZIP64 but has no ZIP64 field.',
    ]);
  });
});

describe('STL refusals say what is wrong, in words', () => {
  it('a header whose triangle count the file cannot hold is a count mismatch, not a model too detailed', () => {
    const outcome = parseModel(binaryStl(cube(), 0xffffffff));
    expect(outcome.ok ? null : [outcome.error.code, outcome.error.details?.declared]).toEqual([
      'FACE_COUNT_MISMATCH',
      0xffffffff,
    ]);
    expect(outcome.ok ? '' : outcome.error.message).toContain('does not match the file');
    // A file that really holds more triangles than the cap is still too many.
    const many = parseModel(binaryStl(cube()), { limits: { maxTriangles: 5 } });
    expect(many.ok ? null : many.error.code).toBe('TOO_MANY_TRIANGLES');
  });

  it('never quotes bytes that are not text', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return (seed >> 16) & 0xff;
    };
    for (const prefix of ['solid x\n', 'solid x\nfacet normal 0 0 1\nouter loop\nvertex ']) {
      const bytes = new Uint8Array(1000).map(random);
      bytes.set(strToU8(prefix));
      const outcome = parseModel(bytes, { format: 'stl' });
      expect(outcome.ok).toBe(false);
      const message = outcome.ok ? '' : outcome.error.message;
      expect(message).toContain('bytes that are not text');
      expect(Array.from(message).every((c) => c >= ' ' && c !== '\u007f' && c !== '\ufffd')).toBe(true);
    }
    // Ordinary text is still quoted, cut to 40 characters.
    const text = parseModel(
      strToU8(`solid x\nfacet normal 0 0 1\nouter loop\nvertex ${'a'.repeat(60)} 0 0\n`),
    );
    expect(text.ok ? '' : text.error.message).toContain(`"${'a'.repeat(40)}…"`);
  });
});
