import { Alert, Button, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { AmountInput } from '../../../components/forms/amount-input.tsx';
import { schemaResolver, useForm } from '@mantine/form';
import { CONTAINER_MESSAGES, containerFieldsSchema, mayPerform } from '@3ds/domain';
import { IconAlertTriangle, IconDeviceFloppy, IconLock, IconScale } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { routePath } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useSession } from '../../../session/use-session.ts';
import { showAlert } from '../../../lib/alert-store.ts';
import { PageFrame } from '../../../components/page/page-frame.tsx';
import { useRecord, type RecordData } from '../../../components/record-view/api/get-record.ts';
import { useValueList, valuesOf } from '../../../components/value-lists/value-list.ts';
import { useEditContainer } from '../api/edit-container.ts';
import { CONTAINER_KINDS, type ContainerKind, type ContainerKindConfig } from '../container-kinds.ts';
import {
  containerChanges,
  containerFacts,
  containerFormValues,
  enteredFrom,
  formGrossWeight,
  withCurrentOption,
  type ContainerFormValues,
} from '../container-record.ts';
import { warningFrom, WarningList, type Warning } from '../../../components/alerts/warning-list.tsx';
import { RecordChangedNotice } from '../../../components/alerts/record-changed-notice.tsx';

/**
 * The container edit screen (spec 2 §2 "Container edit"; `?new=true` right after the job view
 * created the container). Entered only from the container view or the job view, otherwise it
 * redirects to the view. Only changed fields are sent; none is "Invalid Form".
 */
export function ContainerEdit({ kind: kindName }: { kind: ContainerKind }) {
  const kind = CONTAINER_KINDS[kindName];
  const { id = '' } = useParams();
  const location = useLocation();
  const viewPath = routePath(kind.viewRoute, { id });
  if (!enteredFrom(location.state, kind.editEntries)) return <Navigate to={viewPath} replace />;
  return <ContainerEditScreen kind={kind} id={id} viewPath={viewPath} />;
}

function ContainerEditScreen({ kind, id, viewPath }: { kind: ContainerKindConfig; id: string; viewPath: string }) {
  const [searchParams] = useSearchParams();
  const isNew = searchParams.get('new') === 'true';
  const query = useRecord(kind.entity, id);
  const session = useSession();
  const title = `${isNew ? 'New' : 'Edit'} ${kind.noun} ${id}`;

  if (query.isError) {
    return (
      <PageFrame title={title}>
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="This container could not be shown">
          {query.error instanceof ApiError && query.error.status === 404 ? 'It does not exist, or it was deleted.' : 'Reload the page to try again.'}
        </Alert>
      </PageFrame>
    );
  }
  if (!query.data) {
    return (
      <PageFrame title={title} subtitle={<Skeleton height={12} width={140} mt={4} />}>
        <EditSkeleton />
      </PageFrame>
    );
  }

  const facts = containerFacts(query.data, kind.idField);
  const mayEdit = mayPerform(session?.privileges, kind.editAction);
  if (facts.locked || !mayEdit) {
    return (
      <PageFrame title={title} subtitle={facts.name || undefined}>
        <Paper withBorder shadow="xs" p="xl" maw={760}>
          <Group gap="md" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" color="gray" size="lg" radius="xl" aria-hidden>
              <IconLock size={20} stroke={1.8} />
            </ThemeIcon>
            <Stack gap="sm">
              <Text fw={600}>{facts.locked ? `This ${kind.noun.toLowerCase()} is locked.` : 'You may not edit this container.'}</Text>
              <Text size="sm" c="dimmed">
                {facts.locked
                  ? facts.jobLocked
                    ? `Job ${facts.jobId} is locked, so its containers cannot be changed.`
                    : 'Unlock it on its screen first.'
                  : 'Editing it needs a privilege your account does not hold.'}
              </Text>
              <Group>
                <Button component={Link} to={viewPath} variant="default">
                  Back to the container
                </Button>
              </Group>
            </Stack>
          </Group>
        </Paper>
      </PageFrame>
    );
  }

  return (
    <PageFrame title={title} subtitle={facts.name || undefined}>
      <ContainerEditForm kind={kind} record={query.data} viewPath={viewPath} isNew={isNew} onReload={async () => (await query.refetch()).data} />
    </PageFrame>
  );
}

interface ContainerEditFormProps {
  kind: ContainerKindConfig;
  record: RecordData;
  viewPath: string;
  isNew: boolean;
  onReload: () => Promise<RecordData | undefined>;
}

function ContainerEditForm({ kind, record, viewPath, isNew, onReload }: ContainerEditFormProps) {
  const navigate = useNavigate();
  const edit = useEditContainer(kind);
  const facts = containerFacts(record, kind.idField);
  // The values the user started from, and the version they came from: a background reload must not
  // move either, or someone else's change could be overwritten unnoticed.
  const [base, setBase] = useState(() => ({ values: containerFormValues(record), modId: record.modId }));
  const initial = base.values;
  const [problem, setProblem] = useState<Warning | null>(null);
  // "Invalid Form" (spec 2 §5): nothing was changed. Said in the form, every field outlined, until one is.
  const [nothingChanged, setNothingChanged] = useState(false);
  const form = useForm<ContainerFormValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: schemaResolver(containerFieldsSchema, { sync: true }),
    onValuesChange: () => setNothingChanged(false),
  });
  const field = (name: keyof ContainerFormValues) => {
    const props = form.getInputProps(name);
    return { ...props, error: props.error ?? (nothingChanged || undefined) };
  };

  const types = useValueList('Container Type', kind.containerTypes === 'value-list');
  const typeChoices = kind.containerTypes === 'value-list' ? valuesOf(types.data) : kind.containerTypes;
  const typeOptions = useMemo(() => withCurrentOption(typeChoices, initial.containerType), [typeChoices, initial.containerType]);
  const uomOptions = useMemo(() => withCurrentOption(kind.grossUoMs, initial.grossUoM), [kind.grossUoMs, initial.grossUoM]);
  const gross = formGrossWeight(form.values);

  const submit = form.onSubmit((values) => {
    setProblem(null);
    const changes = containerChanges(initial, values);
    if (Object.keys(changes).length === 0) {
      setNothingChanged(true);
      return;
    }
    edit.mutate(
      { id: facts.id, modId: base.modId, changes },
      {
        onSuccess: () => {
          showAlert({ type: 'SUCCESS', message: `${kind.noun} ${facts.id} was saved.` });
          void navigate(viewPath, { replace: true });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) return;
          setProblem(warningFrom(error, `${kind.noun} ${facts.id} could not be saved`));
        },
      },
    );
  });

  // After a 409 ("changed by someone else"): start again from the record as it is now.
  const reload = async () => {
    const fresh = await onReload();
    if (!fresh) return;
    const values = containerFormValues(fresh);
    setBase({ values, modId: fresh.modId });
    form.setInitialValues(values);
    form.setValues(values);
    setProblem(null);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={`${isNew ? 'New' : 'Edit'} ${kind.noun.toLowerCase()}`}>
      <Stack gap="lg" maw={960}>
        {isNew && (
          <Text size="sm" c="dimmed">
            The container was added to job {facts.jobId}. Fill in its details and save.
          </Text>
        )}
        {!isNew && <RecordChangedNotice entity="container" recordId={facts.id} saving={edit.isPending} onReload={reload} />}
        <Paper withBorder shadow="xs" p="lg" component="section" aria-labelledby="container-fields">
          <Title order={2} fz="md" fw={650} mb="md" id="container-fields">
            Container
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" verticalSpacing="md">
            <TextInput label="Container Name" autoFocus key={form.key('containerName')} {...field('containerName')} />
            <TextInput label="Pallet" key={form.key('pallet')} {...field('pallet')} />
            <Select
              label="Container Type"
              placeholder={kind.containerTypes === 'value-list' && types.isPending ? 'Loading types…' : 'Choose a type'}
              data={typeOptions}
              clearable
              searchable
              nothingFoundMessage="No such type"
              key={form.key('containerType')}
              {...field('containerType')}
              value={form.values.containerType || null}
              onChange={(value) => form.setFieldValue('containerType', value ?? '')}
            />
          </SimpleGrid>
        </Paper>

        <Paper withBorder shadow="xs" p="lg" component="section" aria-labelledby="container-weights-form">
          <Title order={2} fz="md" fw={650} mb="md" id="container-weights-form">
            Weights
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg" verticalSpacing="md">
            <AmountInput label="Package Weight" key={form.key('packageWeight')} {...field('packageWeight')} />
            <AmountInput label="Net Weight" key={form.key('netWeight')} {...field('netWeight')} />
            <Select
              label="Gross UoM"
              placeholder="Choose a unit"
              data={uomOptions}
              clearable
              key={form.key('grossUoM')}
              {...field('grossUoM')}
              value={form.values.grossUoM || null}
              onChange={(value) => form.setFieldValue('grossUoM', value ?? '')}
            />
            <TextInput
              label="Gross Weight"
              description="Net weight plus package weight"
              inputWrapperOrder={['label', 'input', 'description']}
              value={`${gross}${form.values.grossUoM ? ` ${form.values.grossUoM}` : ''}`}
              readOnly
              variant="filled"
              leftSection={<IconScale size={17} stroke={1.7} aria-hidden />}
              styles={{ input: { fontWeight: 700 } }}
            />
          </SimpleGrid>
        </Paper>

        {nothingChanged && (
          <Alert color="yellow" variant="light" title={CONTAINER_MESSAGES.invalidForm} icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" data-alert-type="WARNING">
            Nothing was changed. Change a field to save, or Cancel.
          </Alert>
        )}
        {problem && (
          <WarningList warning={problem}>
            {problem.conflict && (
              <Group mt="sm">
                <Button size="xs" variant="white" color="red" onClick={() => void reload()}>
                  Reload the container
                </Button>
              </Group>
            )}
          </WarningList>
        )}

        <Group justify="flex-end" gap="sm">
          <Button component={Link} to={viewPath} variant="default">
            Cancel
          </Button>
          <Button type="submit" loading={edit.isPending} leftSection={<IconDeviceFloppy size={16} stroke={1.8} aria-hidden />}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function EditSkeleton() {
  return (
    <Stack gap="lg" maw={960} aria-busy="true" aria-label="Loading the container">
      {[3, 4].map((count) => (
        <Paper key={count} withBorder shadow="xs" p="lg">
          <Skeleton height={16} width={90} mb="lg" />
          <SimpleGrid cols={{ base: 1, sm: 2, md: count }} spacing="lg">
            {Array.from({ length: count }, (_, index) => (
              <Stack key={index} gap={8}>
                <Skeleton height={12} width="40%" />
                <Skeleton height={36} />
              </Stack>
            ))}
          </SimpleGrid>
        </Paper>
      ))}
    </Stack>
  );
}
