import { Alert, Button, Group, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { accountabilityQuerySchema, parseUsDate } from '@3ds/domain';
import { IconScale } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { showAlert } from '../../../lib/alert-store.ts';
import { JobLink, LineItemLink, LineItemProblems } from './record-links.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { reportFailureMessage } from '../api/export-report.ts';
import { getAccountability, type AccountabilityAnswer, type AccountabilityFigure, type AccountabilityQuery } from '../api/on-hand.ts';

type FigureName = 'opening' | 'received' | 'destroyed' | 'closing';
const FIGURES: { name: FigureName; label: string; sign: string }[] = [
  { name: 'opening', label: 'Opening on hand', sign: '' },
  { name: 'received', label: 'Received', sign: '+' },
  { name: 'destroyed', label: 'Destroyed', sign: '−' },
  { name: 'closing', label: 'Closing on hand', sign: '=' },
];
const grams = (n: number) => `${n.toLocaleString('en-US', { maximumFractionDigits: 6 })} g`;

/**
 * The accountability of a drug code over a period: opening on hand + received − destroyed = closing
 * on hand, each figure opening onto its line items, and what the records cannot place, with why.
 */
export function AccountabilityPanel() {
  const [values, setValues] = useState<AccountabilityQuery>({ from: '', to: '', drugCode: '' });
  // A message beside its field, or `true` to outline a field whose message stands beside another.
  const [errors, setErrors] = useState<Partial<Record<keyof AccountabilityQuery, string | true>>>({});
  const [open, setOpen] = useState<FigureName | null>(null);
  const running = useMutation({ mutationKey: ['reports', 'accountability'], mutationFn: getAccountability, meta: { handlesErrors: true } });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = accountabilityQuerySchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<keyof AccountabilityQuery, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof AccountabilityQuery;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    // A rule between the two dates outlines both, its message beside the later one (the server
    // answers the same words).
    if (parseUsDate(parsed.data.from)! > parseUsDate(parsed.data.to)!) {
      setErrors({ from: true, to: 'From must not be after To' });
      return;
    }
    setErrors({});
    setOpen(null);
    running.mutate(values, {
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) return;
        showAlert({ type: 'DANGER', message: reportFailureMessage(error) });
      },
    });
  };
  const answer = running.data;
  const field = (key: keyof AccountabilityQuery, label: string, description: string) => (
    <TextInput label={label} description={description} value={values[key]} error={errors[key]} autoComplete="off" onChange={(e) => setValues({ ...values, [key]: e.currentTarget.value })} />
  );

  return (
    <Paper withBorder shadow="xs" p="lg" component="section" aria-labelledby="accountability-title" mt="lg">
      <Title order={2} fz="md" fw={650} mb={4} id="accountability-title">
        Accountability
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        What came in, what was destroyed and what is on hand, for one DEA drug code over a period: every line item accounted for.
      </Text>
      <form onSubmit={submit} noValidate aria-labelledby="accountability-title">
        <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="md">
          {field('from', 'From', 'MM/DD/YYYY, included')}
          {field('to', 'To', 'MM/DD/YYYY, included')}
          {field('drugCode', 'Drug Code', 'DEA code, e.g. 9143')}
          <Group align="end">
            <Button type="submit" leftSection={<IconScale size={17} stroke={1.7} aria-hidden />} loading={running.isPending}>
              Account
            </Button>
          </Group>
        </SimpleGrid>
      </form>
      {answer && <Figures answer={answer} open={open} onToggle={(name) => setOpen(open === name ? null : name)} />}
    </Paper>
  );
}

const count = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 6 });

/** The four figures per NDC: packages and units (dosage units, mL or grams), and whether they balance. */
function ByNdc({ rows }: { rows: AccountabilityAnswer['byNdc'] }) {
  return (
    <Stack gap={6}>
      <Title order={3} fz="sm" fw={650} id="accountability-by-ndc">
        By NDC, in packages and units
      </Title>
      <ScrollArea.Autosize mah={480} type="auto">
        <Table withTableBorder stickyHeader bg="white" fz="sm" aria-labelledby="accountability-by-ndc">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>NDC</Table.Th>
              {FIGURES.map(({ name, label, sign }) => (
                <Table.Th key={name} ta="right">
                  {sign} {label}
                </Table.Th>
              ))}
              <Table.Th>Balance</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.ndc}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {row.ndc}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {row.description}
                  </Text>
                </Table.Td>
                {FIGURES.map(({ name }) => (
                  <Table.Td key={name} ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {count(row[name].packages)} pkg
                    <Text size="xs" c="dimmed">
                      {count(row[name].units)} {row.unit}
                    </Text>
                  </Table.Td>
                ))}
                <Table.Td>
                  {row.balanced ? 'Balances' : 'Does not balance'}
                  {row.uncounted > 0 && (
                    <Text size="xs" c="orange.8">
                      {row.uncounted} line item{row.uncounted === 1 ? '' : 's'} without a quantity
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Stack>
  );
}

function Figures({ answer, open, onToggle }: { answer: AccountabilityAnswer; open: FigureName | null; onToggle: (name: FigureName) => void }) {
  const shown = open ? answer[open] : null;
  return (
    <Stack gap="md" mt="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" role="group" aria-label={`Accountability of drug code ${answer.drugCode}, ${answer.from} to ${answer.to}`}>
        {FIGURES.map(({ name, label, sign }) => (
          <UnstyledButton
            key={name}
            onClick={() => onToggle(name)}
            aria-expanded={open === name}
            aria-label={`${label}: ${answer[name].lineItems} line items, ${grams(answer[name].gramsOfBase)} of base. Show its line items`}
            style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 6, padding: 12, background: open === name ? 'var(--mantine-color-blue-0)' : undefined }}
          >
            <Text size="xs" c="dimmed">
              {sign} {label}
            </Text>
            <Text fw={700} fz="lg">
              {answer[name].lineItems} line item{answer[name].lineItems === 1 ? '' : 's'}
            </Text>
            <Text size="sm">{grams(answer[name].gramsOfBase)} of base</Text>
          </UnstyledButton>
        ))}
      </SimpleGrid>
      {shown && <FigureItems figure={shown} label={FIGURES.find((f) => f.name === open)!.label} />}
      {answer.byNdc.length > 0 && <ByNdc rows={answer.byNdc} />}
      {answer.unplaced.length > 0 && (
        <LineItemProblems
          title="Line items that cannot be placed"
          tableLabel="Line items that cannot be placed, with why"
          column={{ header: 'Job', cell: (u) => <JobLink id={u.jobId} /> }}
          reasonHeader="Why"
          rows={answer.unplaced}
          rowKey={(u) => `${u.recordId}-${u.reason}`}
        />
      )}
    </Stack>
  );
}

function FigureItems({ figure, label }: { figure: AccountabilityFigure; label: string }) {
  if (!figure.items.length) return <Text size="sm" c="dimmed">{label}: no line items.</Text>;
  return (
    <ScrollArea.Autosize mah={420} type="auto">
    <Table withTableBorder stickyHeader fz="sm" aria-label={`${label}: line items`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Line item</Table.Th>
          <Table.Th>NDC</Table.Th>
          <Table.Th>Description</Table.Th>
          <Table.Th>Received</Table.Th>
          <Table.Th>Destroyed</Table.Th>
          <Table.Th ta="right">Grams of base</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {figure.items.map((item) => (
          <Table.Tr key={item.recordId}>
            <Table.Td>
              <LineItemLink id={item.recordId} yellowBucket={item.yellowBucket} />
            </Table.Td>
            <Table.Td>{item.ndc}</Table.Td>
            <Table.Td>{item.description}</Table.Td>
            <Table.Td>{item.dateReceived}</Table.Td>
            <Table.Td>{item.dateDestroyed}</Table.Td>
            <Table.Td ta="right">{item.gramsOfBase ?? ''}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
    </ScrollArea.Autosize>
  );
}
