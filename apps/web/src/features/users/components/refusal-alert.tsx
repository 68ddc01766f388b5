import { Alert, List } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { Refusal } from '../user-form-model.ts';

/** The server's refusal of a change, inside the dialog that asked for it, word for word. */
export function RefusalAlert({ refusal }: { refusal: Refusal }) {
  return (
    <Alert
      color="red"
      variant="light"
      title={refusal.title}
      icon={<IconAlertTriangle size={18} aria-hidden />}
      role="alert"
      data-alert-type="DANGER"
    >
      {refusal.message}
      {refusal.details.length > 0 && (
        <List size="sm" spacing={2} mt={6}>
          {refusal.details.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
