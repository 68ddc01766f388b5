import { crc32, deflateSync } from 'node:zlib';

/** Test images built byte by byte, so a test states exactly what a file declares. */

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A complete, valid black-and-white PNG of `width` × `height` pixels, all black. At 1 bit a pixel
 * a 20,000 × 20,000 image compresses to about 50 KB and decodes to 400 million pixels: a
 * decompression bomb.
 */
export function blankPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rowBytes = 1 + Math.ceil(width / 8); // filter byte + pixels
  const pixels = deflateSync(Buffer.alloc(rowBytes * height), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The markers of a baseline JPEG up to its frame header (enough to declare its size). */
export function jpegHeader(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x0b, 0x08, 0, 0, 0, 0, 0x01, 0x01, 0x11, 0x00]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

/** A GIF whose logical screen is `width` × `height`, with `frames` 1×1 frames. */
export function gifImage(width: number, height: number, frames = 1): Buffer {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  screen[4] = 0x80; // global colour table of 2 entries
  const palette = Buffer.from([0, 0, 0, 255, 255, 255]);
  const frame = Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00]);
  return Buffer.concat([Buffer.from('GIF89a', 'latin1'), screen, palette, ...Array.from({ length: frames }, () => frame), Buffer.from([0x3b])]);
}

function riff(chunk: string, data: Buffer): Buffer {
  const size = Buffer.alloc(4);
  size.writeUInt32LE(data.length);
  const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), Buffer.from(chunk, 'latin1'), size, data]);
  const total = Buffer.alloc(4);
  total.writeUInt32LE(body.length);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), total, body]);
}

/** An extended WebP (VP8X) declaring a canvas of `width` × `height`. */
export function webpExtended(width: number, height: number): Buffer {
  const data = Buffer.alloc(10);
  data.writeUIntLE(width - 1, 4, 3);
  data.writeUIntLE(height - 1, 7, 3);
  return riff('VP8X', data);
}

/** A lossy WebP (VP8) frame header declaring `width` × `height`. */
export function webpLossy(width: number, height: number): Buffer {
  const data = Buffer.alloc(16);
  data.set([0x9d, 0x01, 0x2a], 3);
  data.writeUInt16LE(width, 6);
  data.writeUInt16LE(height, 8);
  return riff('VP8 ', data);
}

/** A lossless WebP (VP8L) header declaring `width` × `height`. */
export function webpLossless(width: number, height: number): Buffer {
  const data = Buffer.alloc(16);
  data[0] = 0x2f;
  data.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14), 1);
  return riff('VP8L', data);
}
