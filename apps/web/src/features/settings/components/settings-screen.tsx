import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { settingsFieldSchemas, type SettingsValues } from '@3ds/domain';
import { z } from 'zod';
import { showAlert } from '../../../components/alerts/alert-store.ts';
import { PageFrame } from '../../../components/page/page-frame.tsx';
import { PrivilegeRequired } from '../../../components/page/privilege-required.tsx';
import { RecordLoadError } from '../../../components/record-view/detail-parts.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useMayPerform } from '../../../session/use-session.ts';
import { useSettings, type SettingsRecord } from '../api/get-settings.ts';
import { changedSettings, useUpdateSettings } from '../api/update-settings.ts';

const settingsSchema = z.object(settingsFieldSchemas);

/**
 * `/settings`: our own DEA registration — registered name, DEA registration number, address,
 * telephone and contact — printed on Form 41, the Certificate of Destruction and the ARCOS file.
 * For holders of MANAGE_SETTINGS; the server checks again and audits every change.
 */
export function SettingsScreen() {
  const mayEdit = useMayPerform('settings.edit');
  if (!mayEdit) return <PrivilegeRequired title="Settings" action="settings.edit" />;
  return <SettingsEditor />;
}

function SettingsEditor() {
  const query = useSettings();
  // Here, not in the form: a save gives the record a new modId, which gives a fresh form (its key),
  // and the confirmation must survive that.
  const saving = useUpdateSettings();
  return (
    <PageFrame title="Settings" subtitle="Our own DEA registration, as Form 41, the Certificate of Destruction and ARCOS reports print it.">
      {query.isPending && (
        <Paper withBorder shadow="xs" p="lg" maw={880} aria-busy="true" aria-label="Loading the settings">
          <Skeleton height={14} width={200} mb="md" />
          <Skeleton height={36} mb="sm" />
          <Skeleton height={36} width="60%" />
        </Paper>
      )}
      {query.isError && !(query.error instanceof ApiError && query.error.status === 403) && <RecordLoadError what="settings" error={query.error} />}
      {query.isError && query.error instanceof ApiError && query.error.status === 403 && <PrivilegeRequired title="Settings" action="settings.edit" />}
      {query.data && <SettingsForm key={query.data.modId} record={query.data} saving={saving} />}
    </PageFrame>
  );
}

function SettingsForm({ record, saving }: { record: SettingsRecord; saving: ReturnType<typeof useUpdateSettings> }) {
  const form = useForm<SettingsValues>({ mode: 'controlled', initialValues: record.values, validate: schemaResolver(settingsSchema, { sync: true }) });
  const changes = changedSettings(record.values, form.values);
  const unchanged = Object.keys(changes).length === 0;

  const submit = form.onSubmit((values) => {
    saving.mutate(
      { changes: changedSettings(record.values, values), modId: record.modId },
      { onSuccess: () => showAlert({ type: 'SUCCESS', title: 'Settings saved', message: 'Documents printed from now on show the new registration.' }) },
    );
  });
  const input = (key: keyof SettingsValues, label: string, extra: { description?: string; placeholder?: string; autoComplete?: string } = {}) => (
    <TextInput label={label} autoComplete={extra.autoComplete ?? 'off'} {...extra} key={form.key(key)} {...form.getInputProps(key)} />
  );

  return (
    <Paper withBorder shadow="xs" p="lg" maw={880} component="section" aria-labelledby="settings-registration">
      <form onSubmit={submit} noValidate aria-label="Our registration">
        <Stack gap="md">
          <Title order={2} fz="md" fw={650} id="settings-registration">
            Our registration
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {input('registrantName', 'Registered Name', { autoComplete: 'organization' })}
            {input('deaNumber', 'DEA Registration Number', { placeholder: 'RS1234563', description: 'Two letters and seven digits; a reverse distributor’s starts with R or P' })}
          </SimpleGrid>
          {input('addressLine1', 'Address', { autoComplete: 'address-line1' })}
          {input('addressLine2', 'Address (second line)', { autoComplete: 'address-line2' })}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {input('city', 'City', { autoComplete: 'address-level2' })}
            {input('state', 'State', { placeholder: 'OH', autoComplete: 'address-level1' })}
            {input('zip', 'ZIP', { placeholder: '43215', autoComplete: 'postal-code' })}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {input('telephone', 'Telephone', { autoComplete: 'tel' })}
            {input('contactName', 'Contact Name', { autoComplete: 'name' })}
          </SimpleGrid>
          <Group justify="space-between" gap="sm" mt="xs">
            <Text size="xs" c="dimmed">
              Every change is recorded in the audit log.
            </Text>
            <Group gap="sm">
              <Button variant="default" onClick={() => form.setValues(record.values)} disabled={unchanged || saving.isPending}>
                Undo changes
              </Button>
              <Button type="submit" disabled={unchanged} loading={saving.isPending}>
                Save
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
