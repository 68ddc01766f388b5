import { REPORT_MESSAGES } from '@3ds/domain';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { downloadHref } from '../../../lib/records/export-records.ts';
import { parseFileLink } from '../../../lib/records/record-shapes.ts';
import { api } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';

/**
 * `POST /3ds/api/exportReport` (spec 1 §3 "Report request", §7) — a job's line items
 * (`excelExport`) or their sums per NDC (`perNdc`) as export.xlsx. The answer's
 * `data[0].fieldData.Container` is a signed link to the file.
 */
export type ReportType = 'excelExport' | 'perNdc';

export interface ReportRequestValues {
  registration: string;
  jobId: string;
  containerName: string;
  showArcos: boolean;
}

export interface ExportReportRequest extends ReportRequestValues {
  reportType: ReportType;
}

/** The body exactly as the spec names it: trimmed texts and `showArcos` as 0 or 1. */
export function exportReportBody({ registration, jobId, containerName, showArcos, reportType }: ExportReportRequest) {
  return {
    registration: registration.trim(),
    jobId: jobId.trim(),
    containerName: containerName.trim(),
    showArcos: showArcos ? 1 : 0,
    reportType,
  } as const;
}

export interface ReportFile {
  href: string;
  fileName: 'export.xlsx';
}

export async function exportReport(request: ExportReportRequest): Promise<ReportFile> {
  const body = await api.post('/exportReport', exportReportBody(request));
  return { href: downloadHref(parseFileLink(body)), fileName: 'export.xlsx' };
}

/**
 * Spec 1 §8: the server's message when one can be read, otherwise "The report could not be
 * generated at the moment". A 4xx carries the server's reason (the job is not the
 * registration's, no such container…); an unreachable server, a 5xx or an answer of the wrong
 * shape has none worth showing.
 */
export function reportFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message.trim() !== '') {
    return error.message;
  }
  return REPORT_MESSAGES.unavailable;
}

export function exportReportMutationOptions() {
  return mutationOptions({
    mutationKey: ['reports', 'export'],
    mutationFn: exportReport,
    // The reports screen shows its own message (spec 1 §8 "Report failure").
    meta: { handlesErrors: true },
  });
}

export function useExportReport() {
  return useMutation(exportReportMutationOptions());
}
