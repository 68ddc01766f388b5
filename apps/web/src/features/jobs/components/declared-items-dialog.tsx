import { ActionIcon, Alert, Button, Group, List, Modal, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { DECLARED_MAX_ITEMS, type DeclaredInventoryAnswer } from '@3ds/domain';
import { IconAlertTriangle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { showAlert } from '../../../lib/alert-store.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useSaveDeclared } from '../api/declared-inventory.ts';
import { bodyOf, declarationSummary, draftProblems, draftRowsOf, emptyRow, generalProblems, problemsOfRow, type DeclaredRowDraft } from '../declared-model.ts';

const CELLS = [
  { key: 'ndc', label: 'NDC', placeholder: '00591-0405-01', width: 150 },
  { key: 'description', label: 'Description', placeholder: 'Name, strength, form', width: undefined },
  { key: 'lot', label: 'Lot', placeholder: '', width: 110 },
  { key: 'packages', label: 'Packages', placeholder: '0', width: 90 },
  { key: 'packageSize', label: 'Package Size', placeholder: '100', width: 120 },
  { key: 'partialFill', label: 'Partial Fill', placeholder: '40%', width: 96 },
] as const satisfies readonly { key: keyof Omit<DeclaredRowDraft, 'key'>; label: string; placeholder: string; width: number | undefined }[];

/** The server's refusal as problems: its details (each naming a row), else its message. */
function refusalProblems(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  return error.details?.length ? error.details : [error.message];
}

/**
 * Typing the declared inventory (CREATE_JOB, unlocked job): one row an item, in the order the
 * client listed them; an empty row is left out. The rules the server applies are applied as one
 * types: a row's problems show under it, and Save sends only a list with none. A refusal the server
 * alone can make (a Schedule II NDC, someone else's change) shows the same way.
 */
export function DeclaredItemsDialog({ jobId, answer, onClose }: { jobId: string; answer: DeclaredInventoryAnswer; onClose: () => void }) {
  const saving = useSaveDeclared();
  const [rows, setRows] = useState(() => draftRowsOf(answer.items));
  const [tried, setTried] = useState(false);
  const local = tried ? draftProblems(rows) : [];
  const problems = local.length ? local : refusalProblems(saving.error);
  const general = generalProblems(problems);
  const close = () => {
    if (!saving.isPending) onClose();
  };
  const change = (key: string, update: Partial<DeclaredRowDraft>) => {
    saving.reset();
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...update } : row)));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (draftProblems(rows).length) return;
    saving.mutate(
      { jobId, items: bodyOf(rows), modId: answer.modId },
      {
        onSuccess: (saved) => {
          showAlert({ type: 'SUCCESS', message: `Declared inventory of job ${jobId} saved: ${declarationSummary(saved).toLowerCase()}` });
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened onClose={close} title={`Declared Inventory of Job ${jobId}`} size="80rem">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            The client's Schedule III–V items, one a row: the NDC (or a description), the lot, the full packages, their size, and how full one more, opened package is. Schedule I and II items are declared by their Form 222 lines.
          </Text>
          {problems.length > 0 && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="The list was not saved" role="alert">
              {general.length > 0 ? (
                <List size="sm">
                  {general.map((problem) => (
                    <List.Item key={problem}>{problem}</List.Item>
                  ))}
                </List>
              ) : (
                <Text size="sm">Correct the rows marked below.</Text>
              )}
            </Alert>
          )}
          <Table.ScrollContainer minWidth={900} type="native" mah="60vh">
            <Table fz="sm" verticalSpacing={4} aria-label="Declared items being edited" stickyHeader>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={44}>Row</Table.Th>
                  {CELLS.map((cell) => (
                    <Table.Th key={cell.key} w={cell.width}>
                      {cell.label}
                    </Table.Th>
                  ))}
                  <Table.Th w={40}>
                    <VisuallyHidden>Remove</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.flatMap((row, index) => {
                  const rowNo = index + 1;
                  const own = problemsOfRow(problems, rowNo);
                  const cells = (
                    <Table.Tr key={row.key} bg={own.length ? 'var(--mantine-color-red-0)' : undefined}>
                      <Table.Td c="dimmed">{rowNo}</Table.Td>
                      {CELLS.map((cell) => (
                        <Table.Td key={cell.key}>
                          <TextInput
                            size="xs"
                            aria-label={`Row ${rowNo} ${cell.label}`}
                            placeholder={cell.placeholder}
                            autoComplete="off"
                            value={row[cell.key]}
                            error={own.some((problem) => problem.includes(`: ${cell.label}`) || (cell.key === 'ndc' && /NDC|ndc/.test(problem))) || undefined}
                            onChange={(event) => change(row.key, { [cell.key]: event.currentTarget.value })}
                          />
                        </Table.Td>
                      ))}
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={`Remove row ${rowNo}`}
                          onClick={() => {
                            saving.reset();
                            setRows((current) => (current.length > 1 ? current.filter((r) => r.key !== row.key) : [emptyRow()]));
                          }}
                        >
                          <IconTrash size={16} stroke={1.7} aria-hidden />
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  );
                  if (!own.length) return [cells];
                  return [
                    cells,
                    <Table.Tr key={`${row.key}-problems`} bg="var(--mantine-color-red-0)">
                      <Table.Td />
                      <Table.Td colSpan={CELLS.length + 1}>
                        <Text size="xs" c="red.9" role="alert">
                          {own.map((problem) => problem.replace(/^Row \d+: /, '')).join(' ')}
                        </Text>
                      </Table.Td>
                    </Table.Tr>,
                  ];
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between">
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={15} stroke={2} aria-hidden />}
              disabled={rows.length >= DECLARED_MAX_ITEMS}
              onClick={() => setRows((current) => [...current, emptyRow()])}
            >
              Add Row
            </Button>
            <Group gap="sm">
              <Button variant="default" onClick={close} disabled={saving.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={saving.isPending}>
                Save
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
