import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { routePath } from '../../app/routes.ts';
import { LineItemFormModal } from './line-item-form-modal.tsx';
import type { LineItemKindConfig } from './line-item-kinds.ts';
import { NdcSelect } from './ndc-select.tsx';

interface NewLineItemFlowProps {
  kind: LineItemKindConfig;
  /** The container the new line item goes into. */
  containerId: string;
  opened: boolean;
  onClose: () => void;
}

/**
 * A new line item (spec 2 §2): first 'Select an NDC Number' (OK disabled while none is chosen),
 * then the line item form for that NDC in new mode; once saved, the new line item's screen opens.
 */
export function NewLineItemFlow({ kind, containerId, opened, onClose }: NewLineItemFlowProps) {
  const navigate = useNavigate();
  const [ndc, setNdc] = useState<string | null>(null);
  const [step, setStep] = useState<'ndc' | 'form'>('ndc');

  const close = () => {
    onClose();
    setStep('ndc');
    setNdc(null);
  };

  return (
    <>
      <Modal opened={opened && step === 'ndc'} onClose={close} title="Select an NDC Number" size="lg">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (ndc) setStep('form');
          }}
        >
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Search the NDC dictionary by NDC or trade name. The new line item goes into container {containerId}.
            </Text>
            <NdcSelect value={ndc} onChange={setNdc} autoFocus />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" disabled={!ndc}>
                OK
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      {ndc && (
        <LineItemFormModal
          kind={kind}
          mode="new"
          ndc={ndc}
          containerId={containerId}
          opened={opened && step === 'form'}
          onClose={close}
          onSaved={(recordId) => {
            close();
            void navigate(routePath(kind.viewRoute, { id: recordId }));
          }}
        />
      )}
    </>
  );
}
