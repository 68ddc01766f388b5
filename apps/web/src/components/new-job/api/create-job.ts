import { createdRecordSchema } from '@3ds/domain';
import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { recordsKeys } from '../../../lib/records/list-records.ts';
import { readAnswer } from '../../../lib/answer-shape.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * `POST /3ds/api/job` — a new job on a registration (spec 1 §4 "Job creation", §7). The server
 * checks CREATE_JOB (403), the name (422) and that the registration exists (404) and has not
 * expired (422); its refusals reach the user through the app's one error handler.
 */
export interface CreateJobRequest {
  registrationId: string;
  jobName: string;
}

export interface CreatedJob {
  recordId: string;
}

export function createJobBody({ registrationId, jobName }: CreateJobRequest) {
  return { fieldData: { _fkRegistration_Record_Number: registrationId, 'Job Name': jobName.trim() } };
}

export async function createJob(request: CreateJobRequest): Promise<CreatedJob> {
  const { recordId } = readAnswer(createdRecordSchema, await api.post('/job', createJobBody(request)), 'recordId');
  return { recordId };
}

export function createJobMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['jobs', 'create'],
    mutationFn: createJob,
    meta: { failure: ({ jobName }: CreateJobRequest) => `Job "${jobName}" was not created` },
    // The jobs list and the registration's job portal now hold one more job. Not awaited: the
    // new job opens at once and those screens refetch when they are next shown.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: recordsKeys.entity('jobs') });
      void queryClient.invalidateQueries({ queryKey: recordsKeys.entity('registrations') });
    },
  });
}

export function useCreateJob() {
  return useMutation(createJobMutationOptions(useQueryClient()));
}
