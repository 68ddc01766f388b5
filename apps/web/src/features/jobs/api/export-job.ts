import { mutationOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { isAbortError } from '../../../lib/handle-error.ts';
import { downloadHref, type ExportFileType, type ExportResult } from '../../../lib/records/export-records.ts';
import { parseFileLink } from '../../../lib/records/record-shapes.ts';

/**
 * `POST /3ds/api/jobs/export` — the job's line items, of its standard containers (`cn`) or of its
 * Yellow Bucket containers (`yb`), as xlsx or pdf. The answer is a signed file link.
 */
export type JobExportRecordType = 'cn' | 'yb';

export interface JobExportRequest {
  jobId: string;
  fileType: ExportFileType;
  recordType: JobExportRecordType;
}

export function jobExportBody({ jobId, fileType, recordType }: JobExportRequest) {
  return {
    fileType,
    recordType,
    search: true,
    searchCriteria: [{ omit: false, criteria: { __PKJobID: `==${jobId}` } }],
  };
}

export async function exportJob(request: JobExportRequest): Promise<ExportResult> {
  const body = await api.post('/jobs/export', jobExportBody(request));
  return { href: downloadHref(parseFileLink(body)), fileName: `export.${request.fileType}` };
}

export function exportJobMutationOptions() {
  return mutationOptions({
    mutationKey: ['jobs', 'export'],
    mutationFn: exportJob,
    // Spec 1 §8: export failures are only logged (a 401 still signs out in the API client).
    meta: { handlesErrors: true },
    onError: (error) => {
      if (!isAbortError(error)) console.error('Job export failed', error);
    },
  });
}

export function useExportJob() {
  return useMutation(exportJobMutationOptions());
}
