import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * Why a confirmation cannot go ahead, shown in the dialog before anything is sent (the server would
 * refuse the same with 409). The dialog's confirm button is disabled beside it.
 */
export function RefusalNote({ children }: { children: ReactNode }) {
  return (
    <Alert color="orange" variant="light" title="This cannot be done now" icon={<IconLock size={18} aria-hidden />} role="alert" data-alert-type="WARNING">
      {children}
    </Alert>
  );
}
