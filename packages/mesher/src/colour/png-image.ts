// Minimal PNG decoder (8-bit, non-interlaced) so glTF/3MF textures can be sampled for block colours
// without a DOM or canvas; anything else is reported as not sampled rather than guessed.

import { unzlibSync } from 'fflate';

export interface RgbaImage {
  width: number;
  height: number;
  /** Four bytes per pixel, rows top to bottom. */
  pixels: Uint8Array;
}

export type PngDecode = { ok: true; image: RgbaImage } | { ok: false; reason: string };

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

export function isPng(bytes: Uint8Array): boolean {
  return bytes.length > 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
}

export function decodePng(bytes: Uint8Array, maxPixels: number): PngDecode {
  if (!isPng(bytes)) return { ok: false, reason: 'not a PNG image' };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 8;
  let width = 0;
  let height = 0;
  let bitDepth = 0;
  let colourType = 0;
  let interlace = 0;
  let palette: Uint8Array | null = null;
  const data: Uint8Array[] = [];
  let dataBytes = 0;
  while (offset + 8 <= bytes.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(
      bytes[offset + 4]!,
      bytes[offset + 5]!,
      bytes[offset + 6]!,
      bytes[offset + 7]!,
    );
    const start = offset + 8;
    if (start + length > bytes.length)
      return { ok: false, reason: 'PNG chunk runs past the end of the image' };
    const chunk = bytes.subarray(start, start + length);
    if (type === 'IHDR') {
      width = view.getUint32(start);
      height = view.getUint32(start + 4);
      bitDepth = bytes[start + 8]!;
      colourType = bytes[start + 9]!;
      interlace = bytes[start + 12]!;
    } else if (type === 'PLTE') {
      palette = chunk;
    } else if (type === 'IDAT') {
      data.push(chunk);
      dataBytes += length;
    } else if (type === 'IEND') {
      break;
    }
    offset = start + length + 4;
  }
  const channels = CHANNELS[colourType];
  if (width === 0 || height === 0 || channels === undefined)
    return { ok: false, reason: 'PNG header is missing or invalid' };
  if (width * height > maxPixels)
    return { ok: false, reason: `PNG is ${width}×${height}, above the texture limit` };
  if (bitDepth !== 8) return { ok: false, reason: `PNG bit depth ${bitDepth} is not read` };
  if (interlace !== 0) return { ok: false, reason: 'interlaced PNG is not read' };
  const joined = new Uint8Array(dataBytes);
  let at = 0;
  for (const part of data) {
    joined.set(part, at);
    at += part.length;
  }
  const stride = width * channels;
  // A fixed output buffer caps what a hostile stream can expand to.
  const raw = new Uint8Array(height * (stride + 1));
  try {
    unzlibSync(joined, { out: raw });
  } catch {
    return { ok: false, reason: 'PNG image data is corrupt' };
  }
  const rows = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const src = y * (stride + 1) + 1;
    const dst = y * stride;
    for (let x = 0; x < stride; x++) {
      const value = raw[src + x]!;
      const left = x >= channels ? rows[dst + x - channels]! : 0;
      const up = y > 0 ? rows[dst - stride + x]! : 0;
      const upLeft = y > 0 && x >= channels ? rows[dst - stride + x - channels]! : 0;
      let predicted = 0;
      if (filter === 1) predicted = left;
      else if (filter === 2) predicted = up;
      else if (filter === 3) predicted = (left + up) >> 1;
      else if (filter === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - upLeft);
        predicted = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      rows[dst + x] = (value + predicted) & 0xff;
    }
  }
  const pixels = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const s = i * channels;
    let r: number;
    let g: number;
    let b: number;
    let a = 255;
    if (colourType === 0 || colourType === 4) {
      r = g = b = rows[s]!;
      if (colourType === 4) a = rows[s + 1]!;
    } else if (colourType === 3) {
      const p = rows[s]! * 3;
      r = palette?.[p] ?? 0;
      g = palette?.[p + 1] ?? 0;
      b = palette?.[p + 2] ?? 0;
    } else {
      r = rows[s]!;
      g = rows[s + 1]!;
      b = rows[s + 2]!;
      if (colourType === 6) a = rows[s + 3]!;
    }
    pixels[i * 4] = r;
    pixels[i * 4 + 1] = g;
    pixels[i * 4 + 2] = b;
    pixels[i * 4 + 3] = a;
  }
  return { ok: true, image: { width, height, pixels } };
}

/** Nearest-pixel sample with repeat wrapping, as glTF's default sampler does. */
export function sampleImage(image: RgbaImage, u: number, v: number, out: Uint8Array, at: number): void {
  const wrap = (t: number) => t - Math.floor(t);
  const x = Math.min(image.width - 1, Math.floor(wrap(u) * image.width));
  const y = Math.min(image.height - 1, Math.floor(wrap(v) * image.height));
  const p = (y * image.width + x) * 4;
  out[at] = image.pixels[p]!;
  out[at + 1] = image.pixels[p + 1]!;
  out[at + 2] = image.pixels[p + 2]!;
}
