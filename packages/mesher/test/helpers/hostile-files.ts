// Files as real writers leave them, written byte by byte where our fixture libraries cannot:
// a GLB whose JSON chunk is not padded to 4 bytes, and ZIP archives with ZIP64 records (fflate
// writes no ZIP64; .NET's System.IO.Compression and streaming writers do).

import { deflateSync, strToU8 } from 'fflate';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** Concatenates byte arrays. */
export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * The GLB `bytes` rewritten with a JSON chunk of 4n + 2 bytes (spaces appended to the text to get
 * there) that is not padded: the binary chunk's header follows the JSON at once, 2 bytes before
 * the next multiple of 4, as the writer of the issue's `pins.glb` left it.
 */
export function unpaddedGlb(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const jsonLength = view.getUint32(12, true);
  let text = JSON.stringify(JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + jsonLength))));
  while (text.length % 4 !== 2) text += ' ';
  const json = strToU8(text);
  const rest = bytes.subarray(20 + jsonLength);
  const out = new Uint8Array(20 + json.length + rest.length);
  const outView = new DataView(out.buffer);
  out.set(bytes.subarray(0, 12));
  outView.setUint32(8, out.length, true);
  outView.setUint32(12, json.length, true);
  outView.setUint32(16, 0x4e4f534a, true);
  out.set(json, 20);
  out.set(rest, 20 + json.length);
  return out;
}

export interface Zip64Options {
  /**
   * 'entries' (default): every entry's sizes and local header offset are all ones in its headers
   * and given in a ZIP64 extra field, as streaming writers do for entries of unknown size; the end
   * record is the ordinary one. 'all': the end record's count, size and offset are all ones too,
   * with a ZIP64 end record and its locator before it.
   */
  zip64?: 'entries' | 'all';
}

/** A ZIP archive of `files` (deflated) whose records are ZIP64 (APPNOTE 4.3.14, 4.5.3). */
export function zip64Archive(files: Record<string, Uint8Array>, options: Zip64Options = {}): Uint8Array {
  const le = (size: number, values: [number, number][]) => {
    const out = new Uint8Array(size);
    const v = new DataView(out.buffer);
    let at = 0;
    for (const [width, value] of values) {
      if (width === 2) v.setUint16(at, value, true);
      else if (width === 4) v.setUint32(at, value >>> 0, true);
      else {
        v.setUint32(at, value % 0x100000000, true);
        v.setUint32(at + 4, Math.floor(value / 0x100000000), true);
      }
      at += width;
    }
    return out;
  };
  const ONES = 0xffffffff;
  const local: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const [name, data] of Object.entries(files)) {
    const nameBytes = strToU8(name);
    const packed = deflateSync(data, { level: 6 });
    const crc = crc32(data);
    // Local header: sizes all ones, the real ones in its ZIP64 extra field.
    const localExtra = le(20, [
      [2, 1],
      [2, 16],
      [8, data.length],
      [8, packed.length],
    ]);
    const header = le(30, [
      [4, 0x04034b50],
      [2, 45],
      [2, 0],
      [2, 8],
      [2, 0],
      [2, 0x21],
      [4, crc],
      [4, ONES],
      [4, ONES],
      [2, nameBytes.length],
      [2, localExtra.length],
    ]);
    local.push(header, nameBytes, localExtra, packed);
    const centralExtra = le(28, [
      [2, 1],
      [2, 24],
      [8, data.length],
      [8, packed.length],
      [8, offset],
    ]);
    central.push(
      le(46, [
        [4, 0x02014b50],
        [2, 45],
        [2, 45],
        [2, 0],
        [2, 8],
        [2, 0],
        [2, 0x21],
        [4, crc],
        [4, ONES],
        [4, ONES],
        [2, nameBytes.length],
        [2, centralExtra.length],
        [2, 0],
        [2, 0],
        [2, 0],
        [4, 0],
        [4, ONES],
      ]),
      nameBytes,
      centralExtra,
    );
    offset += header.length + nameBytes.length + localExtra.length + packed.length;
  }
  const directory = concat(central);
  const count = Object.keys(files).length;
  const tail: Uint8Array[] = [];
  if (options.zip64 === 'all') {
    const recordAt = offset + directory.length;
    tail.push(
      le(56, [
        [4, 0x06064b50],
        [8, 44],
        [2, 45],
        [2, 45],
        [4, 0],
        [4, 0],
        [8, count],
        [8, count],
        [8, directory.length],
        [8, offset],
      ]),
      le(20, [
        [4, 0x07064b50],
        [4, 0],
        [8, recordAt],
        [4, 1],
      ]),
      le(22, [
        [4, 0x06054b50],
        [2, 0],
        [2, 0],
        [2, 0xffff],
        [2, 0xffff],
        [4, ONES],
        [4, ONES],
        [2, 0],
      ]),
    );
  } else {
    tail.push(
      le(22, [
        [4, 0x06054b50],
        [2, 0],
        [2, 0],
        [2, count],
        [2, count],
        [4, directory.length],
        [4, offset],
        [2, 0],
      ]),
    );
  }
  return concat([...local, directory, ...tail]);
}
