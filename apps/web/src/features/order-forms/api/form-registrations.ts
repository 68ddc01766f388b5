import { ORDER_FORM_REGISTRATION_SCHEDULES, todayIso } from '@3ds/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { recordsKeys } from '../../../lib/records/list-records.ts';
import { parseListResponse, recordText } from '../../../lib/records/record-shapes.ts';
import type { FindRequest } from '../../../lib/records/list-state.ts';
import { jobRegistrationFind, type JobRegistration } from '../../../components/new-job/api/job-registrations.ts';

/** How many registrations the New Form 222 dialog lists for what was typed. */
const SHOWN = 30;

/**
 * The registrations a Form 222 can name as its supplier: the New Job dialog's (current DEA
 * registrations), and of those only the ones registered for Schedule 2 or 2N. The server checks the
 * registration again (422).
 */
export function formRegistrationFind(today: string = todayIso()): FindRequest[] {
  return jobRegistrationFind(today).flatMap((request) =>
    ORDER_FORM_REGISTRATION_SCHEDULES.map((schedule) => ({ ...request, criteria: { ...request.criteria, [`Schedule ${schedule}`]: 'Yes' } })),
  );
}

/** `GET /3ds/api/registrations` with that find and the typed text as a quick find, by company. */
export async function searchFormRegistrations(text: string, today: string, signal?: AbortSignal): Promise<JobRegistration[]> {
  const quick = text.trim();
  const body = await api.get('/registrations', {
    query: {
      searchCriteria: formRegistrationFind(today),
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

export function formRegistrationsQueryOptions(text: string, today: string) {
  return queryOptions({
    queryKey: [...recordsKeys.entity('registrations'), 'form-222-registrations', today, text.trim()] as const,
    queryFn: ({ signal }) => searchFormRegistrations(text, today, signal),
    staleTime: 0,
  });
}

export function useFormRegistrations(text: string, today: string, enabled: boolean) {
  return useQuery({ ...formRegistrationsQueryOptions(text, today), enabled, placeholderData: keepPreviousData });
}
