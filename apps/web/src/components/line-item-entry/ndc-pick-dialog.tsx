import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { WarningList, type Warning } from '../alerts/warning-list.tsx';
import { NdcSelect } from './ndc-select.tsx';

interface NdcPickDialogProps {
  opened: boolean;
  onClose: () => void;
  /** What happens with the NDC once OK is pressed (a line item is made, or the form opens). */
  onPick: (ndc: string) => void;
  /** One line under the title: where the line item goes, what comes next. */
  intro: ReactNode;
  /** True while the picked NDC is being used: OK spins. */
  busy?: boolean;
  /** Why the last OK did not go through (the server's rules as a warning list). */
  warning?: Warning | null;
  /** Another NDC was chosen (a warning about the last one no longer applies). */
  onNdcChange?: () => void;
}

/**
 * "Select an NDC Number" (spec 2 §2): OK stays disabled until an NDC is chosen. The first step of
 * every new line item — from a container's Add Line Item and from a line item's New Line Item.
 */
export function NdcPickDialog({ opened, onClose, ...rest }: NdcPickDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Select an NDC Number" size="lg">
      {/* Mounted only while open: every opening starts empty. */}
      {opened && <NdcPickForm onClose={onClose} {...rest} />}
    </Modal>
  );
}

function NdcPickForm({ onClose, onPick, intro, busy = false, warning = null, onNdcChange }: Omit<NdcPickDialogProps, 'opened'>) {
  const [ndc, setNdc] = useState<string | null>(null);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (ndc) onPick(ndc);
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
        <NdcSelect
          value={ndc}
          onChange={(next) => {
            setNdc(next);
            onNdcChange?.();
          }}
          autoFocus
        />
        {warning && <WarningList warning={warning} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!ndc} loading={busy}>
            OK
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
