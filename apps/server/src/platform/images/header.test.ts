import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { greyPng } from '../../../test/support/images';
import { overBudget, readImageHeader } from './header';

const BUDGET = { maxPixels: 40_000_000, maxSide: 16_384 };

function photo(width: number, height: number, alpha = false) {
  return sharp({
    create: { width, height, channels: alpha ? 4 : 3, background: { r: 40, g: 120, b: 90, alpha: 0.5 } },
  });
}

/** A JPEG's first bytes, a segment of our own, then the rest of the file. */
function withSegment(jpeg: Buffer, marker: number, body: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), head, body, jpeg.subarray(2)]);
}

describe('reading an image’s declared size from its header', () => {
  it('reads what sharp reads for PNG, JPEG (baseline and progressive) and WebP (lossy, lossless, extended)', async () => {
    const files: Record<string, Buffer> = {
      png: await photo(321, 123).png().toBuffer(),
      'png interlaced': await photo(77, 5).png({ progressive: true }).toBuffer(),
      jpeg: await photo(640, 480).jpeg().toBuffer(),
      'jpeg progressive': await photo(333, 222).jpeg({ progressive: true }).toBuffer(),
      'jpeg with EXIF': await photo(50, 60)
        .jpeg()
        .withExif({ IFD0: { Make: 'SnoopCam' } })
        .toBuffer(),
      'webp lossy': await photo(301, 99).webp().toBuffer(),
      'webp lossless': await photo(99, 301).webp({ lossless: true }).toBuffer(),
      // Alpha with lossy compression is the extended format: a VP8X canvas, ALPH, then VP8.
      'webp extended': await photo(260, 140, true).webp({ quality: 80 }).toBuffer(),
    };
    const webpExtended = files['webp extended'] as Buffer;
    expect(webpExtended.subarray(12, 16).toString('latin1')).toBe('VP8X');
    for (const [name, bytes] of Object.entries(files)) {
      const meta = await sharp(bytes).metadata();
      const reading = readImageHeader(bytes);
      expect(reading, name).toEqual({
        ok: true,
        header: { format: meta.format, width: meta.width, height: meta.height },
      });
    }
  });

  it('finds the finding’s 78 KB PNG of 1 × 39,999,000 pixels over the budget by its side', () => {
    const png = greyPng(1, 39_999_000);
    expect(png.length).toBeLessThan(80_000);
    const reading = readImageHeader(png);
    expect(reading).toEqual({ ok: true, header: { format: 'png', width: 1, height: 39_999_000 } });
    if (!reading.ok) return;
    // Within the pixel count (sharp's limitInputPixels alone let it through), not within the side.
    expect(reading.header.width * reading.header.height).toBeLessThan(BUDGET.maxPixels);
    expect(overBudget(reading.header, BUDGET)).toMatch(/side is longer than 16,384/);
    expect(overBudget({ width: 7000, height: 7000 }, BUDGET)).toMatch(/more than 40,000,000/);
    expect(overBudget({ width: 16_384, height: 2441 }, BUDGET)).toBeNull();
    expect(overBudget({ width: 8000, height: 5000 }, BUDGET)).toBeNull();
  });

  it('takes a header’s word for the size even when the file is far too short to hold it', async () => {
    // 100,000 × 100,000 declared, no pixel data: refused by the budget, never decoded.
    const lying = greyPng(100_000, 100_000, 'none');
    expect(lying.length).toBeLessThan(100);
    const reading = readImageHeader(lying);
    expect(reading).toMatchObject({ ok: true, header: { width: 100_000, height: 100_000 } });
    if (reading.ok) expect(overBudget(reading.header, BUDGET)).not.toBeNull();

    // An EXIF thumbnail's frame header inside APP1 is skipped by the segment's length, not read.
    const jpeg = await photo(64, 48).jpeg().toBuffer();
    const decoy = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0xff, 0xff, 0xff, 0xff, 0x03]);
    const app1 = withSegment(jpeg, 0xe1, Buffer.concat([Buffer.from('Exif\0\0'), decoy]));
    expect((await sharp(app1).metadata()).width).toBe(64);
    expect(readImageHeader(app1)).toMatchObject({ ok: true, header: { width: 64, height: 48 } });

    // A WebP whose canvas is small but whose frame declares more: the larger is what counts.
    const webp = await photo(260, 140, true).webp({ quality: 80 }).toBuffer();
    const small = Buffer.from(webp);
    small.writeUIntLE(9, 24, 3); // canvas width - 1 = 9
    small.writeUIntLE(9, 27, 3);
    expect(readImageHeader(small)).toMatchObject({ ok: true, header: { width: 260, height: 140 } });
    const vp8l = await photo(99, 301).webp({ lossless: true }).toBuffer();
    const huge = Buffer.from(vp8l);
    // 14 bits of width - 1 then 14 of height - 1 after the signature: 16,384 × 16,384.
    huge.writeUInt32LE((0x3fff | (0x3fff << 14) | (huge.readUInt32LE(21) & 0xf0000000)) >>> 0, 21);
    expect(readImageHeader(huge)).toMatchObject({ ok: true, header: { width: 16_384, height: 16_384 } });
  });

  it('refuses headers cut short, sizes of zero or beyond 2^31, and a JPEG without a frame header', async () => {
    const png = await photo(10, 10).png().toBuffer();
    const jpeg = await photo(10, 10).jpeg().toBuffer();
    const webp = await photo(10, 10).webp().toBuffer();
    for (const [bytes, problem] of [
      [png.subarray(0, 20), /ends before its IHDR/],
      [greyPng(0, 10, 'none'), /size of 0 × 10/],
      [greyPng(0x80000000, 1, 'none'), /beyond 2\^31/],
      [
        Buffer.concat([png.subarray(0, 12), Buffer.from('IDAT'), png.subarray(16)]),
        /does not start with IHDR/,
      ],
      [jpeg.subarray(0, 4), /ends before its frame header/],
      [Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08]), /no frame header before its image data/],
      [webp.subarray(0, 24), /cut short|no frame header/],
      [Buffer.from('RIFF\x10\x00\x00\x00WEBPJUNK\x00\x00\x00\x00', 'latin1'), /unknown chunk "JUNK"/],
      [Buffer.from('GIF89a'), /not a PNG, JPEG or WebP/],
    ] as const)
      expect(readImageHeader(bytes)).toEqual({ ok: false, problem: expect.stringMatching(problem) });

    // A JPEG frame of height 0 (the DNL form, which libjpeg does not take).
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    const dnl = Buffer.from(jpeg);
    dnl.writeUInt16BE(0, sof + 5);
    expect(readImageHeader(dnl)).toEqual({ ok: false, problem: expect.stringMatching(/size of 10 × 0/) });
  });

  it('answers every prefix of a real file without throwing, and sizes only once the header is whole', async () => {
    for (const bytes of [
      await photo(40, 30).png().toBuffer(),
      await photo(40, 30).jpeg({ progressive: true }).toBuffer(),
      await photo(40, 30, true).webp().toBuffer(),
      await photo(40, 30).webp({ lossless: true }).toBuffer(),
    ]) {
      for (let n = 0; n <= Math.min(bytes.length, 700); n++) {
        const reading = readImageHeader(bytes.subarray(0, n));
        if (reading.ok) expect(reading.header).toMatchObject({ width: 40, height: 30 });
      }
    }
  });
});
