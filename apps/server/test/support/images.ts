/**
 * Pictures written byte by byte, for the image budget's tests and benchmark: a PNG that declares
 * whatever size it is told, with pixel data to match (every pixel black, so a picture of 40
 * million pixels deflates to about 78 KB, as the issue-42 finding's did) or with none at all.
 */
import zlib from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * An 8-bit greyscale PNG of width × height. `pixels: 'none'` leaves the data out (a header that
 * lies about a file too short to hold it); otherwise every row is there, filter 0, all zero.
 */
export function greyPng(width: number, height: number, pixels: 'black' | 'none' = 'black'): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth; colour type 0 (grey), deflate, filter method 0, no interlace
  const rows = pixels === 'black' ? Buffer.alloc((width + 1) * height) : Buffer.alloc(0);
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
