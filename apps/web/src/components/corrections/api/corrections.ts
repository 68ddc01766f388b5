import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { correctionsAnswerSchema, entityOf, kindFor, RECORD_KINDS, type CorrectionStatus } from '@3ds/domain';
import { api } from '../../../lib/api-client.ts';
import { readAnswer } from '../../../lib/answer-shape.ts';
import { recordsKeys } from '../../../lib/records/list-records.ts';

/** Whose corrections a panel lists: a job's (its own and its line items') or one line item's. */
export type CorrectionsOf = { jobId: string } | { lineItemId: string; yellowBucket: boolean };

export interface Correction {
  id: string;
  jobId: string;
  /** Empty: a correction of the job itself. */
  lineItemId: string;
  /** The line item is a Yellow Bucket one (its screen is another). */
  yellowBucket: boolean;
  field: string;
  oldValue: string;
  newValue: string;
  reason: string;
  requestedBy: string;
  requestedAt: string;
  status: CorrectionStatus;
  statusText: string;
  decidedBy: string;
  decidedAt: string;
  decisionNote: string;
}

/**
 * Under the records' keys: a correction changes a record (and what its job's documents say), so any
 * mutation of the records reads the corrections again, and a decision reads every record again.
 */
export const correctionsKeys = {
  all: [...recordsKeys.all, 'corrections'] as const,
  of: (of: CorrectionsOf) => [...recordsKeys.all, 'corrections', 'jobId' in of ? `job-${of.jobId}` : `line-item-${of.lineItemId}`] as const,
};

export function correctionsFrom(body: unknown): Correction[] {
  return readAnswer(correctionsAnswerSchema, body, 'corrections').data.map(({ recordId, fieldData: f }) => ({
    id: recordId,
    jobId: f['Job ID'],
    lineItemId: f['Line Item ID'],
    yellowBucket: f['Yellow Bucket'],
    field: f.Field,
    oldValue: f['Old Value'],
    newValue: f['New Value'],
    reason: f.Reason,
    requestedBy: f['Requested By'],
    requestedAt: f['Requested At'],
    status: f.Status,
    statusText: f['Status Text'],
    decidedBy: f['Decided By'],
    decidedAt: f['Decided At'],
    decisionNote: f['Decision Note'],
  }));
}

function pathOf(of: CorrectionsOf): string {
  if ('jobId' in of) return `/job/${encodeURIComponent(of.jobId)}/corrections`;
  return `/${RECORD_KINDS[entityOf('line-item', kindFor(of.yellowBucket))].singular}/${encodeURIComponent(of.lineItemId)}/corrections`;
}

export const correctionsQueryOptions = (of: CorrectionsOf) =>
  queryOptions({ queryKey: correctionsKeys.of(of), queryFn: async ({ signal }) => correctionsFrom(await api.get<unknown>(pathOf(of), { signal })) });

export function useCorrections(of: CorrectionsOf) {
  return useQuery(correctionsQueryOptions(of));
}

/** `POST /3ds/api/corrections`: a correction asked for, pending a second person's approval. */
export interface CorrectionRequest {
  target: { jobId: number } | { lineItemId: number };
  field: string;
  value: string;
  reason: string;
}

export function requestCorrectionMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['corrections', 'request'],
    mutationFn: async ({ target, field, value, reason }: CorrectionRequest) => correctionsFrom(await api.post('/corrections', { ...target, field, value, reason }))[0]!,
    // The dialog shows why a correction was refused.
    meta: { handlesErrors: true },
    // The record's history gained the request; its corrections list the new one.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordsKeys.all }),
  });
}

export function useRequestCorrection() {
  const queryClient = useQueryClient();
  return useMutation(requestCorrectionMutationOptions(queryClient));
}

/** `POST /3ds/api/correction/{id}/approve|reject { note }`. */
export interface CorrectionDecision {
  id: string;
  decision: 'approve' | 'reject';
  note: string;
}

export function decideCorrectionMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['corrections', 'decide'],
    mutationFn: async ({ id, decision, note }: CorrectionDecision) =>
      correctionsFrom(await api.post(`/correction/${encodeURIComponent(id)}/${decision}`, note.trim() ? { note: note.trim() } : {}))[0]!,
    meta: { handlesErrors: true },
    // An applied correction changed a record, its job's documents and reports: read them again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordsKeys.all }),
  });
}

export function useDecideCorrection() {
  const queryClient = useQueryClient();
  return useMutation(decideCorrectionMutationOptions(queryClient));
}
