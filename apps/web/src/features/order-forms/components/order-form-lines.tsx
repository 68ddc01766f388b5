import { ActionIcon, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { ORDER_FORM_MAX_LINES } from '@3ds/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { NdcSelect } from '../../../components/line-item-entry/ndc-select.tsx';
import { emptyLine, tradeNameOfOption, type LineDraft } from '../order-form-model.ts';

interface OrderFormLinesProps {
  lines: LineDraft[];
  onChange: (lines: LineDraft[]) => void;
  /** The problems of the lines, in the rules' words (each names its line). */
  problems: readonly string[];
}

/**
 * A form's numbered lines as the dialog edits them (21 CFR 1305.12(b): one item a line, up to 20):
 * each the item's NDC (the one NDC selector) or its description, the packages and their size. Lines
 * are numbered in the order shown; a blank line is left out when the form is saved.
 */
export function OrderFormLines({ lines, onChange, problems }: OrderFormLinesProps) {
  const change = (key: string, update: Partial<LineDraft>) => onChange(lines.map((line) => (line.key === key ? { ...line, ...update } : line)));
  const problemOf = (lineNo: number) => problems.filter((p) => p.startsWith(`Line ${lineNo}:`) || p.startsWith(`Line ${lineNo} `)).join(' ');
  return (
    <Stack gap="xs" component="section" aria-label="Lines">
      <Group justify="space-between" align="baseline">
        <Text fw={650} size="sm">
          Lines
        </Text>
        <Text size="xs" c="dimmed">
          {lines.length} of {ORDER_FORM_MAX_LINES} · one item a line: its NDC, or a description
        </Text>
      </Group>
      {lines.map((line, index) => {
        const lineNo = index + 1;
        const problem = problemOf(lineNo);
        return (
          <Paper key={line.key} withBorder p="sm" radius="sm" role="group" aria-label={`Line ${lineNo}`}>
            <Group align="flex-start" gap="sm" wrap="nowrap">
              <Text fw={700} size="sm" w={24} pt={28} ta="right" c="dimmed" aria-hidden>
                {lineNo}
              </Text>
              <Stack gap={6} style={{ flex: 1 }} miw={0}>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing={6}>
                  <NdcSelect
                    label={`Line ${lineNo} NDC`}
                    optional
                    value={line.ndc}
                    initialOption={line.ndc ? { value: line.ndc, label: line.item ? `${line.ndc} — ${line.item}` : line.ndc } : undefined}
                    onChange={(ndc, label) => {
                      const name = label ? tradeNameOfOption(label) : '';
                      change(line.key, { ndc, ...(ndc && name && line.item.trim() === '' ? { item: name } : {}) });
                    }}
                  />
                  <TextInput
                    label={`Line ${lineNo} Item`}
                    placeholder={line.ndc ? "The NDC's trade name" : 'Describe the item'}
                    autoComplete="off"
                    value={line.item}
                    onChange={(e) => change(line.key, { item: e.currentTarget.value })}
                  />
                </SimpleGrid>
                <SimpleGrid cols={{ base: 2, sm: 2 }} spacing="sm">
                  <TextInput
                    label={`Line ${lineNo} Packages`}
                    placeholder="e.g. 2"
                    inputMode="numeric"
                    autoComplete="off"
                    value={line.packages}
                    onChange={(e) => change(line.key, { packages: e.currentTarget.value })}
                  />
                  <TextInput
                    label={`Line ${lineNo} Package Size`}
                    placeholder="e.g. 100 tablets"
                    autoComplete="off"
                    value={line.packageSize}
                    onChange={(e) => change(line.key, { packageSize: e.currentTarget.value })}
                  />
                </SimpleGrid>
                {problem && (
                  <Text size="xs" c="red.8" role="alert">
                    {problem}
                  </Text>
                )}
              </Stack>
              <ActionIcon
                variant="subtle"
                color="gray"
                mt={26}
                aria-label={`Remove line ${lineNo}`}
                onClick={() => onChange(lines.length > 1 ? lines.filter((l) => l.key !== line.key) : [emptyLine()])}
              >
                <IconTrash size={17} stroke={1.7} aria-hidden />
              </ActionIcon>
            </Group>
          </Paper>
        );
      })}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={15} stroke={2} aria-hidden />}
          disabled={lines.length >= ORDER_FORM_MAX_LINES}
          onClick={() => onChange([...lines, emptyLine()])}
        >
          Add Line
        </Button>
      </Group>
    </Stack>
  );
}
