import { SETTINGS_FIELDS, type SettingsFieldName, type SettingsKey, type SettingsValues } from '@3ds/domain';
import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { settingsKeys, settingsRecordFrom, type SettingsRecord } from './get-settings.ts';

/**
 * `PATCH /3ds/api/settings` `{ fieldData, modId }` — the fields that changed ("" empties one). The
 * server checks MANAGE_SETTINGS (403), every value (422) and the modId (409: changed meanwhile).
 */
export interface UpdateSettingsRequest {
  changes: Partial<Record<SettingsFieldName, string>>;
  modId: string;
}

/** The fields whose value changed, by API name, trimmed. */
export function changedSettings(before: SettingsValues, after: SettingsValues): Partial<Record<SettingsFieldName, string>> {
  const changes: Partial<Record<SettingsFieldName, string>> = {};
  for (const key of Object.keys(SETTINGS_FIELDS) as SettingsKey[]) {
    if (after[key].trim() !== before[key].trim()) changes[SETTINGS_FIELDS[key]] = after[key].trim();
  }
  return changes;
}

export async function updateSettings({ changes, modId }: UpdateSettingsRequest): Promise<SettingsRecord> {
  return settingsRecordFrom(await api.patch('/settings', { fieldData: changes, modId }));
}

export function updateSettingsMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['settings', 'update'],
    mutationFn: updateSettings,
    meta: { failure: 'The settings were not saved' },
    onSuccess: (record) => queryClient.setQueryData(settingsKeys.all, record),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
  });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation(updateSettingsMutationOptions(queryClient));
}
