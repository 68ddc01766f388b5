import { containerFieldsSchema, type ContainerFields } from '@3ds/domain';
import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { recordsKeys } from '../../../lib/records/list-records.ts';
import { JOB_CONTAINER_PORTALS, type ContainerKind } from '../job-record.ts';
import { refreshJob } from './get-job.ts';

/**
 * `POST /3ds/api/container/new` or `/3ds/api/yb-container/new`
 * `{ jobId, containerName, pallet, containerType, packageWeight, netWeight, grossUoM }` with only
 * the filled fields (spec 2 §7) → `{ recordId }`. Needs CREATE_CONTAINER and an unlocked job.
 */
export interface NewContainerValues {
  containerName: string;
  pallet: string;
  containerType: string | null;
  packageWeight: number | string;
  netWeight: number | string;
  grossUoM: string | null;
}

export type NewContainerFields = { [K in keyof ContainerFields]?: NonNullable<ContainerFields[K]> };

/** The filled fields, cleaned by the shared container schema (trimmed text, numeric weights). */
export function filledContainerFields(values: NewContainerValues): NewContainerFields {
  const parsed = containerFieldsSchema.parse(values);
  return Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== null && value !== undefined)) as NewContainerFields;
}

export interface CreateContainerRequest {
  kind: ContainerKind;
  jobId: string;
  fields: NewContainerFields;
}

export function createContainerPath(kind: ContainerKind): string {
  return `/${JOB_CONTAINER_PORTALS[kind].singular}/new`;
}

export function createContainer({ kind, jobId, fields }: CreateContainerRequest): Promise<{ recordId: string; modId: string }> {
  return api.post(createContainerPath(kind), { jobId: Number(jobId), ...fields });
}

export function createContainerMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['jobs', 'create-container'],
    mutationFn: createContainer,
    meta: { failure: ({ kind, jobId }: CreateContainerRequest) => `The ${JOB_CONTAINER_PORTALS[kind].noun} was not added to job ${jobId}` },
    onSuccess: async (_answer, { kind, jobId }) => {
      await Promise.all([
        refreshJob(queryClient, jobId),
        queryClient.invalidateQueries({ queryKey: recordsKeys.entity(JOB_CONTAINER_PORTALS[kind].entity) }),
      ]);
    },
  });
}

export function useCreateContainer() {
  const queryClient = useQueryClient();
  return useMutation(createContainerMutationOptions(queryClient));
}
