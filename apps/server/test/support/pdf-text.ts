import { inflateSync } from 'node:zlib';

const winAnsi = new TextDecoder('windows-1252');

/**
 * Reads back what a pdfkit document shows: its page count and the text of every text operator,
 * inflating the (deflate-compressed) content streams first.
 */
export function readPdf(bytes: Buffer): { pages: number; texts: string[] } {
  const raw = bytes.toString('latin1');
  const contents: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index! + match[0].length;
    const end = raw.indexOf('endstream', start);
    const chunk = bytes.subarray(start, end);
    try {
      contents.push(inflateSync(chunk).toString('latin1'));
    } catch {
      contents.push(chunk.toString('latin1'));
    }
  }
  const texts = contents.flatMap((c) =>
    [...c.matchAll(/\[((?:<[0-9a-f]*>|\s|-?[\d.]+)*)\] TJ/g)].map(([, array]) =>
      [...array!.matchAll(/<([0-9a-f]*)>/g)].map(([, hex]) => winAnsi.decode(Buffer.from(hex!, 'hex'))).join(''),
    ),
  );
  return { pages: raw.match(/\/Type \/Page\b(?!s)/g)?.length ?? 0, texts };
}
