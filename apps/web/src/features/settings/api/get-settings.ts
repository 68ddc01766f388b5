import { SETTINGS_FIELDS, type SettingsFieldName, type SettingsKey, type SettingsValues } from '@3ds/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { UnexpectedAnswerError } from '../../../lib/answer-shape.ts';
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

/** The answer's record, checked: every field a string. */
export function settingsRecordFrom(body: unknown): SettingsRecord {
  const record = (body as { data?: { modId?: unknown; fieldData?: Record<string, unknown> }[] } | null)?.data?.[0];
  const fieldData = record?.fieldData;
  if (!record || typeof record.modId !== 'string' || !fieldData || KEYS.some((key) => typeof fieldData[SETTINGS_FIELDS[key]] !== 'string')) {
    throw new UnexpectedAnswerError("The server's answer has an unexpected shape (settings).");
  }
  const values = Object.fromEntries(KEYS.map((key) => [key, fieldData[SETTINGS_FIELDS[key] as SettingsFieldName] as string])) as SettingsValues;
  return { modId: record.modId, values };
}

export async function getSettings(signal?: AbortSignal): Promise<SettingsRecord> {
  return settingsRecordFrom(await api.get<unknown>('/settings', { signal }));
}

export const settingsQueryOptions = () => queryOptions({ queryKey: settingsKeys.all, queryFn: ({ signal }) => getSettings(signal) });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
