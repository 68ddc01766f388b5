import type { EntityName } from '@3ds/domain';
import { z } from 'zod';
import type { SessionUser } from '../security/session-user.ts';
import { findRequestsSchema } from './find-request.ts';
import { sortSchema } from './list-query.ts';

const flag = z.union([z.boolean(), z.string().max(10)]).optional();

/** `POST /{entity}/export`: the on-screen find and sort, and the file type. */
export const exportRequestSchema = z.object({
  fileType: z.enum(['pdf', 'xlsx'], { message: 'fileType must be "pdf" or "xlsx"' }),
  recordType: z.enum(['cn', 'yb'], { message: 'recordType must be "cn" or "yb"' }).optional(),
  quickFind: flag,
  quickFindCriteria: z.string().max(1000).optional(),
  search: flag,
  searchCriteria: z.union([z.string().max(20_000), findRequestsSchema]).optional(),
  sort: z.union([z.string().max(4000), sortSchema]).optional(),
});
export type ExportRequest = z.infer<typeof exportRequestSchema>;

/** The answer to an export: the signed link of the file written, in `data[0].fieldData.Container`. */
export interface ExportAnswer {
  data: { fieldData: { Container: string } }[];
}

/**
 * What the lists' export route and the bulk export call: the exports module (modules/exports) writes
 * the found set to a file. The records engine says what an export is asked with; it does not write one.
 */
export interface ExportService {
  /** `onlyIds` narrows the found set to those records (a bulk export of a selection). */
  export(entity: EntityName, request: ExportRequest, user: SessionUser, requestId: string, onlyIds?: readonly number[]): Promise<ExportAnswer>;
}
