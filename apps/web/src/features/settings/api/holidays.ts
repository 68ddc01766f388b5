import { holidaysAnswerSchema, type HolidaysAnswer, type HolidaysBody } from '@3ds/domain';
import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { readAnswer } from '../../../lib/answer-shape.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * The holiday calendar: `GET /3ds/api/settings/holidays?year=` (any signed-in user) and `PUT` a
 * year's list (MANAGE_SETTINGS: 403; every problem of the list: 422). A save stores the year's answer
 * and invalidates `holidaysKeys.all`.
 */
export const holidaysKeys = {
  all: ['settings', 'holidays'] as const,
  year: (year: number) => [...holidaysKeys.all, year] as const,
};

export async function getHolidays(year: number, signal?: AbortSignal): Promise<HolidaysAnswer> {
  return readAnswer(holidaysAnswerSchema, await api.get('/settings/holidays', { query: { year }, signal }), 'the holidays');
}

export const holidaysQueryOptions = (year: number) =>
  queryOptions({
    queryKey: holidaysKeys.year(year),
    queryFn: ({ signal }) => getHolidays(year, signal),
    meta: { failure: `The holidays of ${year} could not be read` },
  });

export function useHolidays(year: number) {
  return useQuery(holidaysQueryOptions(year));
}

export async function saveHolidays(body: HolidaysBody): Promise<HolidaysAnswer> {
  return readAnswer(holidaysAnswerSchema, await api.put('/settings/holidays', body), 'the holidays');
}

export function saveHolidaysMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['settings', 'holidays', 'save'],
    mutationFn: saveHolidays,
    // The card shows the refusal beside the list.
    meta: { handlesErrors: true },
    onSuccess: (answer) => queryClient.setQueryData(holidaysKeys.year(answer.year), answer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: holidaysKeys.all }),
  });
}

export function useSaveHolidays() {
  const queryClient = useQueryClient();
  return useMutation(saveHolidaysMutationOptions(queryClient));
}
