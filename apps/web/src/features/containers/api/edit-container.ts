import { containerFieldsSchema, type ContainerFields } from '@3ds/domain';
import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { recordsKeys } from '../../../lib/records/list-records.ts';
import type { ContainerKindConfig } from '../container-kinds.ts';
import type { ContainerFormValues } from '../container-record.ts';

/**
 * `PATCH /3ds/api/{container|yb-container}/edit/{id} { ...changed, id, modId }` — only the
 * changed fields (spec 2 §2). With `modId`, a container changed by someone else since it was
 * opened answers 409 and is left as it is.
 */
export interface EditContainerRequest {
  id: string;
  modId: string;
  changes: Partial<ContainerFormValues>;
}

/** The changed fields as the API takes them: trimmed text, numbers, null for cleared values. */
export function editContainerBody({ id, modId, changes }: EditContainerRequest): ContainerFields & { id: number; modId: string } {
  return { ...containerFieldsSchema.parse(changes), id: Number(id), modId };
}

export function editContainer(kind: ContainerKindConfig, request: EditContainerRequest): Promise<unknown> {
  return api.patch(`/${kind.apiSingular}/edit/${encodeURIComponent(request.id)}`, editContainerBody(request));
}

export function editContainerMutationOptions(kind: ContainerKindConfig, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['records', kind.entity, 'edit'],
    mutationFn: (request: EditContainerRequest) => editContainer(kind, request),
    // The form shows the server's messages itself.
    meta: { handlesErrors: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: recordsKeys.entity(kind.entity) }),
        queryClient.invalidateQueries({ queryKey: recordsKeys.entity('jobs') }),
      ]),
  });
}

export function useEditContainer(kind: ContainerKindConfig) {
  const queryClient = useQueryClient();
  return useMutation(editContainerMutationOptions(kind, queryClient));
}
