import { ndcLookupPartsSchema, resolvedLabelSchema, resolvedNdcSchema, type NdcResolveAnswer } from '@3ds/domain';
import { api } from '../../../lib/api-client.ts';
import { ndcLookupFrom, type NdcLookup } from '../ndc-lookup-shape.ts';

/**
 * `GET /3ds/api/ndc/resolve?code=` — what a scanned or typed code stands for: the dictionary entries
 * of the NDCs it can be (several when its configuration is not in the code), with the lot, the
 * expiration date and the serial number it held; or the line item a 3DS label names. The server's
 * 422 (not an NDC) and 404 (no such NDC) say why, and reach the caller as an ApiError.
 */
/** An entry the code can be, its package size as text ('' for none). */
export type ResolvedEntry = Omit<Extract<NdcResolveAnswer, { kind: 'ndc' }>['entries'][number], 'packageSize'> & { packageSize: string };

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

/**
 * What the form acts on of an NDC answer, read by the contract's schema; the lookup is read as
 * leniently as `GET /ndc/lookup` (a missing part is not offered, a lookup of another shape is none).
 */
const ndcReader = resolvedNdcSchema
  .pick({ kind: true, digits: true, lot: true, expirationDate: true, serial: true, entries: true })
  .extend({ lookup: ndcLookupPartsSchema.optional().catch(undefined) });

/** The answer says it names a label (its other parts are then read as a label's). */
const labelKind = resolvedLabelSchema.pick({ kind: true });

const FAILURE = {
  nothing: 'The server did not say what the code stands for.',
  label: 'The server did not say which line item the label names.',
  ndc: 'The server did not say which NDC the code stands for.',
} as const;

/** Reads the answer; anything unexpected in it is an error, never a half-filled form. */
export function parseResolved(body: unknown): Resolved {
  if (labelKind.safeParse(body).success) {
    const label = resolvedLabelSchema.safeParse(body);
    if (!label.success || !label.data.lineItemId) throw new Error(FAILURE.label);
    return { kind: 'label', lineItemId: label.data.lineItemId, yellowBucket: label.data.yellowBucket };
  }
  const ndc = ndcReader.safeParse(body);
  // An answer that is no object at all says nothing; one that is, but no NDC's, misses what the form needs.
  if (!ndc.success) throw new Error(ndc.error.issues.some((issue) => issue.path.length === 0) ? FAILURE.nothing : FAILURE.ndc);
  if (ndc.data.entries.length === 0) throw new Error(FAILURE.ndc);
  return {
    kind: 'ndc',
    digits: ndc.data.digits,
    lot: ndc.data.lot ?? '',
    expirationDate: ndc.data.expirationDate ?? '',
    serial: ndc.data.serial ?? '',
    entries: ndc.data.entries.map((entry) => ({ ...entry, packageSize: String(entry.packageSize) })),
    lookup: ndc.data.lookup ? ndcLookupFrom(ndc.data.lookup) : undefined,
  };
}

export async function resolveCode(code: string, signal?: AbortSignal): Promise<Resolved> {
  return parseResolved(await api.get('/ndc/resolve', { query: { code }, signal }));
}
