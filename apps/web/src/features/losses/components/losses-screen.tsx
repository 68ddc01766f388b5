import { Text } from '@mantine/core';
import type { CellRenderer } from '../../../components/list-screen/list-columns.tsx';
import { ListScreen } from '../../../components/list-screen/list-screen.tsx';
import { recordText } from '../../../lib/records/record-shapes.ts';
import { deadlineCellColor } from '../loss-model.ts';

const deadline =
  (field: string): CellRenderer =>
  (record) => {
    const text = recordText(record, field);
    const color = deadlineCellColor(text);
    return text ? (
      <Text span size="sm" fw={color === 'red' ? 700 : 500} c={color ? `${color}.9` : undefined} style={{ whiteSpace: 'nowrap' }}>
        {text}
      </Text>
    ) : null;
  };

/** Each deadline in its colour: red once missed (or done late), orange on its day, green once done. */
const RENDERERS: Partial<Record<string, CellRenderer>> = { Notice: deadline('Notice'), 'Form 106': deadline('Form 106') };

function Legend() {
  return (
    <Text span size="sm" c="dimmed">
      Thefts and losses in transit found by a job's reconciliation. DEA is told in writing within one business day of the discovery, and the Form 106 is filed within 45
      days (21 CFR 1301.74(c)).
    </Text>
  );
}

/** `/losses`: every theft and loss in transit, with where its two deadlines stand. */
export function LossesScreen() {
  return <ListScreen entity="losses" renderers={RENDERERS} legend={<Legend />} />;
}
