import { mutationOptions, useMutation } from '@tanstack/react-query';
import { downloadHref } from '../../../components/list-screen/api/export-records.ts';
import { parseFileLink } from '../../../components/list-screen/api/record-shapes.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * `POST /3ds/api/reports/arcos { from, to }` — the ARCOS file of a period (MM/DD/YYYY, both ends
 * included). `data[0].fieldData.Container` is the signed link to the file; `Skipped` lists the
 * line items the file leaves out because they cannot be reported correctly, each with the reason.
 */
export interface ArcosPeriod {
  from: string;
  to: string;
}

export interface ArcosSkippedItem {
  recordId: number;
  jobId: number;
  yellowBucket: boolean;
  ndc: string;
  transaction: 'receipt' | 'destruction';
  reason: string;
}

export interface ArcosFile {
  href: string;
  fileName: string;
  records: number;
  skipped: ArcosSkippedItem[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function isSkippedItem(v: unknown): v is ArcosSkippedItem {
  return (
    isObject(v) &&
    typeof v.recordId === 'number' &&
    typeof v.jobId === 'number' &&
    typeof v.yellowBucket === 'boolean' &&
    typeof v.ndc === 'string' &&
    (v.transaction === 'receipt' || v.transaction === 'destruction') &&
    typeof v.reason === 'string'
  );
}

/** The answer's file link, name, record count and skipped list; an answer of another shape is an error. */
export function parseArcosAnswer(body: unknown): Omit<ArcosFile, 'href'> & { link: string } {
  const link = parseFileLink(body);
  const fieldData = (body as { data: { fieldData: Record<string, unknown> }[] }).data[0]!.fieldData;
  const { FileName, Records, Skipped } = fieldData;
  if (typeof FileName !== 'string' || typeof Records !== 'number' || !Array.isArray(Skipped) || !Skipped.every(isSkippedItem)) {
    throw new Error('The ARCOS answer has an unexpected shape (FileName, Records, Skipped)');
  }
  return { link, fileName: FileName, records: Records, skipped: Skipped };
}

export async function exportArcos(period: ArcosPeriod): Promise<ArcosFile> {
  const body = await api.post('/reports/arcos', { from: period.from.trim(), to: period.to.trim() });
  const { link, ...answer } = parseArcosAnswer(body);
  return { href: downloadHref(link), ...answer };
}

export function exportArcosMutationOptions() {
  return mutationOptions({
    mutationKey: ['reports', 'arcos'],
    mutationFn: exportArcos,
    // The reports screen shows the server's reason itself (no DEA number in Settings, a bad period).
    meta: { handlesErrors: true },
  });
}

export function useExportArcos() {
  return useMutation(exportArcosMutationOptions());
}
