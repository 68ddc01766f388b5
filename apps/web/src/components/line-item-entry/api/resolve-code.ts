import { api } from '../../../lib/api-client.ts';
import { parseNdcLookup, type NdcLookup } from '../ndc-lookup-shape.ts';

/**
 * `GET /3ds/api/ndc/resolve?code=` — what a scanned or typed code stands for: the dictionary entries
 * of the NDCs it can be (several when its configuration is not in the code), with the lot, the
 * expiration date and the serial number it held; or the line item a 3DS label names. The server's
 * 422 (not an NDC) and 404 (no such NDC) say why, and reach the caller as an ApiError.
 */
export interface ResolvedEntry {
  ndc: string;
  tradeName: string;
  schedule: string;
  strength: string;
  form: string;
  packageSize: string;
  packageSizeUoM: string;
  removedFromArcos: boolean;
}

export interface ResolvedNdc {
  kind: 'ndc';
  /** The digits as read, to check against the package. */
  digits: string;
  lot: string;
  /** MM/DD/YYYY, or ''. */
  expirationDate: string;
  serial: string;
  entries: ResolvedEntry[];
  /** With one entry: what the line item form needs to know about it (as `GET /ndc/lookup` answers). */
  lookup: NdcLookup | undefined;
}

export interface ResolvedLabel {
  kind: 'label';
  lineItemId: string;
  yellowBucket: boolean;
}

export type Resolved = ResolvedNdc | ResolvedLabel;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** Reads the answer; anything unexpected in it is an error, never a half-filled form. */
export function parseResolved(body: unknown): Resolved {
  if (!isObject(body)) throw new Error('The server did not say what the code stands for.');
  if (body.kind === 'label') {
    const lineItemId = text(body.lineItemId);
    if (!lineItemId) throw new Error('The server did not say which line item the label names.');
    return { kind: 'label', lineItemId, yellowBucket: body.yellowBucket === true };
  }
  const entries = Array.isArray(body.entries) ? body.entries.filter(isObject) : [];
  if (body.kind !== 'ndc' || entries.length === 0) throw new Error('The server did not say which NDC the code stands for.');
  return {
    kind: 'ndc',
    digits: text(body.digits),
    lot: text(body.lot),
    expirationDate: text(body.expirationDate),
    serial: text(body.serial),
    entries: entries.map((e) => ({
      ndc: text(e.ndc),
      tradeName: text(e.tradeName),
      schedule: text(e.schedule),
      strength: text(e.strength),
      form: text(e.form),
      packageSize: text(e.packageSize),
      packageSizeUoM: text(e.packageSizeUoM),
      removedFromArcos: e.removedFromArcos === true,
    })),
    lookup: isObject(body.lookup) ? parseNdcLookup(body.lookup) : undefined,
  };
}

export async function resolveCode(code: string, signal?: AbortSignal): Promise<Resolved> {
  return parseResolved(await api.get('/ndc/resolve', { query: { code }, signal }));
}
