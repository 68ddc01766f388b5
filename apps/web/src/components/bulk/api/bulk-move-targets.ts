import { CATALOGUE, formatIsoDate, isLineItemList, RECORD_KINDS, todayIso } from '@3ds/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { moveTargetOption, type MoveTargetOption } from '../../dialogs/move-target.ts';
import { recordsKeys } from '../../../lib/records/list-records.ts';
import { parseListResponse, recordText } from '../../../lib/records/record-shapes.ts';
import type { FindRequest } from '../../../lib/records/list-state.ts';
import type { BulkEntity, MoveScope } from '../bulk-model.ts';

/** How many places the move dialog lists for what was typed. */
const TARGETS_SHOWN = 50;

/**
 * Where a bulk move may go, found as the user types: unlocked containers of the same kind in
 * unlocked jobs (line items), or unlocked jobs whose registration has not expired (containers).
 * Each record is still checked by the server (same job, same registration…); what cannot go there
 * is listed as refused.
 */
export function moveTargetSource(
  entity: BulkEntity,
  scope: MoveScope = {},
  today: string = todayIso(),
): { entity: 'containers' | 'yb-containers' | 'jobs'; find: FindRequest[] } {
  if (isLineItemList(entity)) {
    const containers = RECORD_KINDS[entity].parent;
    return {
      entity: containers,
      find: [
        { omit: false, criteria: { 'Locked Container': 'No', 'Job::Locked Job': 'No', ...(scope.jobId ? { 'Job ID': `==${scope.jobId}` } : {}) } },
        ...(scope.containerId ? [{ omit: true, criteria: { [CATALOGUE[containers].idField]: `==${scope.containerId}` } }] : []),
      ],
    };
  }
  return {
    entity: 'jobs',
    find: [
      {
        omit: false,
        criteria: {
          'Locked Job': 'No',
          // A destroyed job is final: nothing moves into it (finality.ts).
          'Date Destroyed': '=',
          'Registration::Expiration Date': `>=${formatIsoDate(today)}`,
          ...(scope.registrationNumber ? { 'Registration Number': `==${scope.registrationNumber}` } : {}),
        },
      },
      ...(scope.jobId ? [{ omit: true, criteria: { __PKJobID: `==${scope.jobId}` } }] : []),
    ],
  };
}

export async function bulkMoveTargets(entity: BulkEntity, scope: MoveScope, search: string, signal?: AbortSignal): Promise<MoveTargetOption[]> {
  const source = moveTargetSource(entity, scope);
  const catalogue = CATALOGUE[source.entity];
  const body = await api.get(`/${source.entity}`, {
    query: { searchCriteria: source.find, ...(search ? { quickFindCriteria: search } : {}), limit: TARGETS_SHOWN, sort: [{ fieldName: catalogue.idField, sortOrder: 'descend' }] },
    signal,
  });
  return parseListResponse(body).data.map((record) => {
    const id = recordText(record, catalogue.idField) || record.recordId;
    const where =
      source.entity === 'jobs'
        ? `${recordText(record, 'Job Name')} · ${recordText(record, 'Registration Number')}`
        : `${recordText(record, 'Container Name')} · job ${recordText(record, 'Job ID')} ${recordText(record, 'Job::Job Name')}`;
    return moveTargetOption(id, where);
  });
}

export function useBulkMoveTargets(entity: BulkEntity, scope: MoveScope, search: string, enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: [...recordsKeys.all, 'bulk-move-targets', entity, scope.jobId ?? '', scope.registrationNumber ?? '', search] as const,
      queryFn: ({ signal }) => bulkMoveTargets(entity, scope, search, signal),
      staleTime: 0,
    }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
