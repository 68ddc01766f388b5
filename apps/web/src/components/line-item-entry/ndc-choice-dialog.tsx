import { Badge, Button, Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ResolvedEntry, ResolvedNdc } from './api/resolve-code.ts';
import classes from './line-item-entry.module.css';

interface NdcChoiceDialogProps {
  /** The scan whose digits match several NDCs of the dictionary; null when closed. */
  scan: ResolvedNdc | null;
  onClose: () => void;
  onChoose: (entry: ResolvedEntry) => void;
}

/**
 * "Which NDC is on the package?": a UPC-A, a GTIN or ten bare digits do not say how the NDC's ten
 * digits are split (4-4-2, 5-3-2 or 5-4-1), and more than one reading is in the dictionary. The
 * person compares with the NDC printed on the package and chooses.
 */
export function NdcChoiceDialog({ scan, onClose, onChoose }: NdcChoiceDialogProps) {
  return (
    <Modal opened={scan !== null} onClose={onClose} title="Which NDC is on the package?" size="lg">
      {scan && (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            The digits {scan.digits} can be read as {scan.entries.length} NDCs of the dictionary. Choose the one printed on the package.
          </Text>
          <Stack gap="xs" role="list" aria-label="NDCs the code can be">
            {scan.entries.map((entry, index) => (
              <div role="listitem" key={entry.ndc}>
                <UnstyledButton
                  className={classes.choice}
                  onClick={() => onChoose(entry)}
                  data-autofocus={index === 0 || undefined}
                >
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <Stack gap={2}>
                      <Text ff="monospace" fw={600} size="sm">
                        {entry.ndc}
                      </Text>
                      <Text size="sm">{entry.tradeName}</Text>
                      <Text size="xs" c="dimmed">
                        {[entry.strength, entry.form, entry.packageSize && `${entry.packageSize} ${entry.packageSizeUoM}`.trim()].filter(Boolean).join(' · ')}
                      </Text>
                    </Stack>
                    <Group gap={6} wrap="nowrap">
                      {entry.removedFromArcos && (
                        <Badge color="orange" variant="light" radius="sm">
                          Removed from ARCOS
                        </Badge>
                      )}
                      {entry.schedule && (
                        <Badge color="gray" variant="light" radius="sm">
                          Sch {entry.schedule}
                        </Badge>
                      )}
                    </Group>
                  </Group>
                </UnstyledButton>
              </div>
            ))}
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
