import { Alert, Button, Group, List, Modal, Radio, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { DATE_FORMAT, formKindOfNumber, ORDER_FORM_KIND_TEXT, ORDER_FORM_KINDS, ORDER_FORM_LIMITS, ORDER_FORM_VALID_DAYS, type OrderFormKind } from '@3ds/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { RecordChangedNotice } from '../../../components/alerts/record-changed-notice.tsx';
import { useBusinessToday } from '../../../components/business-day/business-day.ts';
import type { JobRegistration } from '../../../components/new-job/api/job-registrations.ts';
import { routePath } from '../../../config/paths.ts';
import { showAlert } from '../../../lib/alert-store.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useChangeOrderForm } from '../api/change-order-form.ts';
import { useFormRegistrations } from '../api/form-registrations.ts';
import { useIssueOrderForm } from '../api/issue-order-form.ts';
import {
  changeBody,
  draftErrors,
  draftOf,
  fieldOfProblem,
  hasErrors,
  newBody,
  newDraft,
  type DraftErrors,
  type OrderFormDraft,
  type OrderFormView,
} from '../order-form-model.ts';
import { OrderFormLines } from './order-form-lines.tsx';

/** "BR1234563 · Riverside Community Pharmacy · A - Pharmacy (expires 01/31/2027)". */
function optionLabel(registration: JobRegistration): string {
  const parts = [registration.number || `Registration ${registration.id}`, registration.companyName, registration.activity].filter(Boolean);
  return `${parts.join(' · ')}${registration.expiration ? ` (expires ${registration.expiration})` : ''}`;
}

/** The server's refusal: each problem beside its field, the rest above the form. */
function refusalErrors(error: unknown): { errors: DraftErrors; general: string[] } {
  if (!(error instanceof ApiError)) return { errors: {}, general: [] };
  const problems = error.details?.length ? error.details : [error.message];
  const errors: DraftErrors = {};
  const general: string[] = [];
  for (const problem of problems) {
    const field = fieldOfProblem(problem);
    if (field === 'lines') errors.lineProblems = [...(errors.lineProblems ?? []), problem];
    else if (field && !errors[field]) errors[field] = problem;
    else general.push(problem);
  }
  return { errors, general };
}

interface NewOrderFormDialogProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * New Form 222 (CREATE_JOB): the client registration it is issued to (a current DEA registration
 * holding Schedule 2 or 2N, found as one types), its number and kind, the issue date (today unless
 * changed) and up to 20 lines. What the server would refuse is said beside its field before
 * anything is sent; a refusal the server alone can make (a number already in the register) is shown
 * the same way. The new form opens in its screen.
 */
export function NewOrderFormDialog({ opened, onClose }: NewOrderFormDialogProps) {
  const issuing = useIssueOrderForm();
  const close = () => {
    if (!issuing.isPending) onClose();
  };
  // The form is there from an opening until the dialog has finished closing: every opening starts afresh.
  const [mounted, setMounted] = useState(false);
  if (opened && !mounted) setMounted(true);
  return (
    <Modal opened={opened} onClose={close} title="New Form 222" size="xl" onExitTransitionEnd={() => setMounted(false)}>
      {(opened || mounted) && (
        <OrderFormEditor
          mode="new"
          pending={issuing.isPending}
          error={issuing.error}
          onEdited={issuing.reset}
          onCancel={close}
          onSubmit={(draft, done) => issuing.mutate(newBody(draft), { onSuccess: done })}
        />
      )}
    </Modal>
  );
}

interface EditOrderFormDialogProps {
  opened: boolean;
  onClose: () => void;
  view: OrderFormView;
  /** The form as it is now (after someone else changed it). */
  onReload: () => Promise<OrderFormView>;
}

/** Edit (CREATE_JOB): the lines and the note; the number and kind while the form is issued. With the form's modId. */
export function EditOrderFormDialog({ opened, onClose, view, onReload }: EditOrderFormDialogProps) {
  const changing = useChangeOrderForm();
  const close = () => {
    if (!changing.isPending) onClose();
  };
  const [mounted, setMounted] = useState(false);
  if (opened && !mounted) setMounted(true);
  return (
    <Modal opened={opened} onClose={close} title={`Edit Form 222 ${view.number}`} size="xl" onExitTransitionEnd={() => setMounted(false)}>
      {(opened || mounted) && (
        <OrderFormEditor
          mode="edit"
          view={view}
          onReload={onReload}
          pending={changing.isPending}
          error={changing.error}
          onEdited={changing.reset}
          onCancel={close}
          onSubmit={(draft, done, base) => base && changing.mutate({ id: base.id, body: changeBody(draft, base) }, { onSuccess: done })}
        />
      )}
    </Modal>
  );
}

interface OrderFormEditorProps {
  mode: 'new' | 'edit';
  view?: OrderFormView;
  onReload?: () => Promise<OrderFormView>;
  pending: boolean;
  /** The server's refusal of the last try, shown until what it was about is changed. */
  error: unknown;
  /** Something was changed since the last try: its refusal no longer applies. */
  onEdited: () => void;
  onCancel: () => void;
  onSubmit: (draft: OrderFormDraft, done: (answer: { recordId: string; formNumber: string }) => void, base: OrderFormView | undefined) => void;
}

/** The one form of New and Edit Form 222. */
function OrderFormEditor({ mode, view: openedView, onReload, pending, error, onEdited, onCancel, onSubmit }: OrderFormEditorProps) {
  const today = useBusinessToday();
  const navigate = useNavigate();
  // The version the dialog started from: a live reload of the form does not move it.
  const [base, setBase] = useState(openedView);
  const [draft, setDraft] = useState<OrderFormDraft>(() => (base ? draftOf(base) : newDraft(today)));
  const [tried, setTried] = useState(false);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 200);
  const [chosenLabel, setChosenLabel] = useState('');
  const found = useFormRegistrations(debounced, today, mode === 'new');
  const options = (found.data ?? []).map((r) => ({ value: r.id, label: optionLabel(r) }));
  if (draft.registrationId && mode === 'new' && !options.some((o) => o.value === draft.registrationId)) options.unshift({ value: draft.registrationId, label: chosenLabel });

  const mine = tried ? draftErrors(draft, today, mode) : {};
  const refused = refusalErrors(error);
  // A field's own check first; the server's word where the form found nothing.
  const errors: DraftErrors = { ...refused.errors, ...mine, lineProblems: mine.lineProblems ?? refused.errors.lineProblems ?? [] };
  const numberFixed = mode === 'edit' && base?.status !== 'issued';
  const set = (update: Partial<OrderFormDraft>) => {
    if (error) onEdited();
    setDraft((d) => ({ ...d, ...update }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (hasErrors(draftErrors(draft, today, mode))) return;
    onSubmit(
      draft,
      (answer) => {
        if (mode === 'new') {
          showAlert({ type: 'SUCCESS', message: `Form 222 ${answer.formNumber} was issued.` });
          void navigate(routePath('order-form-view', { id: answer.recordId }));
        } else {
          showAlert({ type: 'SUCCESS', message: `Form 222 ${answer.formNumber} was saved.` });
          onCancel();
        }
      },
      base,
    );
  };

  const reload = async () => {
    if (!onReload) return;
    const fresh = await onReload();
    setBase(fresh);
    setDraft(draftOf(fresh));
  };

  return (
    <form onSubmit={submit} noValidate aria-label={mode === 'new' ? 'New Form 222' : 'Edit Form 222'}>
      <Stack gap="md">
        {mode === 'edit' && base && <RecordChangedNotice entity="order-form" recordId={base.id} saving={pending} onReload={reload} />}
        {refused.general.length > 0 && (
          <Alert color="red" variant="light" role="alert" title={mode === 'new' ? 'The form was not issued' : 'The form was not saved'} icon={<IconAlertTriangle size={18} aria-hidden />}>
            <List size="sm">
              {refused.general.map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {mode === 'new' ? (
          <Select
            label="Client Registration"
            description="The supplier the form names: a current DEA registration holding Schedule 2 or 2N. Type its number, the company's name or its city."
            placeholder="Find a registration"
            required
            searchable
            data={options}
            value={draft.registrationId}
            onChange={(value, option) => {
              set({ registrationId: value });
              setChosenLabel(option?.label ?? '');
            }}
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options: all }) => all}
            openOnFocus={false}
            nothingFoundMessage={found.isFetching ? 'Searching…' : found.isError ? 'The registrations could not be read' : 'No current Schedule 2 DEA registration matches'}
            error={errors.registration}
            data-autofocus
            comboboxProps={{ withinPortal: true }}
            maxDropdownHeight={260}
          />
        ) : (
          <Text size="sm" c="dimmed">
            Issued {base?.issuedOn} to{' '}
            <Text span fw={600} c="dark.7">
              {base?.registrationNumber}
            </Text>
            {base?.companyName ? ` (${base.companyName})` : ''}.
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <TextInput
            label="Form Number"
            description={numberFixed ? 'Fixed once the form is executed' : '9 digits, or like 26X123456 (CSOS)'}
            required
            autoComplete="off"
            disabled={numberFixed}
            value={draft.formNumber}
            onChange={(e) => {
              const formNumber = e.currentTarget.value;
              const shaped = formKindOfNumber(formNumber);
              set({ formNumber, ...(shaped ? { formKind: shaped } : {}) });
            }}
            error={errors.formNumber}
            data-autofocus={mode === 'edit' ? true : undefined}
          />
          <Radio.Group label="Kind" required value={draft.formKind} onChange={(value) => set({ formKind: value as OrderFormKind })} error={errors.formKind}>
            <Group gap="md" mt={8}>
              {ORDER_FORM_KINDS.map((kind) => (
                <Radio key={kind} value={kind} label={ORDER_FORM_KIND_TEXT[kind]} disabled={numberFixed} />
              ))}
            </Group>
          </Radio.Group>
          {mode === 'new' ? (
            <TextInput
              label="Issue Date"
              description={`Valid ${ORDER_FORM_VALID_DAYS} days from it`}
              placeholder={DATE_FORMAT}
              required
              inputMode="numeric"
              autoComplete="off"
              value={draft.issuedOn}
              onChange={(e) => set({ issuedOn: e.currentTarget.value })}
              error={errors.issuedOn}
            />
          ) : (
            <TextInput label="Issue Date" value={draft.issuedOn} disabled description="As issued" />
          )}
        </SimpleGrid>
        <OrderFormLines lines={draft.lines} onChange={(lines) => set({ lines })} problems={errors.lineProblems ?? []} />
        <Textarea
          label="Note"
          autosize
          minRows={2}
          maxRows={5}
          maxLength={ORDER_FORM_LIMITS.note}
          value={draft.note}
          onChange={(e) => set({ note: e.currentTarget.value })}
          error={errors.note}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {mode === 'new' ? 'Issue Form 222' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
