import { arcosCheckAnswerSchema, arcosReportAnswerSchema, keptArcosReportsAnswerSchema, type ArcosFrequency, type ArcosSkippedItem } from '@3ds/domain';
import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { downloadHref } from '../../../lib/records/export-records.ts';
import { readAnswer, unexpectedAnswer } from '../../../lib/answer-shape.ts';
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

/** The answer's file link, name, counts and skipped list, read by the contract; an answer of another shape is an error. */
export function parseArcosAnswer(body: unknown): Omit<ArcosFile, 'href'> & { link: string } {
  const report = readAnswer(arcosReportAnswerSchema, body, 'ARCOS report').data[0] ?? unexpectedAnswer('data[0]');
  const { Container, FileName, Records, Corrections, Superseded, Skipped } = report.fieldData;
  return { link: Container || unexpectedAnswer('data[0].fieldData.Container'), fileName: FileName, records: Records, corrections: Corrections, superseded: Superseded, skipped: Skipped };
}

/** The kept reports and our reporting frequency, read by the contract. */
export function parseKeptArcosReports(body: unknown): { frequency: ArcosFrequency; reports: KeptArcosReport[] } {
  const { frequency, data } = readAnswer(keptArcosReportsAnswerSchema, body, 'ARCOS reports');
  return {
    frequency,
    reports: data.map(({ recordId, fieldData: f }) => ({
      id: recordId,
      period: f.Period,
      periodText: f['Period Text'],
      records: f.Records,
      receipts: f.Receipts,
      destructions: f.Destructions,
      corrections: f.Corrections,
      yearEnd: f['Year-End Inventory'],
      createdBy: f['Created By'],
      createdAt: f['Created At'],
      superseded: f.Superseded,
      fileName: f.FileName,
      href: downloadHref(f.Container),
    })),
  };
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
  queryOptions({ queryKey: arcosKeys.kept, queryFn: async ({ signal }) => parseKeptArcosReports(await api.get('/reports/arcos', { signal })) });

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
  const { known, nextPeriod, pending, reports } = readAnswer(arcosCheckAnswerSchema, body, 'ARCOS check');
  return { known, nextPeriod, pending, byReport: new Map(reports.map((report) => [report.recordId, report.corrections])) };
}

export function useArcosCheck() {
  return useQuery(queryOptions({ queryKey: arcosCheckKeys.all, queryFn: async ({ signal }) => parseArcosCheck(await api.get('/reports/arcos/check', { signal })) }));
}
