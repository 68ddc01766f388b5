import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { MESSAGES } from '@3ds/domain';
import { IconClockExclamation } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { idleTimeoutMs, startIdleTimer } from './idle-timer.ts';
import { logout } from './logout.ts';

/**
 * Mounted by the signed-in shell only (never on the login screen): after the idle time-out
 * without input, a modal says "Your session has expired due to inactivity"; dismissing it in any
 * way (OK, close button, Escape, click outside) logs out.
 */
export function IdleWatcher() {
  const [expired, setExpired] = useState(false);

  useEffect(() => startIdleTimer({ timeoutMs: idleTimeoutMs, onIdle: () => setExpired(true) }), []);

  const dismiss = () => {
    void logout();
  };

  return (
    <Modal opened={expired} onClose={dismiss} title="Session expired" size="sm" zIndex={300}>
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="xl" variant="light" color="orange" aria-hidden>
            <IconClockExclamation size={22} />
          </ThemeIcon>
          <Text>{MESSAGES.idleExpired}</Text>
        </Group>
        <Group justify="flex-end">
          <Button onClick={dismiss} data-autofocus>
            OK
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
