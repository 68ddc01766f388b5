import { arcosSkippedItemSchema, type ArcosFrequency, type ArcosSkippedItem } from '@3ds/domain';
import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { downloadHref } from '../../../lib/records/export-records.ts';
import { parseFileLink } from '../../../lib/records/record-shapes.ts';
import { isObject, UnexpectedAnswerError } from '../../../lib/answer-shape.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * `POST /3ds/api/reports/arcos { period }` — makes and keeps the ARCOS report of a month (`2026-01`)
 * or a quarter (`2026-Q1`); `GET /3ds/api/reports/arcos` — every report kept, newest first. The
 * answer's `data[0].fieldData.Container` is the signed link to the file; `Skipped` lists the line items
 * the report leaves out because they cannot be reported correctly, each with the reason.
 */
export type { ArcosSkippedItem } from '@3ds/domain';

export interface ArcosFile {
  href: string;
  fileName: string;
  records: number;
  corrections: number;
  superseded: boolean;
  skipped: ArcosSkippedItem[];
}

export interface KeptArcosReport {
  id: string;
  period: string;
  periodText: string;
  records: number;
  receipts: number;
  destructions: number;
  corrections: number;
  yearEnd: string;
  createdBy: string;
  createdAt: string;
  superseded: boolean;
  fileName: string;
  href: string;
}

export const arcosKeys = { kept: ['reports', 'arcos', 'kept'] as const };

const isSkippedItem = (v: unknown): v is ArcosSkippedItem => arcosSkippedItemSchema.safeParse(v).success;

/** The answer's file link, name, counts and skipped list; an answer of another shape is an error. */
export function parseArcosAnswer(body: unknown): Omit<ArcosFile, 'href'> & { link: string } {
  const link = parseFileLink(body);
  const fieldData = (body as { data: { fieldData: Record<string, unknown> }[] }).data[0]!.fieldData;
  const { FileName, Records, Skipped, Corrections, Superseded } = fieldData;
  if (typeof FileName !== 'string' || typeof Records !== 'number' || !Array.isArray(Skipped) || !Skipped.every(isSkippedItem)) {
    throw new UnexpectedAnswerError('The ARCOS answer has an unexpected shape (FileName, Records, Skipped)');
  }
  return { link, fileName: FileName, records: Records, corrections: typeof Corrections === 'number' ? Corrections : 0, superseded: Superseded === true, skipped: Skipped };
}

/** The kept reports and our reporting frequency, checked. */
export function parseKeptArcosReports(body: unknown): { frequency: ArcosFrequency; reports: KeptArcosReport[] } {
  const data = isObject(body) ? body.data : undefined;
  const frequency = isObject(body) ? body.frequency : undefined;
  if (!Array.isArray(data) || (frequency !== 'monthly' && frequency !== 'quarterly')) throw new UnexpectedAnswerError('The ARCOS reports answer has an unexpected shape');
  return { frequency, reports: data.map((row) => {
    const f = isObject(row) && isObject(row.fieldData) ? row.fieldData : {};
    if (typeof f.Container !== 'string' || typeof f.Period !== 'string' || typeof f.Superseded !== 'boolean') {
      throw new UnexpectedAnswerError('The ARCOS reports answer has an unexpected shape');
    }
    return {
      id: String((row as { recordId?: unknown }).recordId),
      period: f.Period,
      periodText: String(f['Period Text'] ?? f.Period),
      records: Number(f.Records ?? 0),
      receipts: Number(f.Receipts ?? 0),
      destructions: Number(f.Destructions ?? 0),
      corrections: Number(f.Corrections ?? 0),
      yearEnd: String(f['Year-End Inventory'] ?? ''),
      createdBy: String(f['Created By'] ?? ''),
      createdAt: String(f['Created At'] ?? ''),
      superseded: f.Superseded,
      fileName: String(f.FileName ?? ''),
      href: downloadHref(f.Container),
    };
  }) };
}

export async function makeArcosReport(period: string): Promise<ArcosFile> {
  const body = await api.post('/reports/arcos', { period });
  const { link, ...answer } = parseArcosAnswer(body);
  return { href: downloadHref(link), ...answer };
}

export function makeArcosReportMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['reports', 'arcos'],
    mutationFn: makeArcosReport,
    // The reports screen shows the server's reason itself (no DEA number in Settings, a bad period).
    meta: { handlesErrors: true },
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: arcosKeys.kept }), queryClient.invalidateQueries({ queryKey: arcosCheckKeys.all })]),
  });
}

export function useMakeArcosReport() {
  const queryClient = useQueryClient();
  return useMutation(makeArcosReportMutationOptions(queryClient));
}

export const keptArcosReportsQueryOptions = () =>
  queryOptions({ queryKey: arcosKeys.kept, queryFn: async ({ signal }) => parseKeptArcosReports(await api.get<unknown>('/reports/arcos', { signal })) });

export function useKeptArcosReports() {
  return useQuery(keptArcosReportsQueryOptions());
}

/**
 * `GET /3ds/api/reports/arcos/check` — the corrections the next report would carry, by the kept report
 * each concerns: a report with none still says what the records say.
 */
export interface ArcosCheck {
  known: boolean;
  /** "Q4 2026 (October–December)": the report that will carry them. */
  nextPeriod: string;
  pending: number;
  /** Corrections pending, by kept report id. */
  byReport: ReadonlyMap<string, number>;
}

/** Under the records' keys: whether a report still matches follows every change of the records. */
export const arcosCheckKeys = { all: ['records', 'arcos-check'] as const };

export function parseArcosCheck(body: unknown): ArcosCheck {
  if (!isObject(body) || typeof body.known !== 'boolean' || typeof body.pending !== 'number' || !Array.isArray(body.reports)) {
    throw new UnexpectedAnswerError('The ARCOS check answer has an unexpected shape');
  }
  const byReport = new Map<string, number>();
  for (const r of body.reports as unknown[]) {
    if (!isObject(r) || typeof r.recordId !== 'string' || typeof r.corrections !== 'number') throw new UnexpectedAnswerError('The ARCOS check answer has an unexpected shape');
    byReport.set(r.recordId, r.corrections);
  }
  return { known: body.known, nextPeriod: String(body.nextPeriod ?? ''), pending: body.pending, byReport };
}

export function useArcosCheck() {
  return useQuery(queryOptions({ queryKey: arcosCheckKeys.all, queryFn: async ({ signal }) => parseArcosCheck(await api.get<unknown>('/reports/arcos/check', { signal })) }));
}
