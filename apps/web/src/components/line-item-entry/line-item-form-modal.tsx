import { Alert, Button, Group, Modal, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconDeviceFloppy, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ApiError } from '../../lib/api-error.ts';
import { showAlert } from '../../lib/alert-store.ts';
import type { RecordData } from '../../lib/records/record-shapes.ts';
import { useCreateLineItem } from './api/create-line-item.ts';
import { useNdcLookup } from './api/ndc-lookup.ts';
import { useUpdateLineItem } from './api/update-line-item.ts';
import { useValueList, valuesOf } from '../value-lists/value-list.ts';
import {
  formLayout,
  formProblems,
  initialFormValues,
  lineItemFormSchema,
  newLineItemBody,
  packQuantityRequired,
  recordFormValues,
  ruleFieldErrors,
  uomChoices,
  percentFillError,
  updateLineItemBody,
  type LineItemFormMode,
  type LineItemFormValues,
} from './line-item-form-model.ts';
import { LineItemFormFields } from './line-item-form-fields.tsx';
import type { LineItemKindConfig } from './line-item-kinds.ts';
import type { NdcLookup } from './ndc-lookup-shape.ts';
import { rulesWarning, warningFrom, WarningList, type Warning } from '../alerts/warning-list.tsx';
import { RecordChangedNotice } from '../alerts/record-changed-notice.tsx';
import { NdcProduct } from './ndc-product.tsx';
import classes from './line-item-entry.module.css';

export interface LineItemFormModalProps {
  kind: LineItemKindConfig;
  mode: LineItemFormMode;
  /** The NDC the form is for: the chosen one (new), or the line item's (edit, duplicate). */
  ndc: string;
  /** The container a new or duplicated line item goes into. */
  containerId: string;
  /** The line item edited or duplicated. */
  record?: RecordData | undefined;
  opened: boolean;
  onClose: () => void;
  /** After a save: the new line item's id (new, duplicate) or the edited one's, and the values saved. */
  onSaved: (recordId: string, values: LineItemFormValues) => void;
  /** A new line item's values known before the form opens (a scan's lot, expiry and serial; "same as last"). */
  prefill?: Partial<LineItemFormValues> | undefined;
  /** The form starts again from its prefill when this changes (without closing the modal). */
  startKey?: string | undefined;
  /** Shown above the fields: where the values came from, and how to start otherwise. */
  notice?: ReactNode;
  /** Where the focus goes once the form is there: its first field, or Save (one Enter saves). */
  focus?: 'first-field' | 'save' | undefined;
  /** Called once the form shows its values (the scan's timing ends there). */
  onReady?: (() => void) | undefined;
  /** Reads the edited line item again (after "changed by someone else"). */
  onReload?: (() => Promise<RecordData | undefined>) | undefined;
}

/**
 * The line item form (spec 2 §2), a modal titled 'Enter Data For {ndc}' in three modes: new,
 * edit and duplicate. The rules of spec 2 §5 make a warning list in the modal that blocks the save;
 * the server's 422 answers show the same way.
 */
export function LineItemFormModal(props: LineItemFormModalProps) {
  const { opened, onClose, ndc } = props;
  // A phone gives the form the whole screen; its Save stays at the bottom of it (formActions).
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <Modal opened={opened} onClose={onClose} title={`Enter Data For ${ndc}`} size="xl" fullScreen={phone} closeOnClickOutside={false}>
      {/* Mounted only while open: every opening starts from the record or the defaults. */}
      {opened && <LineItemFormLoader {...props} />}
    </Modal>
  );
}

function LineItemFormLoader(props: LineItemFormModalProps) {
  const lookup = useNdcLookup(props.ndc);
  const sources = useValueList('Source');
  const causes = useValueList('Cause');
  const uoms = useValueList('Dynamic UoM');

  if (lookup.isPending) return <FormSkeleton />;
  if (lookup.isError && props.mode !== 'edit') {
    // A new line item needs the dictionary entry (its schedule decides the rules).
    return (
      <Stack gap="md">
        <WarningList warning={warningFrom(lookup.error, `NDC ${props.ndc} could not be looked up`)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <LineItemForm
      key={props.startKey}
      {...props}
      lookup={lookup.data ?? null}
      lookupFailed={lookup.isError}
      choices={{
        sources: valuesOf(sources.data),
        causes: valuesOf(causes.data),
        uoms: uomChoices(valuesOf(uoms.data)),
        loading: sources.isPending || causes.isPending || uoms.isPending,
      }}
    />
  );
}

interface LineItemFormProps extends LineItemFormModalProps {
  lookup: NdcLookup | null;
  lookupFailed: boolean;
  choices: { sources: string[]; causes: string[]; uoms: string[]; loading: boolean };
}

function LineItemForm(props: LineItemFormProps) {
  const { kind, mode, ndc, containerId, record, lookup, lookupFailed, choices, onClose, onSaved, onReload, prefill, notice, focus, onReady } = props;
  const create = useCreateLineItem(kind);
  const update = useUpdateLineItem(kind);
  // The form starts once; a background reload of the record must not move it.
  const [initial] = useState(() => initialFormValues({ mode, kind: kind.kind, ndc, lookup, record: record?.fieldData, prefill }));
  const formRef = useRef<HTMLFormElement>(null);
  const saveRef = useRef<HTMLButtonElement>(null);
  const [modId, setModId] = useState(record?.modId ?? '');
  // The rules are checked on save; once they have spoken, the list follows every change.
  const [checked, setChecked] = useState(false);
  const [serverWarning, setServerWarning] = useState<Warning | null>(null);
  const form = useForm<LineItemFormValues>({
    mode: 'controlled',
    initialValues: initial,
    // The shape of each field, and the fill's limit (it depends on the NDC), beside the field.
    validate: (values) => {
      const errors = schemaResolver(lineItemFormSchema, { sync: true })(values);
      const fill = percentFillError(values.percentFill, lookup);
      return fill && !errors.percentFill ? { ...errors, percentFill: fill } : errors;
    },
    onValuesChange: () => setServerWarning((current) => (current?.conflict ? current : null)),
  });

  const layout = formLayout(ndc, lookup);
  const recordSchedule = record ? String(record.fieldData['NDC Schedule'] ?? '') : undefined;
  // An edit is held to the NDC's package when it changes the pack size, UoM or reason the record held (as the server does).
  const problemContext = { mode, ndc, lookup, kind: kind.kind, recordSchedule, recorded: mode === 'edit' ? form.getInitialValues() : undefined };
  const problems = formProblems(form.values, problemContext);
  const warning = serverWarning ?? (checked && problems.length > 0 ? rulesWarning(problems) : null);
  // Each rule also shows beside the fields it concerns; a 422 of the server names the same rules.
  const ruleErrors = ruleFieldErrors(serverWarning ? serverWarning.lines : checked ? problems : []);
  const itemId = record ? String(record.fieldData[kind.idField] ?? record.recordId) : '';
  const saving = create.isPending || update.isPending;

  // Once, when the form is there: the focus where the caller wants it, and "ready".
  const ready = useRef({ focus, onReady });
  useEffect(() => {
    const { focus: where, onReady: done } = ready.current;
    if (where === 'save') saveRef.current?.focus();
    else if (where === 'first-field') formRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    done?.();
  }, []);

  const submit = form.onSubmit((values) => {
    setChecked(true);
    setServerWarning(null);
    if (formProblems(values, problemContext).length > 0) return;
    const onError = (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) return; // signed out already, and told why
      setServerWarning(warningFrom(error, mode === 'edit' ? `${kind.noun} ${itemId} could not be saved` : 'The line item could not be added'));
    };
    if (mode === 'edit') {
      update.mutate(
        { id: itemId, body: updateLineItemBody(values, modId) },
        {
          onSuccess: () => {
            showAlert({ type: 'SUCCESS', message: `${kind.noun} ${itemId} was saved.` });
            onSaved(itemId, values);
          },
          onError,
        },
      );
      return;
    }
    create.mutate(newLineItemBody(containerId, ndc, lookup, values), {
      onSuccess: ({ recordId }) => {
        showAlert({
          type: 'SUCCESS',
          message: mode === 'duplicate' ? `${kind.noun} ${recordId} was added as a copy of ${itemId}.` : `${kind.noun} ${recordId} was added with NDC ${ndc}.`,
        });
        onSaved(recordId, values);
      },
      onError,
    });
  });

  // After "changed by someone else": start again from the line item as it is now.
  const reload = async () => {
    const fresh = await onReload?.();
    if (!fresh) return;
    const values = recordFormValues(fresh.fieldData);
    form.setInitialValues(values);
    form.setValues(values);
    setModId(fresh.modId);
    setServerWarning(null);
  };

  const context =
    mode === 'edit'
      ? `${kind.noun} ${itemId} in container ${containerId}`
      : mode === 'duplicate'
        ? `A copy of ${kind.noun.toLowerCase()} ${itemId}, in container ${containerId}`
        : `A new ${kind.noun.toLowerCase()} in container ${containerId}`;

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={`${mode === 'edit' ? 'Edit' : mode === 'duplicate' ? 'Duplicate' : 'New'} line item`}>
      <Stack gap="lg">
        <NdcProduct ndc={ndc} lookup={lookup} />
        <Text size="sm" c="dimmed">
          {context}
          {lookup?.schedule ? ` · Schedule ${lookup.schedule}` : ''}
          {layout.bulk ? ' · Bulk NDC' : ''}
        </Text>
        {notice}
        {lookupFailed && (
          <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
            The dictionary entry of this NDC could not be read; the converters are not offered.
          </Alert>
        )}
        {mode === 'edit' && itemId && onReload && (
          <RecordChangedNotice entity="line-item" recordId={itemId} saving={saving} onReload={reload} />
        )}
        <LineItemFormFields
          form={form}
          ndc={ndc}
          lookup={lookup}
          layout={layout}
          choices={choices}
          autoFocus={focus !== 'save'}
          ruleErrors={ruleErrors}
          packQuantityRequired={packQuantityRequired(ndc, kind.kind)}
        />
        {warning && (
          <WarningList warning={warning}>
            {warning.conflict && onReload && (
              <Group mt="sm">
                <Button size="xs" variant="white" color="red" onClick={() => void reload()}>
                  Reload the line item
                </Button>
              </Group>
            )}
          </WarningList>
        )}
        <Group justify="flex-end" gap="sm" className={classes.formActions}>
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button ref={saveRef} data-autofocus={focus === 'save' || undefined} type="submit" loading={saving} leftSection={<IconDeviceFloppy size={16} stroke={1.8} aria-hidden />}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The form's shape while the NDC is looked up, so the modal does not jump when it arrives. */
function FormSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Loading the form">
      <Skeleton height={12} width="45%" />
      {[5, 4, 2].map((count, section) => (
        <Stack key={section} gap="xs">
          <Skeleton height={10} width={80} />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
            {Array.from({ length: count }, (_, index) => (
              <Stack key={index} gap={6}>
                <Skeleton height={12} width="40%" />
                <Skeleton height={36} />
              </Stack>
            ))}
          </SimpleGrid>
        </Stack>
      ))}
      <Group justify="flex-end" gap="sm">
        <Skeleton height={36} width={80} />
        <Skeleton height={36} width={90} />
      </Group>
    </Stack>
  );
}
