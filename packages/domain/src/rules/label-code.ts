/**
 * What a 3DS label's barcode holds: `3DS-LI-{line item id}`. Apart from the NDC reader (ndc-code.ts),
 * which reads it among the other codes: the app's shell prints and listens for labels on every
 * screen, and needs no more of the reader than this.
 */
export const LABEL_CODE_PREFIX = '3DS-LI-';

export function labelCode(lineItemId: number | string): string {
  return `${LABEL_CODE_PREFIX}${lineItemId}`;
}
