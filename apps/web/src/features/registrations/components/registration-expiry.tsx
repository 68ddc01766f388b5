import { Badge, Group, Text, type MantineColor } from '@mantine/core';
import { parseUsDate, registrationExpiry, todayIso, type ExpiryState } from '@3ds/domain';
import type { ListRecord } from '../../../lib/records/list-records.ts';
import type { CellRenderer } from '../../../components/list-screen/list-columns.tsx';

/** Spec 1 §2/§4: a registration row is expired after its date and almost expired within 60 days. */
export const EXPIRATION_FIELD = 'Expiration Date';

export function expiryOf(record: ListRecord, today: string = todayIso()): ExpiryState {
  const value = record.fieldData[EXPIRATION_FIELD];
  return registrationExpiry(typeof value === 'string' ? parseUsDate(value) : null, today);
}

const TONE: Partial<Record<ExpiryState, { color: MantineColor; row: MantineColor; label: string }>> = {
  expired: { color: 'red', row: 'red.1', label: 'Expired' },
  'almost-expired': { color: 'orange', row: 'yellow.1', label: 'Expires soon' },
};

export function expiryRowColor(record: ListRecord): MantineColor | undefined {
  return TONE[expiryOf(record)]?.row;
}

/** The date, and a word for those who cannot tell the row colours apart. */
export const renderExpiration: CellRenderer = (record, text) => {
  const tone = TONE[expiryOf(record)];
  if (!tone) return text;
  return (
    <Group gap={6} wrap="nowrap">
      <span>{text}</span>
      <Badge size="xs" variant="light" color={tone.color} radius="sm" style={{ flex: 'none', minWidth: 'max-content' }}>
        {tone.label}
      </Badge>
    </Group>
  );
};

/** The legend under the title. */
export function ExpiryLegend() {
  return (
    <Group gap="md" component="span">
      <Group gap={6} component="span">
        <Swatch color="var(--mantine-color-red-1)" border="var(--mantine-color-red-4)" />
        <Text span size="sm" c="dimmed">
          Expired
        </Text>
      </Group>
      <Group gap={6} component="span">
        <Swatch color="var(--mantine-color-yellow-1)" border="var(--mantine-color-yellow-5)" />
        <Text span size="sm" c="dimmed">
          Expires within 60 days
        </Text>
      </Group>
    </Group>
  );
}

function Swatch({ color, border }: { color: string; border: string }) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        width: 14,
        height: 14,
        borderRadius: 3,
        background: color,
        border: `1px solid ${border}`,
      }}
    />
  );
}
