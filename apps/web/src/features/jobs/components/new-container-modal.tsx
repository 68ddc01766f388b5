import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  CONTAINER_GROSS_UOMS,
  CONTAINER_MESSAGES,
  YB_CONTAINER_GROSS_UOMS,
  YB_CONTAINER_TYPES,
  containerFieldsSchema,
  grossWeight,
} from '@3ds/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { recordRoute, routePath } from '../../../config/paths.ts';
import { filledContainerFields, useCreateContainer, type NewContainerValues } from '../api/create-container.ts';
import { useValueList } from '../../../components/value-lists/value-list.ts';
import { AmountInput } from '../../../components/forms/amount-input.tsx';
import { IconAlertTriangle } from '@tabler/icons-react';
import { JOB_CONTAINER_PORTALS, type ContainerKind } from '../job-record.ts';

interface NewContainerModalProps {
  jobId: string;
  /** The kind to create, or null while closed. */
  kind: ContainerKind | null;
  onClose: () => void;
}

const EMPTY: NewContainerValues = {
  containerName: '',
  pallet: '',
  containerType: null,
  packageWeight: '',
  netWeight: '',
  grossUoM: null,
};

const weightOf = (value: number | string): number | null => {
  if (value === '' || value === null) return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
};

/**
 * "New Container" / "New Yellow Bucket Container" (spec 2 §2 "Container edit", §7): name, pallet,
 * type, package and net weight and gross UoM, with the gross weight shown live as net + package.
 * Only the filled fields are sent; nothing filled is "Invalid Form". The new container opens.
 */
export function NewContainerModal({ jobId, kind: requested, onClose }: NewContainerModalProps) {
  const navigate = useNavigate();
  // The last kind asked for stays while the modal closes, so its title does not change mid-transition.
  const [kind, setKind] = useState<ContainerKind | null>(requested);
  if (requested !== null && requested !== kind) setKind(requested);
  const create = useCreateContainer();
  const yellow = kind === 'yellow_bucket';
  const types = useValueList('Container Type', kind === 'standard');
  // "Invalid Form" (spec 2 §5): nothing was filled in. Said in the form, with every field outlined,
  // until something is typed.
  const [nothingFilled, setNothingFilled] = useState(false);
  const form = useForm<NewContainerValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: schemaResolver(containerFieldsSchema, { sync: true }),
    onValuesChange: () => setNothingFilled(false),
  });
  const field = (name: keyof NewContainerValues) => {
    const props = form.getInputProps(name);
    return { ...props, error: props.error ?? (nothingFilled || undefined) };
  };

  const close = () => {
    if (create.isPending) return;
    form.reset();
    setNothingFilled(false);
    onClose();
  };

  const submit = form.onSubmit((values) => {
    if (!kind) return;
    const fields = filledContainerFields(values);
    if (Object.keys(fields).length === 0) {
      setNothingFilled(true);
      return;
    }
    create.mutate(
      { kind, jobId, fields },
      {
        onSuccess: ({ recordId }) => {
          form.reset();
          onClose();
          void navigate(routePath(recordRoute(JOB_CONTAINER_PORTALS[kind].entity, 'view'), { id: recordId }));
        },
        // A refusal shows the server's message (and its rule texts) through the shared handler.
      },
    );
  });

  const net = weightOf(form.values.netWeight);
  const pkg = weightOf(form.values.packageWeight);
  // Only weights the rules take add up: a refused one (negative) leaves the gross weight blank.
  const gross = (net === null && pkg === null) || (net ?? 0) < 0 || (pkg ?? 0) < 0 ? '' : String(grossWeight(net, pkg));
  const typeOptions = yellow ? [...YB_CONTAINER_TYPES] : (types.data ?? []);
  const uomOptions = yellow ? [...YB_CONTAINER_GROSS_UOMS] : [...CONTAINER_GROSS_UOMS];

  return (
    <Modal
      opened={requested !== null}
      onClose={close}
      title={yellow ? 'New Yellow Bucket Container' : 'New Container'}
      size="lg"
      closeOnClickOutside={!create.isPending}
    >
      <form onSubmit={submit} noValidate aria-label={yellow ? 'New Yellow Bucket Container' : 'New Container'}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
            <TextInput label="Container Name" data-autofocus key={form.key('containerName')} {...field('containerName')} />
            <TextInput label="Pallet" key={form.key('pallet')} {...field('pallet')} />
            <Select
              label="Container Type"
              data={typeOptions}
              clearable
              searchable
              placeholder={!yellow && types.isPending ? 'Loading…' : 'Choose a type'}
              disabled={!yellow && types.isPending}
              nothingFoundMessage="No such type"
              comboboxProps={{ withinPortal: true }}
              key={form.key('containerType')}
              {...field('containerType')}
            />
            <Select
              label="Gross UoM"
              data={uomOptions}
              clearable
              placeholder="Choose a unit"
              comboboxProps={{ withinPortal: true }}
              key={form.key('grossUoM')}
              {...field('grossUoM')}
            />
            <AmountInput label="Package Weight" key={form.key('packageWeight')} {...field('packageWeight')} />
            <AmountInput label="Net Weight" key={form.key('netWeight')} {...field('netWeight')} />
          </SimpleGrid>
          <TextInput
            label="Gross Weight"
            description="Net weight plus package weight"
            value={gross === '' ? '' : `${gross}${form.values.grossUoM ? ` ${form.values.grossUoM}` : ''}`}
            placeholder="—"
            readOnly
            variant="filled"
            aria-live="polite"
          />
          {nothingFilled && (
            <Alert color="yellow" variant="light" title={CONTAINER_MESSAGES.invalidForm} icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" data-alert-type="WARNING">
              Fill in at least one field — a name, pallet, type, weight or unit — to create the container.
            </Alert>
          )}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
