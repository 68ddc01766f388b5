import { kindOfEntity, type EntityName } from '@3ds/domain';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { API_BASE, api } from '../api-client.ts';
import { isAbortError } from '../handle-error.ts';
import type { FindRequest, SortSpec } from './list-state.ts';
import { parseFileLink } from './record-shapes.ts';

/**
 * `POST /3ds/api/{entity}/export` — the on-screen find and sort, without paging, as an xlsx or pdf
 * file. The answer is a signed link to the file (`fieldData.Container`). For
 * jobs and containers the server exports their related line items.
 */
export type ExportFileType = 'xlsx' | 'pdf';

/** Spec 1 §9: `yb` for the Yellow Bucket lists, `cn` (standard) everywhere else. */
export function exportRecordType(entity: EntityName): 'cn' | 'yb' {
  return kindOfEntity(entity) === 'yellow_bucket' ? 'yb' : 'cn';
}

export interface ExportRequest {
  entity: EntityName;
  fileType: ExportFileType;
  quick: string;
  find: FindRequest[];
  sort: SortSpec[];
}

/** The request body: only the parts of the find that are set; `searchCriteria` as JSON, not text. */
export function exportBody({ entity, fileType, quick, find, sort }: ExportRequest) {
  const quickFindCriteria = quick.trim();
  return {
    fileType,
    recordType: exportRecordType(entity),
    ...(quickFindCriteria ? { quickFind: true, quickFindCriteria } : {}),
    ...(find.length > 0 ? { search: true, searchCriteria: find } : {}),
    ...(sort.length > 0 ? { sort } : {}),
  };
}

/** The link as a browser address: the server's links are already absolute paths (`/3ds/api/files/…`). */
export function downloadHref(link: string): string {
  if (/^(https?:)?\/\//i.test(link) || link.startsWith('/')) return link;
  return `${API_BASE}/${link.replace(/^\.?\//, '')}`;
}

export interface ExportResult {
  href: string;
  fileName: `export.${ExportFileType}`;
}

export async function exportRecords(request: ExportRequest, signal?: AbortSignal): Promise<ExportResult> {
  const body = await api.post(`/${request.entity}/export`, exportBody(request), { signal });
  const link = parseFileLink(body);
  return { href: downloadHref(link), fileName: `export.${request.fileType}` };
}

export function exportRecordsMutationOptions() {
  return mutationOptions({
    mutationKey: ['records', 'export'],
    mutationFn: ({ signal, ...request }: ExportRequest & { signal?: AbortSignal }) => exportRecords(request, signal),
    // Spec 1 §8 / spec 2 §8: export failures are only logged, never shown (a 401 still signs out).
    meta: { handlesErrors: true },
    onError: (error) => {
      if (!isAbortError(error)) console.error('Export failed', error);
    },
  });
}

export function useExportRecords() {
  return useMutation(exportRecordsMutationOptions());
}
