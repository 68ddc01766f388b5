import { DEA_AGENCY, formatIsoDate, todayIso } from '@3ds/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { recordsKeys } from '../../../lib/records/list-records.ts';
import { parseListResponse, recordText } from '../../../lib/records/record-shapes.ts';
import type { FindRequest } from '../../../lib/records/list-state.ts';

/** How many registrations the New Job dialog lists for what was typed. */
const SHOWN = 30;

/** A registration a job can be created on, as the New Job dialog offers it. */
export interface JobRegistration {
  id: string;
  number: string;
  companyName: string;
  activity: string;
  /** MM/DD/YYYY. */
  expiration: string;
}

/**
 * The registrations a new job can be on (spec 1 §4 "Job creation"): DEA registrations that have not
 * expired — what a company's Registrations card offers, across all companies. The server checks
 * the registration again (404, 422 when expired).
 */
export function jobRegistrationFind(today: string = todayIso()): FindRequest[] {
  return [{ omit: false, criteria: { 'Expiration Date': `>=${formatIsoDate(today)}`, 'Federal Agency': `==${DEA_AGENCY}` } }];
}

export async function searchJobRegistrations(text: string, signal?: AbortSignal): Promise<JobRegistration[]> {
  const quick = text.trim();
  const body = await api.get('/registrations', {
    query: {
      searchCriteria: jobRegistrationFind(),
      ...(quick ? { quickFind: true, quickFindCriteria: quick } : {}),
      sort: [{ fieldName: 'Company Name', sortOrder: 'ascend' }],
      limit: SHOWN,
    },
    signal,
  });
  return parseListResponse(body).data.map((record) => ({
    id: recordText(record, 'Record_Number_PK_ID') || record.recordId,
    number: recordText(record, 'Registration Number'),
    companyName: recordText(record, 'Company Name'),
    activity: recordText(record, 'Activity'),
    expiration: recordText(record, 'Expiration Date'),
  }));
}

export function useJobRegistrations(text: string, enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: [...recordsKeys.entity('registrations'), 'job-registrations', text.trim()] as const,
      queryFn: ({ signal }) => searchJobRegistrations(text, signal),
      staleTime: 0,
    }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
