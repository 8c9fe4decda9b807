/**
 * An image's declared size, read from its header in the server process without decoding
 * anything: PNG's IHDR, JPEG's first start-of-frame, WebP's VP8X canvas and VP8/VP8L frame. A
 * decoder allocates and works by the size a file declares, so the pixel budget is checked here,
 * before a file reaches sharp: a 78 KB PNG declaring 1 × 39,999,000 pixels is refused in
 * microseconds instead of holding an image process for seconds. Reading stops at the first
 * thing that does not add up (cut short, a chunk running past the end, a size of zero).
 */

export type HeaderFormat = 'png' | 'jpeg' | 'webp';

export interface ImageHeader {
  format: HeaderFormat;
  width: number;
  height: number;
}

export type HeaderReading = { ok: true; header: ImageHeader } | { ok: false; problem: string };

export interface PixelBudget {
  /** width × height at most this. */
  maxPixels: number;
  /** Neither side longer than this (a 1-pixel-wide strip is as slow as its length, not its area). */
  maxSide: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const fail = (problem: string): HeaderReading => ({ ok: false, problem });
const found = (format: HeaderFormat, width: number, height: number): HeaderReading =>
  width > 0 && height > 0
    ? { ok: true, header: { format, width, height } }
    : fail(`the ${format.toUpperCase()} header declares a size of ${width} × ${height}`);

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

function u16be(b: Uint8Array, at: number): number {
  return (b[at]! << 8) | b[at + 1]!;
}
function u32be(b: Uint8Array, at: number): number {
  return ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
}
function u16le(b: Uint8Array, at: number): number {
  return b[at]! | (b[at + 1]! << 8);
}
function u24le(b: Uint8Array, at: number): number {
  return b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
}
function u32le(b: Uint8Array, at: number): number {
  return (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
}

/** The IHDR chunk must come first (PNG 1.2, 5.6); its width and height are 31-bit and non-zero. */
function readPng(b: Uint8Array): HeaderReading {
  if (b.length < 8 + 8 + 13) return fail('the PNG ends before its IHDR chunk');
  if (u32be(b, 8) !== 13 || ascii(b, 12, 4) !== 'IHDR') return fail('the PNG does not start with IHDR');
  const width = u32be(b, 16);
  const height = u32be(b, 20);
  if (width > 0x7fffffff || height > 0x7fffffff) return fail('the PNG declares a size beyond 2^31 - 1');
  return found('png', width, height);
}

/** Start-of-frame markers: baseline, extended, progressive, lossless and the arithmetic ones. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/**
 * Walks the marker segments to the first start of frame, the one libjpeg decodes by. Segments
 * are skipped by their own lengths (an EXIF thumbnail's frame inside APP1 is never mistaken for
 * the image's); bytes between segments are passed over as libjpeg does ("extraneous bytes").
 */
function readJpeg(b: Uint8Array): HeaderReading {
  let at = 2;
  while (at < b.length) {
    if (b[at] !== 0xff) {
      at++;
      continue;
    }
    // Any number of 0xFF fill bytes may precede a marker.
    while (at < b.length && b[at] === 0xff) at++;
    if (at >= b.length) break;
    const marker = b[at]!;
    at++;
    // Markers without a segment: TEM, RSTn, SOI (and 0xFF00, stuffing, outside a scan).
    if (marker === 0x00 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) continue;
    if (marker === 0xd9 || marker === 0xda) return fail('the JPEG has no frame header before its image data');
    if (at + 2 > b.length) break;
    const length = u16be(b, at);
    if (length < 2) return fail('the JPEG has a segment shorter than its own length field');
    if (isStartOfFrame(marker)) {
      if (length < 8 || at + 7 > b.length) break;
      // Precision (1 byte), then the number of lines and the samples per line.
      return found('jpeg', u16be(b, at + 5), u16be(b, at + 3));
    }
    at += length;
  }
  return fail('the JPEG ends before its frame header');
}

/** The VP8 key frame's start code and 14-bit sizes (RFC 6386, 9.1); the top two bits are scaling. */
function vp8Size(b: Uint8Array, data: number, size: number): [number, number] | string {
  if (size < 10 || data + 10 > b.length) return 'the WebP VP8 frame header is cut short';
  if (b[data + 3] !== 0x9d || b[data + 4] !== 0x01 || b[data + 5] !== 0x2a)
    return 'the WebP VP8 frame has no key-frame start code';
  return [u16le(b, data + 6) & 0x3fff, u16le(b, data + 8) & 0x3fff];
}

/** VP8L: signature 0x2f, then 14 bits of width - 1 and 14 of height - 1. */
function vp8lSize(b: Uint8Array, data: number, size: number): [number, number] | string {
  if (size < 5 || data + 5 > b.length) return 'the WebP VP8L header is cut short';
  if (b[data] !== 0x2f) return 'the WebP VP8L stream has no signature';
  const bits = u32le(b, data + 1);
  return [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1];
}

/**
 * A RIFF container of chunks. VP8X declares the canvas (24-bit sides); a still image's VP8 or
 * VP8L frame must match it, so the larger of everything declared is what is budgeted.
 */
function readWebp(b: Uint8Array): HeaderReading {
  if (b.length < 12 + 8) return fail('the WebP ends before its first chunk');
  let width = 0;
  let height = 0;
  let seen = false;
  for (let at = 12; at + 8 <= b.length; ) {
    const fourcc = ascii(b, at, 4);
    const size = u32le(b, at + 4);
    const data = at + 8;
    let dims: [number, number] | string | null = null;
    if (fourcc === 'VP8X') {
      dims =
        size >= 10 && data + 10 <= b.length
          ? [u24le(b, data + 4) + 1, u24le(b, data + 7) + 1]
          : 'the WebP VP8X header is cut short';
    } else if (fourcc === 'VP8 ') dims = vp8Size(b, data, size);
    else if (fourcc === 'VP8L') dims = vp8lSize(b, data, size);
    if (typeof dims === 'string') return fail(dims);
    if (dims) {
      width = Math.max(width, dims[0]);
      height = Math.max(height, dims[1]);
      seen = true;
      // A simple file is one frame chunk; an extended one has its canvas first and its frame later.
      if (fourcc !== 'VP8X') break;
    } else if (at === 12) return fail(`the WebP starts with an unknown chunk "${fourcc}"`);
    // Chunks are padded to an even length.
    at = data + size + (size & 1);
  }
  return seen ? found('webp', width, height) : fail('the WebP has no frame header');
}

/** The declared size of a PNG, JPEG or WebP file, or why it cannot be read. */
export function readImageHeader(bytes: Uint8Array): HeaderReading {
  if (bytes.length >= 8 && PNG_SIGNATURE.every((v, i) => bytes[i] === v)) return readPng(bytes);
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return readJpeg(bytes);
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP')
    return readWebp(bytes);
  return fail('the file is not a PNG, JPEG or WebP image');
}

/** Why a declared size is over the budget, or null when it is within it. */
export function overBudget(
  header: Pick<ImageHeader, 'width' | 'height'>,
  budget: PixelBudget,
): string | null {
  const { width, height } = header;
  if (width > budget.maxSide || height > budget.maxSide)
    return `${width} × ${height} pixels: a side is longer than ${budget.maxSide.toLocaleString('en')} pixels`;
  if (width * height > budget.maxPixels)
    return `${width} × ${height} pixels: more than ${budget.maxPixels.toLocaleString('en')} in all`;
  return null;
}
