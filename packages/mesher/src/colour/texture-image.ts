// A base colour texture as RGBA pixels, from the two encodings glTF allows for it: PNG (our own
// decoder, png-image.ts) and JPEG (jpeg-js: pure JavaScript and synchronous, as parseModel is;
// baseline and progressive). Both refuse an image over the pixel budget before allocating for it.

import { decode as decodeJpegData } from 'jpeg-js';
import { decodePng, isPng, type RgbaImage } from './png-image';

export type ImageDecode = { ok: true; image: RgbaImage } | { ok: false; reason: string };

export function isJpeg(bytes: Uint8Array): boolean {
  return bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

/** What jpeg-js may allocate besides the RGBA result: its per-component sample planes. */
const JPEG_BYTES_PER_PIXEL = 12;

function decodeJpeg(bytes: Uint8Array, maxPixels: number): ImageDecode {
  try {
    const decoded = decodeJpegData(bytes, {
      useTArray: true,
      formatAsRGBA: true,
      maxResolutionInMP: maxPixels / 1e6,
      maxMemoryUsageInMB: Math.ceil((maxPixels * JPEG_BYTES_PER_PIXEL) / 2 ** 20),
    });
    if (decoded.width <= 0 || decoded.height <= 0) return { ok: false, reason: 'the JPEG image is empty' };
    return { ok: true, image: { width: decoded.width, height: decoded.height, pixels: decoded.data } };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/maxResolutionInMP|maxMemoryUsageInMB/.test(message))
      return { ok: false, reason: `the JPEG image has more than ${maxPixels} pixels` };
    return { ok: false, reason: 'the JPEG image is damaged' };
  }
}

export function decodeTexture(bytes: Uint8Array, maxPixels: number): ImageDecode {
  if (isPng(bytes)) return decodePng(bytes, maxPixels);
  if (isJpeg(bytes)) return decodeJpeg(bytes, maxPixels);
  return { ok: false, reason: 'the image is neither PNG nor JPEG' };
}

/**
 * The pixels one model's textures may decode to together: each image within `perImage` and all of
 * them within twice that (`maxTexturePixels` is 4096², so 128 MB of RGBA at most), so a small file
 * naming many large images cannot hold gigabytes. An image past the total is not decoded.
 */
export class TexturePixelBudget {
  private left: number;
  constructor(
    private readonly perImage: number,
    private readonly total = perImage * 2,
  ) {
    this.left = total;
  }

  decode(bytes: Uint8Array): ImageDecode {
    const allowed = Math.min(this.perImage, this.left);
    const overTotal = {
      ok: false,
      reason: `the model's textures together pass ${this.total} pixels`,
    } as const;
    if (allowed <= 0) return overTotal;
    const decoded = decodeTexture(bytes, allowed);
    if (decoded.ok) this.left -= decoded.image.width * decoded.image.height;
    else if (allowed < this.perImage && / more than \d+ pixels$/.test(decoded.reason)) return overTotal;
    return decoded;
  }
}
