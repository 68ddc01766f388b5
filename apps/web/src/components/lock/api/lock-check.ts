import { lockCheckAnswerSchema, type LockableEntity, type LockCheckAnswer } from '@3ds/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { readAnswer } from '../../../lib/answer-shape.ts';
import { recordsKeys } from '../../../lib/records/list-records.ts';

/** The records that can be locked (record-kinds.ts). */
export type { LockableEntity };

export type LockCheck = LockCheckAnswer;

/**
 * `GET /3ds/api/{entity}/{id}/lock-check` — the record's line items that lack what DEA Form 41 and
 * ARCOS need (the check the lock makes). Under the record's key, so anything that refreshes the
 * record refreshes it; read afresh every time a lock confirmation opens.
 */
export const lockCheckKeys = {
  of: (entity: LockableEntity, id: string) => [...recordsKeys.record(entity, id), 'lock-check'] as const,
};

export async function getLockCheck(entity: LockableEntity, id: string, signal?: AbortSignal): Promise<LockCheck> {
  return readAnswer(lockCheckAnswerSchema, await api.get<unknown>(`/${entity}/${encodeURIComponent(id)}/lock-check`, { signal }), 'lock check');
}

export function lockCheckQueryOptions(entity: LockableEntity, id: string) {
  return queryOptions({
    queryKey: lockCheckKeys.of(entity, id),
    queryFn: ({ signal }) => getLockCheck(entity, id, signal),
    staleTime: 0,
    gcTime: 0,
    meta: { failure: 'Whether it can be locked could not be checked' },
  });
}

/** Reads only while `enabled` (a lock confirmation is open). */
export function useLockCheck(entity: LockableEntity, id: string, enabled: boolean) {
  return useQuery({ ...lockCheckQueryOptions(entity, id), enabled });
}
