import { Alert, Button, Group, Text } from '@mantine/core';
import { actionRule, missingPrivilegeMessage, type Action } from '@3ds/domain';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { HOME_ROUTE, routePath } from '../../config/paths.ts';
import { PageFrame } from './page-frame.tsx';

interface PrivilegeRequiredProps {
  /** The screen's title, kept so the person knows where they are. */
  title: string;
  /** The action the screen is for; its privilege is named. */
  action: Action;
}

/**
 * What a screen shows to a signed-in user whose privileges do not allow its action (opened by its
 * address, or the privilege was taken away meanwhile): which privilege is missing and who can give
 * it — not an error page.
 */
export function PrivilegeRequired({ title, action }: PrivilegeRequiredProps) {
  const { privilege } = actionRule(action);
  return (
    <PageFrame title={title}>
      <Alert
        color="yellow"
        variant="light"
        title="You don't have the privilege for this screen"
        icon={<IconLock size={18} aria-hidden />}
        maw={720}
        data-alert-type="WARNING"
      >
        <Text size="sm">{missingPrivilegeMessage(action)}</Text>
        <Text size="sm" mt={6}>
          Ask an administrator to give you {privilege}, then sign in again.
        </Text>
        <Group mt="md">
          <Button component={Link} to={routePath(HOME_ROUTE)} variant="default" size="xs">
            Go to the start page
          </Button>
        </Group>
      </Alert>
    </PageFrame>
  );
}
