import { ActionIcon, Alert, Button, Group, List, Paper, SegmentedControl, Select, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { settingsFieldSchemas, todayInTimeZone, timeZoneProblem, formatIsoDate, type HolidaysAnswer, type SettingsValues } from '@3ds/domain';
import { IconAlertTriangle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { showAlert } from '../../../lib/alert-store.ts';
import { PageFrame } from '../../../components/page/page-frame.tsx';
import { PrivilegeRequired } from '../../../components/page/privilege-required.tsx';
import { RecordLoadError } from '../../../components/record-view/detail-parts.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useMayPerform } from '../../../session/use-session.ts';
import { useSettings, type SettingsRecord } from '../api/get-settings.ts';
import { useHolidays, useSaveHolidays } from '../api/holidays.ts';
import { changedSettings, useUpdateSettings } from '../api/update-settings.ts';
import { addHoliday, bodyOf, draftsOf, holidayYears, isUnchanged, listProblems, problemShown, weekdayOf, withFederalHolidays, type AddProblems, type HolidayDraft } from '../holidays-model.ts';

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
 * Below, the holiday calendar the deadlines counted in business days skip.
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
      {query.data && <HolidaysCard timeZone={query.data.values.timeZone} />}
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

/** The server's refusal as problems: its details (each naming a holiday), else its message. */
function refusalProblems(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  return error.details?.length ? error.details : [error.message];
}

/**
 * The holiday calendar (rules/business-days.ts): a year's holidays — the one before, this one (in the
 * Settings' time zone) or the next — which the deadlines counted in business days skip, such as the
 * one-business-day notice of a theft or loss to DEA. Whoever may keep the calendar adds and removes
 * holidays and saves the year's list; anyone else reads it.
 */
function HolidaysCard({ timeZone }: { timeZone: string }) {
  const years = holidayYears(todayInTimeZone(new Date(), timeZone));
  const [year, setYear] = useState(years[1]!);
  const query = useHolidays(year);
  // Here, not in the editor: a save gives the editor a fresh start (its key), and the confirmation must survive that.
  const saving = useSaveHolidays();
  return (
    <Paper withBorder shadow="xs" p="lg" maw={880} mt="lg" component="section" aria-labelledby="settings-holidays">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="md" fw={650} id="settings-holidays">
            Holidays
          </Title>
          <SegmentedControl
            aria-label="Year"
            size="xs"
            data={years.map(String)}
            value={String(year)}
            onChange={(value) => {
              saving.reset();
              setYear(Number(value));
            }}
          />
        </Group>
        <Text size="sm" c="dimmed">
          The days besides Saturdays and Sundays that are not business days: deadlines counted in business days, such as the notice of a theft or loss to DEA within one business day of its discovery, skip them.
        </Text>
        {query.isPending && (
          <Stack gap="xs" aria-busy="true" aria-label={`Loading the holidays of ${year}`}>
            <Skeleton height={14} width={220} />
            <Skeleton height={28} />
            <Skeleton height={28} width="70%" />
          </Stack>
        )}
        {query.isError && <RecordLoadError what="calendar" error={query.error} />}
        {/* A fresh editor for each year and each list the server keeps: a save starts it again from what was kept. */}
        {query.data && <HolidaysEditor key={`${year}:${JSON.stringify(query.data.holidays)}`} answer={query.data} saving={saving} />}
      </Stack>
    </Paper>
  );
}

function HolidaysEditor({ answer, saving }: { answer: HolidaysAnswer; saving: ReturnType<typeof useSaveHolidays> }) {
  const { year } = answer;
  const mayEdit = useMayPerform('settings.holidays');
  const [drafts, setDrafts] = useState(() => draftsOf(answer.holidays));
  const [typed, setTyped] = useState({ date: '', name: '' });
  const [addProblems, setAddProblems] = useState<AddProblems>({});
  const [notice, setNotice] = useState('');
  const [tried, setTried] = useState(false);
  const local = tried ? listProblems(year, drafts) : [];
  const problems = local.length ? local : refusalProblems(saving.error).map((problem) => problemShown(problem, drafts));
  const unchanged = isUnchanged(answer.holidays, drafts);

  const change = (next: HolidayDraft[], message = '') => {
    saving.reset();
    setDrafts(next);
    setNotice(message);
  };
  const add = (event: FormEvent) => {
    event.preventDefault();
    const result = addHoliday(year, drafts, typed);
    if ('problems' in result) {
      setAddProblems(result.problems);
      return;
    }
    setAddProblems({});
    setTyped({ date: '', name: '' });
    change(result.drafts);
  };
  const addFederal = () => {
    const result = withFederalHolidays(year, drafts);
    change(result.drafts, result.added ? `${result.added} federal holidays added: save to keep them.` : `The federal holidays of ${year} are all listed already.`);
  };
  const save = () => {
    setTried(true);
    if (listProblems(year, drafts).length) return;
    saving.mutate(bodyOf(year, drafts), {
      onSuccess: (saved) => showAlert({ type: 'SUCCESS', title: 'Holidays saved', message: `The calendar of ${saved.year} lists ${saved.holidays.length} holidays.` }),
    });
  };

  return (
    <Stack gap="sm">
      {problems.length > 0 && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={`The holidays of ${year} were not saved`} role="alert">
          <List size="sm">
            {problems.map((problem) => (
              <List.Item key={problem}>{problem}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Table fz="sm" verticalSpacing={6} aria-label={`Holidays of ${year}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={120}>Date</Table.Th>
            <Table.Th w={120}>Weekday</Table.Th>
            <Table.Th>Name</Table.Th>
            {mayEdit && (
              <Table.Th w={44}>
                <VisuallyHidden>Remove</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {drafts.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={mayEdit ? 4 : 3}>
                <Text size="sm" c="dimmed">
                  No holidays are kept for {year}: only Saturdays and Sundays are skipped.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {drafts.map((draft) => (
            <Table.Tr key={draft.key}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{draft.date}</Table.Td>
              <Table.Td>{weekdayOf(draft.date)}</Table.Td>
              <Table.Td>{draft.name}</Table.Td>
              {mayEdit && (
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Remove ${draft.date} ${draft.name}`}
                    onClick={() => change(drafts.filter((other) => other.key !== draft.key))}
                  >
                    <IconTrash size={16} stroke={1.7} aria-hidden />
                  </ActionIcon>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {mayEdit && (
        <>
          <form onSubmit={add} noValidate aria-label="Add Holiday">
            <Group align="flex-start" gap="sm">
              <TextInput
                label="Date"
                placeholder="MM/DD/YYYY"
                inputMode="numeric"
                autoComplete="off"
                w={150}
                value={typed.date}
                error={addProblems.date}
                description={weekdayOf(typed.date) || undefined}
                onChange={(event) => {
                  const date = event.currentTarget.value;
                  setTyped((current) => ({ ...current, date }));
                }}
              />
              <TextInput
                label="Name"
                placeholder="e.g. Day after Thanksgiving"
                autoComplete="off"
                style={{ flex: 1 }}
                value={typed.name}
                error={addProblems.name}
                onChange={(event) => {
                  const name = event.currentTarget.value;
                  setTyped((current) => ({ ...current, name }));
                }}
              />
              <Button type="submit" variant="light" mt={25} leftSection={<IconPlus size={15} stroke={2} aria-hidden />}>
                Add Holiday
              </Button>
            </Group>
          </form>
          <Group justify="space-between" gap="sm" mt="xs">
            <Button variant="default" size="xs" onClick={addFederal}>
              Add the federal holidays of {year}
            </Button>
            <Group gap="sm">
              <Button
                variant="default"
                onClick={() => {
                  setTried(false);
                  change(draftsOf(answer.holidays));
                }}
                disabled={unchanged || saving.isPending}
              >
                Undo changes
              </Button>
              <Button onClick={save} disabled={unchanged} loading={saving.isPending}>
                Save
              </Button>
            </Group>
          </Group>
          <Text size="xs" c="dimmed" role="status">
            {notice || (unchanged ? 'Every change is recorded in the audit log.' : `Not saved yet: Save keeps the list of ${year}.`)}
          </Text>
        </>
      )}
    </Stack>
  );
}
