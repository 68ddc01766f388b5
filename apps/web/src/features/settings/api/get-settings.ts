import { SETTINGS_FIELDS, settingsAnswerSchema, type SettingsKey, type SettingsValues } from '@3ds/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readAnswer, unexpectedAnswer } from '../../../lib/answer-shape.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * `GET /3ds/api/settings` — our own registration, the one settings record (any signed-in user may
 * read it: the documents print it). Changes invalidate `settingsKeys.all`.
 */
export const settingsKeys = { all: ['settings'] as const };

export interface SettingsRecord {
  modId: string;
  values: SettingsValues;
}

const KEYS = Object.keys(SETTINGS_FIELDS) as SettingsKey[];

/** The answer's record, read by the settings' contract: every field a string. */
export function settingsRecordFrom(body: unknown): SettingsRecord {
  const record = readAnswer(settingsAnswerSchema, body, 'settings').data[0] ?? unexpectedAnswer('settings');
  const values = Object.fromEntries(KEYS.map((key) => [key, record.fieldData[SETTINGS_FIELDS[key]]])) as SettingsValues;
  return { modId: record.modId, values };
}

export async function getSettings(signal?: AbortSignal): Promise<SettingsRecord> {
  return settingsRecordFrom(await api.get('/settings', { signal }));
}

export const settingsQueryOptions = () => queryOptions({ queryKey: settingsKeys.all, queryFn: ({ signal }) => getSettings(signal) });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
