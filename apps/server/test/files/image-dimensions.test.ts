import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { imageDimensions, imageSizeRefusal, MAX_IMAGE_FRAMES, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from '../../src/files/image-dimensions.ts';
import { blankPng, gifImage, jpegHeader, webpExtended, webpLossless, webpLossy } from '../support/images.ts';
import { TINY_PNG } from '../support/multipart.ts';

describe('imageDimensions', () => {
  it('reads the size a PNG declares in IHDR', () => {
    expect(imageDimensions(TINY_PNG, 'image/png')).toEqual({ width: 1, height: 1, frames: 1 });
    expect(imageDimensions(blankPng(640, 480), 'image/png')).toEqual({ width: 640, height: 480, frames: 1 });
  });

  it('reads a JPEG frame header after other segments, across fill bytes', () => {
    expect(imageDimensions(jpegHeader(1024, 768), 'image/jpeg')).toEqual({ width: 1024, height: 768, frames: 1 });
    const header = jpegHeader(300, 200);
    const filled = Buffer.concat([header.subarray(0, 20), Buffer.from([0xff, 0xff]), header.subarray(20)]);
    expect(imageDimensions(filled, 'image/jpeg')).toEqual({ width: 300, height: 200, frames: 1 });
  });

  it('reads a GIF logical screen and counts its frames', () => {
    expect(imageDimensions(gifImage(320, 240), 'image/gif')).toEqual({ width: 320, height: 240, frames: 1 });
    expect(imageDimensions(gifImage(10, 10, 5), 'image/gif')).toEqual({ width: 10, height: 10, frames: 5 });
  });

  it('takes a GIF frame that reaches past the logical screen as the size', () => {
    const gif = gifImage(10, 10);
    const frame = gif.indexOf(0x2c);
    gif.writeUInt16LE(60_000, frame + 5); // frame width
    expect(imageDimensions(gif, 'image/gif')).toMatchObject({ width: 60_000, height: 10 });
  });

  it('reads the three kinds of WebP header', () => {
    expect(imageDimensions(webpExtended(12_000, 9_000), 'image/webp')).toEqual({ width: 12_000, height: 9_000, frames: 1 });
    expect(imageDimensions(webpLossy(800, 600), 'image/webp')).toEqual({ width: 800, height: 600, frames: 1 });
    expect(imageDimensions(webpLossless(16_384, 2), 'image/webp')).toEqual({ width: 16_384, height: 2, frames: 1 });
  });

  it('returns undefined for a damaged or truncated header, never throws', () => {
    expect(imageDimensions(TINY_PNG.subarray(0, 20), 'image/png')).toBeUndefined();
    expect(imageDimensions(Buffer.from([0xff, 0xd8, 0xff, 0xd9]), 'image/jpeg')).toBeUndefined();
    expect(imageDimensions(Buffer.from([0xff, 0xd8, 0x00, 0x00, 0x00, 0x00]), 'image/jpeg')).toBeUndefined();
    expect(imageDimensions(jpegHeader(10, 10).subarray(0, 25), 'image/jpeg')).toBeUndefined();
    expect(imageDimensions(Buffer.from('GIF89a'), 'image/gif')).toBeUndefined();
    expect(imageDimensions(webpLossy(8, 8).subarray(0, 20), 'image/webp')).toBeUndefined();
    expect(imageDimensions(TINY_PNG, 'application/pdf')).toBeUndefined();
    for (let cut = 0; cut < 40; cut++) {
      for (const [bytes, mime] of [[jpegHeader(5, 5), 'image/jpeg'], [gifImage(5, 5, 3), 'image/gif'], [webpExtended(5, 5), 'image/webp']] as const) {
        expect(() => imageDimensions(bytes.subarray(0, cut), mime)).not.toThrow();
      }
    }
  });
});

describe('imageSizeRefusal', () => {
  it('accepts up to the bounds', () => {
    expect(imageSizeRefusal({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_PIXELS / MAX_IMAGE_SIDE, frames: 1 })).toBeUndefined();
    expect(imageSizeRefusal({ width: 1, height: 1, frames: MAX_IMAGE_FRAMES })).toBeUndefined();
  });

  it('refuses a side over the bound, too many pixels, too many frames and no pixels, saying what to do', () => {
    expect(imageSizeRefusal({ width: MAX_IMAGE_SIDE + 1, height: 1, frames: 1 })).toBe(
      'The image is 10,001 × 1 pixels; pictures may be at most 10,000 pixels a side and 40 megapixels. Scale it down and upload it again.',
    );
    expect(imageSizeRefusal({ width: 8_000, height: 8_000, frames: 1 })).toMatch(/^The image is 8,000 × 8,000 pixels/);
    expect(imageSizeRefusal({ width: 1, height: 1, frames: MAX_IMAGE_FRAMES + 1 })).toBe('The animation has 1,001 frames; pictures may have at most 1,000.');
    expect(imageSizeRefusal({ width: 0, height: 10, frames: 1 })).toBe('The image declares no pixels; it is damaged.');
  });
});

describe('the test bomb', () => {
  it('is a real decompression bomb: about 50 KB that inflates to 400 million pixels', () => {
    const bomb = blankPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(100_000);
    const idatLength = bomb.readUInt32BE(33);
    const pixels = inflateSync(bomb.subarray(41, 41 + idatLength));
    expect(pixels.length).toBe(20_000 * (1 + 2_500));
    expect(imageDimensions(bomb, 'image/png')).toEqual({ width: 20_000, height: 20_000, frames: 1 });
  });
});
