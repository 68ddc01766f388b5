import { Anchor, Button, Group, Paper, ScrollArea, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { formatTimestamp, INVENTORY_MESSAGES, parseInventoryMoment } from '@3ds/domain';
import { IconClipboardCheck, IconDownload } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { showAlert } from '../../../lib/alert-store.ts';
import { DownloadDialog } from '../../../components/dialogs/download-dialog.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useMayPerform } from '../../../session/use-session.ts';
import { reportFailureMessage } from '../api/export-report.ts';
import { useInventories, useTakeInventory, type KeptInventory } from '../api/inventory.ts';
import { InventoryCheckCell } from './inventory-check.tsx';

const pad = (n: number) => String(n).padStart(2, '0');
/** Now as `MM/DD/YYYY HH:MM`. */
export function nowText(now = new Date()): string {
  return `${pad(now.getMonth() + 1)}/${pad(now.getDate())}/${now.getFullYear()} ${pad(now.getHours())}:${pad(now.getMinutes())}`;
}

/**
 * The inventory of the controlled substances on hand as of a moment (21 CFR 1304.11): taken by whoever
 * keeps our registration, kept as a PDF (to sign and date) and an xlsx; every one taken is listed.
 */
export function InventoryPanel() {
  const mayTake = useMayPerform('inventory.take');
  const kept = useInventories();
  const taking = useTakeInventory();
  const [asOf, setAsOf] = useState(() => nowText());
  const [error, setError] = useState<string | null>(null);
  const [file, setFile] = useState<KeptInventory | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (taking.isPending) return;
    if (!parseInventoryMoment(asOf)) {
      setError(INVENTORY_MESSAGES.asOf);
      return;
    }
    setError(null);
    taking.mutate(asOf, {
      onSuccess: (taken) => setFile(taken),
      onError: (failure) => {
        if (failure instanceof ApiError && failure.status === 401) return;
        showAlert({ type: 'DANGER', message: reportFailureMessage(failure) });
      },
    });
  };

  const inventories = kept.data ?? [];
  return (
    <Paper withBorder shadow="xs" p="lg" component="section" aria-labelledby="inventory-title" mt="lg">
      <Title order={2} fz="md" fw={650} mb={4} id="inventory-title">
        Inventory
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Every controlled substance on hand at a moment, Schedule I and II counted exactly, III–V as 21 CFR 1304.11(e)(3) allows. Before noon it is taken as of
        the opening of business, from noon as of its close. Print the PDF, sign and date it.
      </Text>
      <Stack gap="md">
        {mayTake && (
          <form onSubmit={submit} noValidate aria-labelledby="inventory-title">
            <Group align="start" gap="md">
              <TextInput
                label="As of"
                description="MM/DD/YYYY HH:MM (24-hour)"
                value={asOf}
                onChange={(e) => setAsOf(e.currentTarget.value)}
                error={error}
                autoComplete="off"
                w={260}
              />
              <Button type="submit" mt={44} leftSection={<IconClipboardCheck size={17} stroke={1.7} aria-hidden />} loading={taking.isPending}>
                Take inventory
              </Button>
            </Group>
          </form>
        )}
        <Title order={3} fz="sm" fw={650} id="inventory-kept">
          Inventories taken
        </Title>
        {!kept.isPending && inventories.length === 0 ? (
          <Text size="sm" c="dimmed">
            No inventory has been taken yet.
          </Text>
        ) : (
          <ScrollArea.Autosize mah={320} type="auto">
            <Table withTableBorder stickyHeader fz="sm" aria-labelledby="inventory-kept">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>As of</Table.Th>
                  <Table.Th ta="right">Line items</Table.Th>
                  <Table.Th>Taken</Table.Th>
                  <Table.Th>Against the records</Table.Th>
                  <Table.Th>Files</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {inventories.map((inventory) => (
                  <Table.Tr key={inventory.id}>
                    <Table.Td>
                      {inventory.asOf}
                      {inventory.reconstructed && (
                        <Text size="xs" c="red.8" fw={600}>
                          {inventory.reconstructed}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{inventory.lineItems}</Table.Td>
                    <Table.Td>
                      {formatTimestamp(new Date(inventory.createdAt))} by {inventory.createdBy}
                    </Table.Td>
                    <Table.Td>
                      <InventoryCheckCell inventory={inventory} />
                    </Table.Td>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <Anchor href={inventory.pdfHref} size="sm" aria-label={`Inventory as of ${inventory.asOf}, PDF`}>
                          <Group gap={4} wrap="nowrap">
                            <IconDownload size={14} stroke={1.8} aria-hidden />
                            PDF
                          </Group>
                        </Anchor>
                        <Anchor href={inventory.xlsxHref} size="sm" aria-label={`Inventory as of ${inventory.asOf}, Excel`}>
                          <Group gap={4} wrap="nowrap">
                            <IconDownload size={14} stroke={1.8} aria-hidden />
                            Excel
                          </Group>
                        </Anchor>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
      </Stack>
      <DownloadDialog href={file?.pdfHref ?? null} fileName={file?.fileName ?? 'inventory.pdf'} title="Inventory taken" onClose={() => setFile(null)} />
    </Paper>
  );
}
