import { Avatar, Burger, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router';
import { BrandMark } from '../../components/brand/brand-mark.tsx';
import { logout } from '../../session/logout.ts';
import type { Session } from '../../session/session.ts';
import { HOME_ROUTE, routePath } from '../../config/paths.ts';
import classes from './shell.module.css';

interface AppHeaderProps {
  session: Session;
  navOpened: boolean;
  onToggleNav: () => void;
}

function initials(username: string): string {
  const letters = username.replace(/[^A-Za-z0-9]/g, '');
  return (letters.slice(0, 2) || '?').toUpperCase();
}

/** Top bar: product name, welcome banner, and the user menu with Logout. */
export function AppHeader({ session, navOpened, onToggleNav }: AppHeaderProps) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="md">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
          aria-expanded={navOpened}
          aria-controls="app-navbar"
        />
        <Link to={routePath(HOME_ROUTE)} className={classes.brandLink} title="Home">
          <BrandMark withTagline />
        </Link>
      </Group>

      <Group gap="lg" wrap="nowrap">
        <Text size="sm" c="dimmed" visibleFrom="sm" data-testid="welcome-banner">
          Welcome, {session.username}
        </Text>
        <Menu position="bottom-end" width={220} withinPortal>
          <Menu.Target>
            <UnstyledButton className={classes.userButton}>
              <Group gap={8} wrap="nowrap">
                <Avatar size={28} radius="xl" color="brand" variant="filled" aria-hidden>
                  {initials(session.username)}
                </Avatar>
                <Text size="sm" fw={600} maw={160} truncate>
                  {session.username}
                </Text>
                <IconChevronDown size={14} stroke={2} aria-hidden />
              </Group>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>Signed in as {session.username}</Menu.Label>
            {session.parentOrganization && (
              <Text size="xs" c="dimmed" px="sm" pb={6}>
                Organization: {session.parentOrganization}
              </Text>
            )}
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void logout()}>
              Logout
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
