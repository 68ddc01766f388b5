import { Badge, Button, Group, Modal, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { formatPercent, type InventoryCountLine } from '@3ds/domain';
import { useState } from 'react';
import { useInventoryCheck, type InventoryCheck, type KeptInventory } from '../api/inventory.ts';
import { LineItemLink } from './record-links.tsx';

/**
 * Whether a kept inventory still says what the records say of its moment: "Matches the records", or
 * "Out of date: N differences" with the differences one click away. An inventory is never rewritten;
 * what changed since shows here.
 */
export function InventoryCheckCell({ inventory }: { inventory: KeptInventory }) {
  const check = useInventoryCheck(inventory.id);
  const [open, setOpen] = useState(false);
  if (check.isPending) return <Text size="xs" c="dimmed">Checking…</Text>;
  if (check.isError) return <Text size="xs" c="dimmed">Could not be checked</Text>;
  const { known, differences } = check.data;
  if (!known) {
    return (
      <Text size="xs" c="dimmed">
        Not known: taken before counted lines were kept
      </Text>
    );
  }
  if (differences === 0) {
    return (
      <Badge color="green" variant="light" style={{ minWidth: 'max-content' }}>
        Matches the records
      </Badge>
    );
  }
  return (
    <>
      <Group gap={6} wrap="nowrap">
        <Badge color="orange" variant="light" style={{ minWidth: 'max-content' }}>
          Out of date: {differences} {differences === 1 ? 'difference' : 'differences'}
        </Badge>
        <Button size="compact-xs" variant="subtle" onClick={() => setOpen(true)} aria-label={`Show the differences of the inventory as of ${inventory.asOf}`}>
          Show
        </Button>
      </Group>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Inventory as of ${inventory.asOf} against the records now`} size="xl" centered>
        <DifferencesBody check={check.data} />
      </Modal>
    </>
  );
}

const quantity = (line: InventoryCountLine) =>
  `${line.packQuantity ?? '?'} × ${line.packSize ?? '?'} ${line.packSizeUoM}${line.percentFill !== null && line.percentFill !== 1 ? ` at ${formatPercent(line.percentFill)}` : ''}`;

function LinesTable({ label, lines }: { label: string; lines: readonly InventoryCountLine[] }) {
  return (
    <Table withTableBorder fz="sm" aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Line item</Table.Th>
          <Table.Th>NDC</Table.Th>
          <Table.Th>Description</Table.Th>
          <Table.Th>Schedule</Table.Th>
          <Table.Th>Quantity</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((line) => (
          <Table.Tr key={line.lineItemId}>
            <Table.Td>
              <LineItemLink id={line.lineItemId} yellowBucket={line.yellowBucket} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{line.ndc}</Table.Td>
            <Table.Td>{line.description}</Table.Td>
            <Table.Td>{line.schedule}</Table.Td>
            <Table.Td>{quantity(line)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function DifferencesBody({ check }: { check: InventoryCheck }) {
  return (
    <ScrollArea.Autosize mah="70vh" type="auto">
      <Stack gap="md">
        <Text size="sm">
          The inventory stays as it was taken (21 CFR 1304.11). These line items differ between what it counted and what the records now say was on hand at its moment.
        </Text>
        {check.changed.length > 0 && (
          <Stack gap={6}>
            <Title order={4} fz="sm">
              Counted with other figures than the records now hold ({check.changed.length})
            </Title>
            <Table withTableBorder fz="sm" aria-label="Counted with other figures">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Line item</Table.Th>
                  <Table.Th>NDC</Table.Th>
                  <Table.Th>Field</Table.Th>
                  <Table.Th>Counted</Table.Th>
                  <Table.Th>Now</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {check.changed.flatMap(({ line, changes }) =>
                  changes.map((change, i) => (
                    <Table.Tr key={`${line.lineItemId}-${change.field}`}>
                      <Table.Td>{i === 0 && <LineItemLink id={line.lineItemId} yellowBucket={line.yellowBucket} />}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{i === 0 ? line.ndc : ''}</Table.Td>
                      <Table.Td>{change.field}</Table.Td>
                      <Table.Td>{change.counted || '(empty)'}</Table.Td>
                      <Table.Td fw={600}>{change.now || '(empty)'}</Table.Td>
                    </Table.Tr>
                  )),
                )}
              </Table.Tbody>
            </Table>
          </Stack>
        )}
        {check.notCounted.length > 0 && (
          <Stack gap={6}>
            <Title order={4} fz="sm">
              On hand then by the records, not counted — a late entry or a corrected date ({check.notCounted.length})
            </Title>
            <LinesTable label="On hand then, not counted" lines={check.notCounted} />
          </Stack>
        )}
        {check.noLongerOnHand.length > 0 && (
          <Stack gap={6}>
            <Title order={4} fz="sm">
              Counted, no longer on hand then by the records — deleted or its dates corrected ({check.noLongerOnHand.length})
            </Title>
            <LinesTable label="Counted, no longer on hand then" lines={check.noLongerOnHand} />
          </Stack>
        )}
      </Stack>
    </ScrollArea.Autosize>
  );
}
