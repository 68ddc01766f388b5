import { resolvedLabelSchema, resolvedNdcSchema, type NdcResolveAnswer } from '@3ds/domain';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { isObject } from '../../../lib/answer-shape.ts';
import { parseNdcLookup, type NdcLookup } from '../ndc-lookup-shape.ts';

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
 * What the form acts on of an NDC answer, read by the contract's schema; the lookup is read apart,
 * as leniently as `GET /ndc/lookup` (a missing part is not offered).
 */
const ndcReader = resolvedNdcSchema.pick({ kind: true, digits: true, lot: true, expirationDate: true, serial: true, entries: true });

function read<S extends z.ZodType>(schema: S, body: unknown, failure: string): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw new Error(failure);
  return result.data;
}

/** Reads the answer; anything unexpected in it is an error, never a half-filled form. */
export function parseResolved(body: unknown): Resolved {
  if (!isObject(body)) throw new Error('The server did not say what the code stands for.');
  if (body.kind === 'label') {
    const failure = 'The server did not say which line item the label names.';
    const label = read(resolvedLabelSchema, body, failure);
    if (!label.lineItemId) throw new Error(failure);
    return { kind: 'label', lineItemId: label.lineItemId, yellowBucket: label.yellowBucket };
  }
  const ndc = read(ndcReader, body, 'The server did not say which NDC the code stands for.');
  if (ndc.entries.length === 0) throw new Error('The server did not say which NDC the code stands for.');
  return {
    kind: 'ndc',
    digits: ndc.digits,
    lot: ndc.lot ?? '',
    expirationDate: ndc.expirationDate ?? '',
    serial: ndc.serial ?? '',
    entries: ndc.entries.map((entry) => ({ ...entry, packageSize: String(entry.packageSize) })),
    lookup: isObject(body.lookup) ? parseNdcLookup(body.lookup) : undefined,
  };
}

export async function resolveCode(code: string, signal?: AbortSignal): Promise<Resolved> {
  return parseResolved(await api.get('/ndc/resolve', { query: { code }, signal }));
}
