import { Badge, Button, Text } from '@mantine/core';
import { ORDER_FORM_VALID_DAYS } from '@3ds/domain';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { CellRenderer } from '../../../components/list-screen/list-columns.tsx';
import { ListScreen } from '../../../components/list-screen/list-screen.tsx';
import { recordText } from '../../../lib/records/record-shapes.ts';
import { useMayPerform } from '../../../session/use-session.ts';
import { statusColor } from '../order-form-model.ts';
import { NewOrderFormDialog } from './order-form-dialog.tsx';

/** The status as a badge: red once expired or lost, grey once void. */
const RENDERERS: Partial<Record<string, CellRenderer>> = {
  Status: (record) => {
    const text = recordText(record, 'Status');
    return text ? (
      <Badge color={statusColor(text)} variant="light" size="sm" tt="none">
        {text}
      </Badge>
    ) : null;
  },
};

function ValidityLegend() {
  return (
    <Text span size="sm" c="dimmed">
      The DEA Form 222s issued to our clients, each naming the client's registration as its supplier. A form is valid {ORDER_FORM_VALID_DAYS} days from its issue (our
      house rule); an open form past them shows "expired".
    </Text>
  );
}

/** `/order-forms`: the Form 222 register, and New Form 222 for those who may issue one (CREATE_JOB). */
export function OrderFormsScreen() {
  const canIssue = useMayPerform('order-form.issue');
  const [issuing, setIssuing] = useState(false);
  const newForm = canIssue ? (
    <Button leftSection={<IconPlus size={17} stroke={2} aria-hidden />} onClick={() => setIssuing(true)}>
      New Form 222
    </Button>
  ) : undefined;
  return (
    <>
      <ListScreen entity="order-forms" renderers={RENDERERS} legend={<ValidityLegend />} actions={newForm} />
      {canIssue && <NewOrderFormDialog opened={issuing} onClose={() => setIssuing(false)} />}
    </>
  );
}
