// Defensive ZIP reader for 3MF: the central directory is checked (entry count, declared sizes,
// compression ratios, overlapping entries) before anything is inflated, and inflation is streamed
// with a byte budget so a lying header cannot expand past it.

import { Inflate } from 'fflate';
import type { MesherLimits } from '../config/limits';
import { fail } from '../errors/error-codes';
import { quoteText } from './quote-text';

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

export interface ZipDirectory {
  entries: ZipEntry[];
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
/** Entries smaller than this may compress extremely well legitimately (e.g. runs of spaces). */
const RATIO_EXEMPT_BYTES = 1024 * 1024;
/** Compressed input fed to the inflater per step; bounds what one step can emit to ~1 MB. */
const INFLATE_STEP_BYTES = 1024;

export function isZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04
  );
}

export function readZipDirectory(bytes: Uint8Array, limits: MesherLimits): ZipDirectory {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) fail('INVALID_ARCHIVE', 'The archive has no central directory; it is damaged or cut off.');
  let total = view.getUint16(eocd + 10, true);
  let directorySize = view.getUint32(eocd + 12, true);
  let directoryOffset = view.getUint32(eocd + 16, true);
  // ZIP64 (APPNOTE 4.3.14–4.3.15): a field too small for its value holds all ones and the value is
  // in the ZIP64 end-of-directory record, found through the locator just before this record.
  if (total === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    const record = zip64EndRecord(view, eocd);
    if (total === 0xffff) total = record.total;
    if (directorySize === 0xffffffff) directorySize = record.directorySize;
    if (directoryOffset === 0xffffffff) directoryOffset = record.directoryOffset;
  }
  if (total > limits.maxZipEntries) {
    fail('ZIP_BOMB', `The archive lists ${total} entries; at most ${limits.maxZipEntries} are accepted.`, {
      entries: total,
    });
  }
  if (directoryOffset + directorySize > bytes.length)
    fail('INVALID_ARCHIVE', 'The archive directory runs past the end of the file.');
  const entries: ZipEntry[] = [];
  let offset = directoryOffset;
  let declaredTotal = 0;
  for (let i = 0; i < total; i++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== CENTRAL_SIGNATURE) {
      fail('INVALID_ARCHIVE', 'The archive directory is damaged.');
    }
    const method = view.getUint16(offset + 10, true);
    let compressedSize = view.getUint32(offset + 20, true);
    let uncompressedSize = view.getUint32(offset + 24, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    let localHeaderOffset = view.getUint32(offset + 42, true);
    if (
      compressedSize === 0xffffffff ||
      uncompressedSize === 0xffffffff ||
      localHeaderOffset === 0xffffffff
    ) {
      // The sizes and offset that did not fit are in the entry's ZIP64 extra field (id 1), in this
      // order, each present only when its field in the header holds all ones (APPNOTE 4.5.3).
      const extraStart = offset + 46 + nameLength;
      if (extraStart + extraLength > bytes.length)
        fail('INVALID_ARCHIVE', 'The archive directory is damaged.');
      const wide = zip64Extra(view, extraStart, extraLength, [
        uncompressedSize === 0xffffffff,
        compressedSize === 0xffffffff,
        localHeaderOffset === 0xffffffff,
      ]);
      if (uncompressedSize === 0xffffffff) uncompressedSize = wide[0]!;
      if (compressedSize === 0xffffffff) compressedSize = wide[1]!;
      if (localHeaderOffset === 0xffffffff) localHeaderOffset = wide[2]!;
    }
    const name = new TextDecoder('utf-8').decode(bytes.subarray(offset + 46, offset + 46 + nameLength));
    declaredTotal += uncompressedSize;
    if (declaredTotal > limits.maxUnzippedBytes) {
      fail('ZIP_BOMB', `The archive would expand to more than ${limits.maxUnzippedBytes} bytes.`, {
        limit: limits.maxUnzippedBytes,
      });
    }
    if (
      uncompressedSize > RATIO_EXEMPT_BYTES &&
      uncompressedSize > compressedSize * limits.maxCompressionRatio
    ) {
      fail(
        'ZIP_BOMB',
        `The entry ${quoteText(name)} claims a compression ratio above ${limits.maxCompressionRatio}:1.`,
        {
          entry: name,
          compressedSize,
          uncompressedSize,
        },
      );
    }
    entries.push({ name, method, compressedSize, uncompressedSize, localHeaderOffset });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  // Several directory entries sharing one compressed stream is the overlapping-file bomb.
  const starts = entries.map((e) => e.localHeaderOffset).sort((a, b) => a - b);
  for (let i = 1; i < starts.length; i++) {
    if (starts[i] === starts[i - 1]) fail('ZIP_BOMB', 'Several archive entries share the same data.');
  }
  return { entries };
}

const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_END_SIGNATURE = 0x06064b50;

/**
 * An unsigned 64-bit little-endian field as a number. Anything past 2^53 lies beyond every file
 * this reader is given, so it is refused as damage rather than rounded.
 */
function uint64(view: DataView, at: number): number {
  const high = view.getUint32(at + 4, true);
  if (high > 0x1fffff) fail('INVALID_ARCHIVE', 'The archive directory holds an impossible size or offset.');
  return high * 0x100000000 + view.getUint32(at, true);
}

/** The entry count, size and offset of the central directory from the ZIP64 end record. */
function zip64EndRecord(
  view: DataView,
  eocd: number,
): { total: number; directorySize: number; directoryOffset: number } {
  const locator = eocd - 20;
  if (locator < 0 || view.getUint32(locator, true) !== ZIP64_LOCATOR_SIGNATURE)
    fail('INVALID_ARCHIVE', 'The archive marks its directory as ZIP64 but has no ZIP64 locator.');
  const at = uint64(view, locator + 8);
  if (at + 56 > locator || view.getUint32(at, true) !== ZIP64_END_SIGNATURE)
    fail('INVALID_ARCHIVE', 'The ZIP64 end record of the archive is damaged.');
  return {
    total: uint64(view, at + 32),
    directorySize: uint64(view, at + 40),
    directoryOffset: uint64(view, at + 48),
  };
}

/**
 * The 64-bit values of a central directory entry's ZIP64 extra field (header id 1): for each of
 * uncompressed size, compressed size and local header offset that `wanted` marks, the next 8 bytes.
 */
function zip64Extra(
  view: DataView,
  start: number,
  length: number,
  wanted: boolean[],
): (number | undefined)[] {
  let at = start;
  while (at + 4 <= start + length) {
    const id = view.getUint16(at, true);
    const size = view.getUint16(at + 2, true);
    if (at + 4 + size > start + length) break;
    if (id === 1) {
      const out: (number | undefined)[] = [];
      let field = at + 4;
      for (const want of wanted) {
        if (!want) {
          out.push(undefined);
          continue;
        }
        if (field + 8 > at + 4 + size)
          fail('INVALID_ARCHIVE', 'The ZIP64 field of an archive entry is too short.');
        out.push(uint64(view, field));
        field += 8;
      }
      return out;
    }
    at += 4 + size;
  }
  return fail('INVALID_ARCHIVE', 'An archive entry marks its sizes as ZIP64 but has no ZIP64 field.');
}

/**
 * The archive path a relative URI names from the directory `base` ("" or "models/"), or null for
 * what no upload can hold: another scheme (http:, file:) or a path climbing out of the archive.
 */
export function resolveArchivePath(base: string, uri: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(uri);
  } catch {
    return null;
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('/')) return null;
  const parts: string[] = base.split('/').filter(Boolean);
  for (const part of path.replace(/\\/g, '/').split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
}

export function findEntry(directory: ZipDirectory, name: string): ZipEntry | undefined {
  const wanted = name.replace(/^\//, '').toLowerCase();
  return directory.entries.find((e) => e.name.toLowerCase() === wanted);
}

export function extractEntry(bytes: Uint8Array, entry: ZipEntry, limits: MesherLimits): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localHeaderOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL_SIGNATURE) {
    fail('INVALID_ARCHIVE', `The archive entry ${quoteText(entry.name)} is damaged.`);
  }
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const end = start + entry.compressedSize;
  if (end > bytes.length)
    fail('INVALID_ARCHIVE', `The archive entry ${quoteText(entry.name)} runs past the end of the file.`);
  const compressed = bytes.subarray(start, end);
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.uncompressedSize)
      fail('INVALID_ARCHIVE', `The stored entry ${quoteText(entry.name)} has inconsistent sizes.`);
    return compressed.slice();
  }
  if (entry.method !== 8)
    fail('UNSUPPORTED_FEATURE', `The archive uses compression method ${entry.method}, which we do not read.`);

  // Never trust the declared size beyond the global budget, and never let output pass it.
  const budget = Math.min(entry.uncompressedSize, limits.maxUnzippedBytes);
  const out = new Uint8Array(budget);
  let written = 0;
  let overflow = false;
  const inflater = new Inflate((chunk) => {
    if (written + chunk.length > budget) {
      overflow = true;
      return;
    }
    out.set(chunk, written);
    written += chunk.length;
  });
  try {
    for (let i = 0; i < compressed.length && !overflow; i += INFLATE_STEP_BYTES) {
      const stop = Math.min(compressed.length, i + INFLATE_STEP_BYTES);
      inflater.push(compressed.subarray(i, stop), stop === compressed.length);
    }
  } catch {
    fail('INVALID_ARCHIVE', `The archive entry ${quoteText(entry.name)} is corrupt.`);
  }
  if (overflow) {
    fail(
      'ZIP_BOMB',
      `The entry ${quoteText(entry.name)} expands beyond the ${budget} bytes its header announces.`,
      {
        entry: entry.name,
        declared: entry.uncompressedSize,
      },
    );
  }
  if (written !== entry.uncompressedSize) {
    fail(
      'INVALID_ARCHIVE',
      `The entry ${quoteText(entry.name)} expands to ${written} bytes, not the ${entry.uncompressedSize} announced.`,
    );
  }
  return out;
}
