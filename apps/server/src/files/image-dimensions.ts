/**
 * Reads the pixel size an image declares in its header, without decoding it.
 *
 * A 300 KB PNG can declare 50,000 × 50,000 pixels of one colour: 10 GB once a browser or a PDF
 * writer decodes it. Uploads are refused when the declared size is over these bounds, so no
 * screen, label or export ever has to decode such a picture.
 */

/** The longest side a picture may have, in pixels. */
export const MAX_IMAGE_SIDE = 10_000;
/** The most pixels a picture (each frame of an animation) may have: 40 megapixels. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** The most frames an animated GIF may have. */
export const MAX_IMAGE_FRAMES = 1_000;

export interface ImageDimensions {
  width: number;
  height: number;
  /** Frames found (GIF); 1 for the other formats. */
  frames: number;
}

/** The declared size of a PNG, JPEG, GIF or WebP, or `undefined` when the header is damaged or missing. */
export function imageDimensions(bytes: Uint8Array, mime: string): ImageDimensions | undefined {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  switch (mime) {
    case 'image/png':
      return png(data);
    case 'image/jpeg':
      return jpeg(data);
    case 'image/gif':
      return gif(data);
    case 'image/webp':
      return webp(data);
    default:
      return undefined;
  }
}

/** Why the declared size is refused, or `undefined` when it is within bounds. */
export function imageSizeRefusal(size: ImageDimensions): string | undefined {
  const { width, height, frames } = size;
  const fmt = (n: number) => n.toLocaleString('en-US');
  const limits = `pictures may be at most ${fmt(MAX_IMAGE_SIDE)} pixels a side and ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`;
  if (width === 0 || height === 0) return 'The image declares no pixels; it is damaged.';
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
    return `The image is ${fmt(width)} × ${fmt(height)} pixels; ${limits}. Scale it down and upload it again.`;
  }
  if (frames > MAX_IMAGE_FRAMES) return `The animation has ${fmt(frames)} frames; pictures may have at most ${fmt(MAX_IMAGE_FRAMES)}.`;
  return undefined;
}

function png(data: Buffer): ImageDimensions | undefined {
  // Signature (8), then the IHDR chunk: length (4), "IHDR" (4), width (4), height (4).
  if (data.length < 24 || data.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20), frames: 1 };
}

/** Start-of-frame markers carry the size: C0–CF except C4 (DHT), C8 (JPG) and CC (DAC). */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpeg(data: Buffer): ImageDimensions | undefined {
  let at = 2; // after SOI
  while (at + 4 <= data.length) {
    if (data[at] !== 0xff) return undefined;
    const marker = data[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM, RSTn, SOI, EOI.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) {
      if (marker === 0xd9) return undefined; // EOI before any frame
      at += 2;
      continue;
    }
    const length = data.readUInt16BE(at + 2);
    if (length < 2) return undefined;
    if (isStartOfFrame(marker)) {
      if (at + 9 > data.length) return undefined;
      // precision (1), height (2), width (2)
      return { height: data.readUInt16BE(at + 5), width: data.readUInt16BE(at + 7), frames: 1 };
    }
    at += 2 + length;
  }
  return undefined;
}

function gif(data: Buffer): ImageDimensions | undefined {
  if (data.length < 13) return undefined;
  let width = data.readUInt16LE(6);
  let height = data.readUInt16LE(8);
  const flags = data[10]!;
  let at = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  let frames = 0;
  const skipSubBlocks = () => {
    while (at < data.length) {
      const size = data[at]!;
      at += 1 + size;
      if (size === 0) return true;
    }
    return false;
  };
  while (at < data.length) {
    const block = data[at]!;
    if (block === 0x3b) break; // trailer
    if (block === 0x21) {
      at += 2; // introducer and label
      if (!skipSubBlocks()) break;
    } else if (block === 0x2c) {
      if (at + 10 > data.length) break;
      const left = data.readUInt16LE(at + 1);
      const top = data.readUInt16LE(at + 3);
      // A frame may reach past the logical screen; a decoder then needs the larger canvas.
      width = Math.max(width, left + data.readUInt16LE(at + 5));
      height = Math.max(height, top + data.readUInt16LE(at + 7));
      const local = data[at + 9]!;
      at += 10 + (local & 0x80 ? 3 * 2 ** ((local & 0x07) + 1) : 0);
      at += 1; // LZW minimum code size
      frames += 1;
      if (!skipSubBlocks()) break;
    } else {
      break; // not a GIF block: the rest is damaged; what was read stands
    }
  }
  return { width, height, frames: Math.max(frames, 1) };
}

function webp(data: Buffer): ImageDimensions | undefined {
  if (data.length < 30 || data.toString('latin1', 0, 4) !== 'RIFF' || data.toString('latin1', 8, 12) !== 'WEBP') return undefined;
  const chunk = data.toString('latin1', 12, 16);
  const body = 20;
  if (chunk === 'VP8X') {
    // flags (1), reserved (3), canvas width − 1 (24 bits), canvas height − 1 (24 bits)
    return { width: data.readUIntLE(body + 4, 3) + 1, height: data.readUIntLE(body + 7, 3) + 1, frames: 1 };
  }
  if (chunk === 'VP8 ') {
    // frame tag (3), start code 9d 01 2a, width (14 bits), height (14 bits)
    if (data[body + 3] !== 0x9d || data[body + 4] !== 0x01 || data[body + 5] !== 0x2a) return undefined;
    return { width: data.readUInt16LE(body + 6) & 0x3fff, height: data.readUInt16LE(body + 8) & 0x3fff, frames: 1 };
  }
  if (chunk === 'VP8L') {
    // signature 0x2f, then width − 1 (14 bits) and height − 1 (14 bits), little-endian bit order
    if (data[body] !== 0x2f) return undefined;
    const bits = data.readUInt32LE(body + 1);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1, frames: 1 };
  }
  return undefined;
}
