import { Button, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { settingsFieldSchemas, todayInTimeZone, timeZoneProblem, formatIsoDate, type SettingsValues } from '@3ds/domain';
import { z } from 'zod';
import { showAlert } from '../../../lib/alert-store.ts';
import { PageFrame } from '../../../components/page/page-frame.tsx';
import { PrivilegeRequired } from '../../../components/page/privilege-required.tsx';
import { RecordLoadError } from '../../../components/record-view/detail-parts.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useMayPerform } from '../../../session/use-session.ts';
import { useSettings, type SettingsRecord } from '../api/get-settings.ts';
import { changedSettings, useUpdateSettings } from '../api/update-settings.ts';

const settingsSchema = z.object(settingsFieldSchemas);

/** The IANA time zones this browser knows, UTC first, and the one the settings hold if it is not among them. */
function timeZoneChoices(current: string): string[] {
  const zones = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC' && timeZoneProblem(zone) === undefined)];
  return current && !zones.includes(current) ? [current, ...zones] : zones;
}

/**
 * `/settings`: our own DEA registration — registered name, DEA registration number, address,
 * telephone and contact — printed on Form 41, the Certificate of Destruction and the ARCOS reports; the
 * ARCOS settings; and the time zone whose day is 3DS's today (Days Left, every date check). For holders
 * of MANAGE_SETTINGS; every field is checked as it is typed, the server checks again and audits every change.
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
    <PageFrame title="Settings" subtitle="Our own DEA registration, as Form 41, the Certificate of Destruction and ARCOS reports print it, and the time zone our days are counted in.">
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
  const form = useForm<SettingsValues>({
    mode: 'controlled',
    initialValues: record.values,
    validate: schemaResolver(settingsSchema, { sync: true }),
    // Beside the field as soon as it is left, not only on Save.
    validateInputOnBlur: true,
  });
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
          <Title order={3} fz="sm" fw={650} mt="xs">
            ARCOS
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {input('deaRegionalNumber', 'DEA Regional Number', {
              description: 'The DEA office number written as the associate registrant of a destruction (Y) record',
            })}
            <Select
              label="ARCOS Reporting"
              description="Each ARCOS report covers a month or a quarter (21 CFR 1304.33(b))"
              data={[
                { value: 'quarterly', label: 'Quarterly' },
                { value: 'monthly', label: 'Monthly' },
              ]}
              allowDeselect={false}
              key={form.key('arcosFrequency')}
              {...form.getInputProps('arcosFrequency')}
            />
          </SimpleGrid>
          <Title order={3} fz="sm" fw={650} mt="xs">
            Our day
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Time Zone"
              description={
                form.values.timeZone && timeZoneProblem(form.values.timeZone) === undefined
                  ? `Today is ${formatIsoDate(todayInTimeZone(new Date(), form.values.timeZone))} there: the day Days Left counts from and dates are checked against`
                  : 'The day Days Left counts from and dates are checked against'
              }
              searchable
              allowDeselect={false}
              nothingFoundMessage="No such time zone"
              data={timeZoneChoices(form.values.timeZone)}
              comboboxProps={{ withinPortal: true }}
              key={form.key('timeZone')}
              {...form.getInputProps('timeZone')}
              value={form.values.timeZone || null}
              onChange={(value) => form.setFieldValue('timeZone', value ?? '')}
            />
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
