import type { JobDocumentKind } from '@3ds/domain';
import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { historyKeys } from '../../../components/history/api/get-history.ts';
import { downloadHref } from '../../../lib/records/export-records.ts';
import { parseFileLink } from '../../../lib/records/record-shapes.ts';
import { api } from '../../../lib/api-client.ts';
import { generatedDocumentsKeys } from './get-generated-documents.ts';
import { refreshJob } from './get-job.ts';

/**
 * `POST /3ds/api/job/{id}/documents/form-41` (`?draft=1` for the draft) and
 * `POST /3ds/api/job/{id}/documents/certificate` — the job's DEA Form 41 or Certificate of
 * Destruction. A final document is stored with the job (its file link then shows on the job); the
 * answer is a signed link to download it. A refusal (409: unlocked job, no line items, our
 * registration or the destruction record missing) is shown by the shared error handler.
 */
export interface GenerateJobDocumentRequest {
  jobId: string;
  kind: JobDocumentKind;
  draft: boolean;
}

export interface GeneratedDocument {
  href: string;
  fileName: string;
}

export function jobDocumentFileName({ jobId, kind, draft }: GenerateJobDocumentRequest): string {
  const name = kind === 'form-41' ? 'form-41' : 'certificate-of-destruction';
  return `job-${jobId}-${name}${draft ? '-draft' : ''}.pdf`;
}

export async function generateJobDocument(request: GenerateJobDocumentRequest): Promise<GeneratedDocument> {
  const path = `/job/${encodeURIComponent(request.jobId)}/documents/${request.kind}`;
  const body = await api.post(path, undefined, request.draft ? { query: { draft: '1' } } : {});
  return { href: downloadHref(parseFileLink(body)), fileName: jobDocumentFileName(request) };
}

export function generateJobDocumentMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['jobs', 'document'],
    mutationFn: generateJobDocument,
    meta: {
      failure: ({ jobId, kind, draft }: GenerateJobDocumentRequest) =>
        `The ${kind === 'form-41' ? `DEA Form 41${draft ? ' draft' : ''}` : 'Certificate of Destruction'} of job ${jobId} was not made`,
    },
    // A final document fills a document field of the job; either way the history gains a row.
    onSuccess: (_result, { jobId, draft }) =>
      Promise.all([
        draft ? undefined : refreshJob(queryClient, jobId),
        draft ? undefined : queryClient.invalidateQueries({ queryKey: generatedDocumentsKeys.of(jobId) }),
        queryClient.invalidateQueries({ queryKey: historyKeys.of('jobs', jobId) }),
      ]),
  });
}

export function useGenerateJobDocument() {
  const queryClient = useQueryClient();
  return useMutation(generateJobDocumentMutationOptions(queryClient));
}
