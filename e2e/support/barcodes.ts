import { writeFile } from 'node:fs/promises';
import { gs1CheckDigit } from '@3ds/domain';
import bwipjs from 'bwip-js/node';
import { PNG } from 'pngjs';

/**
 * Real barcodes for the scanning journeys: drawn by bwip-js (the same library that draws the 3DS
 * label), and turned into a camera picture Chromium plays as its camera
 * (`--use-fake-device-for-media-stream --use-file-for-fake-video-capture=<file.y4m>`).
 */

/** The NDC-10 digits of an 11-digit NDC (the segment padded with a zero gives the zero back). */
export function ndc10Digits(ndc: string): string {
  const [labeler = '', product = '', pack = ''] = ndc.split('-');
  if (labeler.startsWith('0')) return labeler.slice(1) + product + pack; // 4-4-2
  if (product.startsWith('0')) return labeler + product.slice(1) + pack; // 5-3-2
  if (pack.startsWith('0')) return labeler + product + pack.slice(1); // 5-4-1
  throw new Error(`${ndc} has no NDC-10 form`);
}

/** GTIN-14 of a drug package (indicator 0, "03", the NDC-10, check digit). */
export function gtinOf(ndc: string): string {
  const body = `003${ndc10Digits(ndc)}`;
  return body + gs1CheckDigit(body);
}

/** UPC-A (GTIN-12): "3", the NDC-10, check digit. */
export function upcOf(ndc: string): string {
  const body = `3${ndc10Digits(ndc)}`;
  return body + gs1CheckDigit(body);
}

/** An expiry as AI 17 writes it (YYMMDD) and as 3DS shows it (MM/DD/YYYY). */
export function expiry(year: number, month: number, day: number): { ai17: string; shown: string } {
  const p = (n: number) => String(n).padStart(2, '0');
  return { ai17: `${p(year % 100)}${p(month)}${p(day)}`, shown: `${p(month)}/${p(day)}/${year}` };
}

export type Symbology = 'gs1datamatrix' | 'upca' | 'gs1-128' | 'code128';

/** A barcode as a PNG, black on white with a quiet zone. */
export async function barcodePng(bcid: Symbology, text: string, scale = 6): Promise<Buffer> {
  const linear = bcid === 'gs1datamatrix' ? {} : { height: 14 };
  return bwipjs.toBuffer({ bcid, text, scale, ...linear, padding: 16, backgroundcolor: 'FFFFFF', includetext: false });
}

const WIDTH = 640;
const HEIGHT = 480;

/**
 * A Y4M video (4:2:0, 640 × 480, a second of still frames, played in a loop) showing the PNG in
 * the middle of a light background: the camera picture of a package held up to it.
 */
export async function cameraVideo(path: string, png: Buffer): Promise<void> {
  const image = PNG.sync.read(png);
  if (image.width > WIDTH || image.height > HEIGHT) throw new Error(`barcode ${image.width}×${image.height} is larger than the picture`);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 230);
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const left = Math.floor((WIDTH - image.width) / 2);
  const top = Math.floor((HEIGHT - image.height) / 2);
  for (let y = 0; y < image.height; y += 1) {
    for (let x = 0; x < image.width; x += 1) {
      const i = (y * image.width + x) * 4;
      const grey = (image.data[i]! + image.data[i + 1]! + image.data[i + 2]!) / 3;
      luma[(top + y) * WIDTH + left + x] = grey < 128 ? 20 : 235;
    }
  }
  const parts: Buffer[] = [Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`)];
  for (let frame = 0; frame < 10; frame += 1) parts.push(Buffer.from('FRAME\n'), luma, chroma);
  await writeFile(path, Buffer.concat(parts));
}
