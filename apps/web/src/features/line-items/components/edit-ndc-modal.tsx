import { Button, Group, Modal, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { editNdcProblems, isBulkNdc } from '@3ds/domain';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-error.ts';
import { showAlert } from '../../../lib/alert-store.ts';
import { useNdcLookup } from '../../../components/line-item-entry/api/ndc-lookup.ts';
import { useValueList, valuesOf } from '../../../components/value-lists/value-list.ts';
import { amountNumber, ruleFieldErrors, uomChoices } from '../../../components/line-item-entry/line-item-form-model.ts';
import { AmountInput } from '../../../components/forms/amount-input.tsx';
import type { LineItemKindConfig } from '../../../components/line-item-entry/line-item-kinds.ts';
import { NdcSelect } from '../../../components/line-item-entry/ndc-select.tsx';
import { ndcOptionLabel } from '../../../components/line-item-entry/ndc-search.ts';
import { rulesWarning, warningFrom, WarningList, type Warning } from '../../../components/alerts/warning-list.tsx';
import { useEditNdc, type EditNdcBody } from '../api/edit-ndc.ts';
import { RecordChangedNotice } from '../../../components/alerts/record-changed-notice.tsx';
import type { LineItemFacts } from '../line-item-record.ts';

interface EditNdcModalProps {
  kind: LineItemKindConfig;
  facts: LineItemFacts;
  opened: boolean;
  onClose: () => void;
  /** Reads the line item again (after "changed by someone else"). */
  onReload: () => void;
}

/**
 * Edit NDC Number (spec 2 §2, §5): the same NDC select, starting at the current NDC; OK stays
 * disabled until another NDC is chosen. A bulk NDC also asks Pack Size and UoM and is checked by
 * the bulk rules before anything is sent. `initial` tells the server what this screen showed.
 */
export function EditNdcModal({ kind, facts, opened, onClose, onReload }: EditNdcModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Edit NDC Number" size="lg">
      {opened && <EditNdcForm kind={kind} facts={facts} onClose={onClose} onReload={onReload} />}
    </Modal>
  );
}

function EditNdcForm({ kind, facts: openedFacts, onClose, onReload }: Omit<EditNdcModalProps, 'opened'>) {
  // What this screen showed when the dialog opened is what the server is told (`initial`): a live
  // reload of the line item must not move it, or another's change meanwhile would pass unnoticed.
  const [facts] = useState(openedFacts);
  const [ndc, setNdc] = useState<string>(facts.ndc);
  const [packSize, setPackSize] = useState<number | string>('');
  const [packSizeUoM, setPackSizeUoM] = useState('');
  const [warning, setWarning] = useState<Warning | null>(null);
  const changed = ndc !== facts.ndc;
  const bulk = changed && isBulkNdc(ndc);
  const lookup = useNdcLookup(changed ? ndc : null);
  const uoms = useValueList('Dynamic UoM', bulk);
  const edit = useEditNdc(kind);

  // A bulk NDC starts with the dictionary's unit.
  const suggestedUoM = bulk ? (lookup.data?.packSizeUoMLookup ?? '') : '';
  useEffect(() => {
    if (suggestedUoM) setPackSizeUoM((current) => current || suggestedUoM);
  }, [suggestedUoM]);

  const submit = () => {
    setWarning(null);
    // Unchanged: nothing to send.
    if (!changed) {
      onClose();
      return;
    }
    if (!lookup.data) return;
    const problems = editNdcProblems(facts.ndc, { ndc, schedule: lookup.data.schedule, packSize, packSizeUoM });
    if (problems.length > 0) {
      setWarning(rulesWarning(problems));
      return;
    }
    // A complete NDC takes its package size and unit from the dictionary; a bulk one as entered.
    const dictionarySize = amountNumber(lookup.data.packSizeLookup);
    const body: EditNdcBody = {
      id: Number(facts.id),
      ndc,
      containerId: Number(facts.containerId),
      initial: { ndc: facts.ndc, packSize: facts.packSize === '' ? null : facts.packSize, packSizeUoM: facts.packSizeUoM || null },
      ...(bulk
        ? { packSize: amountNumber(packSize), packSizeUoM: packSizeUoM || null }
        : dictionarySize !== null
          ? { packSize: dictionarySize, packSizeUoM: lookup.data.packSizeUoMLookup || null }
          : {}),
    };
    edit.mutate(body, {
      onSuccess: () => {
        showAlert({ type: 'SUCCESS', message: `The NDC of ${kind.noun.toLowerCase()} ${facts.id} is now ${ndc}.` });
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) return;
        setWarning(warningFrom(error, 'The NDC could not be changed'));
      },
    });
  };

  // The bulk rules beside Pack Size and UoM, as in the line item form.
  const ruleErrors = ruleFieldErrors(warning?.fixable ? warning.lines : []);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {kind.noun} {facts.id} has NDC {facts.ndc}. Choose another; the description, schedule and strength follow it.
        </Text>
        <NdcSelect
          value={ndc}
          onChange={(next) => {
            setNdc(next ?? facts.ndc);
            setWarning(null);
            setPackSize('');
            setPackSizeUoM('');
          }}
          initialOption={{ value: facts.ndc, label: ndcOptionLabel(facts.ndc, facts.description, facts.schedule) }}
          autoFocus
        />
        {bulk && (
          <SimpleGrid cols={2} spacing="md">
            <AmountInput
              label="Pack Size"
              required
              value={packSize}
              error={ruleErrors.packSize}
              onChange={(value) => {
                setPackSize(value);
                setWarning(null);
              }}
            />
            <Select
              label="UoM"
              required
              error={ruleErrors.packSizeUoM}
              placeholder={uoms.isPending ? 'Loading…' : 'Choose a unit'}
              data={uomChoices(valuesOf(uoms.data), packSizeUoM)}
              value={packSizeUoM || null}
              onChange={(value) => {
                setPackSizeUoM(value ?? '');
                setWarning(null);
              }}
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
        )}
        <RecordChangedNotice
          entity="line-item"
          recordId={facts.id}
          saving={edit.isPending}
          onReload={() => {
            onReload();
            onClose();
          }}
        />
        {changed && lookup.isError && <WarningList warning={warningFrom(lookup.error, `NDC ${ndc} could not be looked up`)} />}
        {warning && (
          <WarningList warning={warning}>
            {warning.conflict && (
              <Group mt="sm">
                <Button
                  size="xs"
                  variant="white"
                  color="red"
                  onClick={() => {
                    onReload();
                    onClose();
                  }}
                >
                  Reload the line item
                </Button>
              </Group>
            )}
          </WarningList>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!changed || lookup.isError} loading={edit.isPending || (changed && lookup.isPending)}>
            OK
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
