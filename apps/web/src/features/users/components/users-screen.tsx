import 'mantine-datatable/styles.css';

import { ActionIcon, Badge, Button, CloseButton, Group, Paper, Stack, Text, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import type { UserAccount } from '@3ds/domain';
import { IconKey, IconPencil, IconSearch, IconUserCheck, IconUserOff, IconUserPlus, IconUsersGroup } from '@tabler/icons-react';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PrivilegeRequired } from '../../../components/page/privilege-required.tsx';
import { PageFrame } from '../../../components/page/page-frame.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useMayPerform, useSession } from '../../../session/use-session.ts';
import { useUsers } from '../api/list-users.ts';
import {
  accountDate,
  accountTime,
  countText,
  knownOrganizations,
  parseUserListState,
  privilegeSummary,
  SORTABLE_COLUMNS,
  statusLabel,
  userListStateToParams,
  visibleUsers,
  type SortColumn,
  type UserListState,
} from '../user-list-model.ts';
import { AddUserModal } from './add-user-modal.tsx';
import { EditUserModal } from './edit-user-modal.tsx';
import { ResetPasswordModal } from './reset-password-modal.tsx';
import { UserStatusDialog } from './user-status-dialog.tsx';
import classes from './users-screen.module.css';

/**
 * `/users`: the accounts, for holders of MANAGE_USERS — list, add, edit (name, privileges,
 * organisation), reset a password, disable and enable. Every change is audited by the server,
 * which also refuses to leave no administrator.
 */
export function UsersScreen() {
  const mayManage = useMayPerform('user.manage');
  if (!mayManage) return <PrivilegeRequired title="Users" action="user.manage" />;
  return <UsersList />;
}

type Dialog = 'add' | 'edit' | 'password' | 'status';

const isSortColumn = (value: unknown): value is SortColumn => (SORTABLE_COLUMNS as readonly unknown[]).includes(value);

function UsersList() {
  const self = useSession()?.username;
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseUserListState(searchParams), [searchParams]);
  const change = (update: Partial<UserListState>) =>
    setSearchParams(userListStateToParams({ ...state, ...update }, searchParams), { replace: true });

  const query = useUsers();
  const accounts = useMemo(() => query.data ?? [], [query.data]);
  const shown = useMemo(() => visibleUsers(accounts, state), [accounts, state]);
  const organizations = useMemo(() => knownOrganizations(accounts), [accounts]);

  const [dialog, setDialog] = useState<Dialog | null>(null);
  // Kept while a dialog closes, so its text does not vanish during the transition.
  const [target, setTarget] = useState<UserAccount | null>(null);
  const open = (kind: Dialog, account: UserAccount | null = null) => {
    setTarget(account);
    setDialog(kind);
  };
  const closeDialog = () => setDialog(null);

  const columns = useMemo(() => userColumns(self, open), [self]);

  // The privilege was taken away since the token was issued: say so, as for a missing privilege.
  if (query.error instanceof ApiError && query.error.status === 403) return <PrivilegeRequired title="Users" action="user.manage" />;

  const sortStatus: DataTableSortStatus<UserAccount> = { columnAccessor: state.sort, direction: state.direction };

  return (
    <PageFrame
      title="Users"
      subtitle="Who can sign in, and what each user may change. Every change here is recorded in the audit log."
      actions={
        <Button leftSection={<IconUserPlus size={17} stroke={1.7} aria-hidden />} onClick={() => open('add')}>
          Add user
        </Button>
      }
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <TextInput
            aria-label="Quick search"
            placeholder="Search users, organizations, privileges"
            aria-keyshortcuts="/"
            data-quick-find
            value={state.quick}
            onChange={(event) => change({ quick: event.currentTarget.value })}
            leftSection={<IconSearch size={16} stroke={1.7} aria-hidden />}
            rightSection={state.quick ? <CloseButton size="sm" aria-label="Clear the search" onClick={() => change({ quick: '' })} /> : null}
            w={{ base: '100%', xs: 340 }}
            autoComplete="off"
            spellCheck={false}
          />
          {query.isSuccess && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {countText(shown.length, accounts.length)}
            </Text>
          )}
        </Group>

        <Paper withBorder shadow="xs" className={classes.card}>
          <DataTable<UserAccount>
            records={shown}
            columns={columns}
            idAccessor="username"
            fetching={query.isFetching}
            loaderType="dots"
            sortStatus={sortStatus}
            onSortStatusChange={(status) => {
              if (isSortColumn(status.columnAccessor)) change({ sort: status.columnAccessor, direction: status.direction });
            }}
            emptyState={
              query.isPending ? (
                <span />
              ) : (
                <Stack align="center" gap={6} c="dimmed">
                  <IconUsersGroup size={30} stroke={1.4} aria-hidden />
                  <Text size="sm">
                    {query.isError ? 'The users could not be loaded' : state.quick ? 'No user matches the search' : 'No users yet'}
                  </Text>
                </Stack>
              )
            }
            minHeight={shown.length === 0 ? 220 : undefined}
            maxHeight="calc(100dvh - 260px)"
            striped
            highlightOnHover
            verticalSpacing={8}
            horizontalSpacing="xs"
            fz="sm"
            rowClassName={(account) => (account.disabled ? classes.disabledRow : undefined)}
            // The actions stay in view when the table is wider than the screen.
            pinLastColumn
            aria-label="Users"
          />
        </Paper>
      </Stack>

      <AddUserModal opened={dialog === 'add'} onClose={closeDialog} organizations={organizations} />
      <EditUserModal account={target} opened={dialog === 'edit'} onClose={closeDialog} organizations={organizations} self={self} />
      <ResetPasswordModal account={target} opened={dialog === 'password'} onClose={closeDialog} self={self} />
      <UserStatusDialog account={target} opened={dialog === 'status'} onClose={closeDialog} />
    </PageFrame>
  );
}

function userColumns(self: string | undefined, open: (kind: Dialog, account: UserAccount) => void): DataTableColumn<UserAccount>[] {
  return [
    {
      accessor: 'username',
      title: 'Username',
      sortable: true,
      noWrap: true,
      render: (account) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600} ff="monospace">
            {account.username}
          </Text>
          {account.username === self && (
            <Badge size="xs" variant="light" color="gray">
              You
            </Badge>
          )}
        </Group>
      ),
    },
    {
      accessor: 'displayName',
      title: 'Name',
      sortable: true,
      ellipsis: true,
      width: 104,
      render: (account) => <span title={account.displayName}>{account.displayName}</span>,
    },
    {
      accessor: 'parentOrganization',
      // "Parent Organization" in the forms; the short title keeps the table within the screen.
      title: 'Organization',
      sortable: true,
      ellipsis: true,
      width: 160,
      render: (account) =>
        account.parentOrganization ? (
          <span title={account.parentOrganization}>{account.parentOrganization}</span>
        ) : (
          <Text span size="sm" c="dimmed">
            None
          </Text>
        ),
    },
    { accessor: 'privileges', title: 'Privileges', width: 206, render: (account) => <PrivilegeBadges privileges={account.privileges} /> },
    {
      accessor: 'status',
      title: 'Status',
      sortable: true,
      noWrap: true,
      width: 102,
      render: (account) => (
        <Badge variant="light" color={account.disabled ? 'red' : 'green'} size="sm" className={classes.privilege}>
          {statusLabel(account)}
        </Badge>
      ),
    },
    {
      accessor: 'lastLoginAt',
      title: 'Last Sign-in',
      sortable: true,
      noWrap: true,
      render: (account) => <TimeCell iso={account.lastLoginAt} />,
    },
    {
      accessor: 'createdAt',
      title: 'Created',
      sortable: true,
      noWrap: true,
      render: (account) => <span title={accountTime(account.createdAt)}>{accountDate(account.createdAt)}</span>,
    },
    {
      accessor: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      textAlign: 'right',
      noWrap: true,
      width: 100,
      render: (account) => (
        <Group gap={2} justify="flex-end" wrap="nowrap">
          <Tooltip label="Edit name, privileges and organization">
            <ActionIcon variant="subtle" aria-label={`Edit ${account.username}`} onClick={() => open('edit', account)}>
              <IconPencil size={17} stroke={1.7} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Reset password">
            <ActionIcon variant="subtle" aria-label={`Reset the password of ${account.username}`} onClick={() => open('password', account)}>
              <IconKey size={17} stroke={1.7} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={account.disabled ? 'Enable' : 'Disable'}>
            <ActionIcon
              variant="subtle"
              color={account.disabled ? 'green' : 'red'}
              aria-label={`${account.disabled ? 'Enable' : 'Disable'} ${account.username}`}
              onClick={() => open('status', account)}
            >
              {account.disabled ? <IconUserCheck size={17} stroke={1.7} aria-hidden /> : <IconUserOff size={17} stroke={1.7} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];
}

/** All, none, or the first few privileges as badges and "+N" with the rest in a tooltip. */
function PrivilegeBadges({ privileges }: { privileges: readonly string[] }) {
  const summary = privilegeSummary(privileges);
  if (summary.kind === 'none') {
    return (
      <Text span size="sm" c="dimmed">
        None (read only)
      </Text>
    );
  }
  if (summary.kind === 'all') {
    return (
      <Badge size="sm" variant="filled" className={classes.privilege}>
        All privileges
      </Badge>
    );
  }
  return (
    <Group gap={4} wrap="wrap" maw={192}>
      {summary.shown.map((privilege) => (
        <Badge key={privilege} size="xs" variant="light" tt="none" ff="monospace" fw={500} className={classes.privilege}>
          {privilege}
        </Badge>
      ))}
      {summary.hidden.length > 0 && (
        <Tooltip label={summary.hidden.join(', ')} multiline maw={320}>
          <Badge size="xs" variant="outline" color="gray" tt="none" aria-label={`and ${summary.hidden.join(', ')}`}>
            +{summary.hidden.length}
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}

/** A time as its day, with the time of day small beneath it (narrower than one line); "Never" for none. */
function TimeCell({ iso }: { iso: string | null }) {
  const text = accountTime(iso);
  if (!iso || text.length < 19) return <>{text}</>;
  return (
    <div title={text}>
      {text.slice(0, 10)}
      <Text size="xs" c="dimmed" lh={1.3}>
        {text.slice(11)}
      </Text>
    </div>
  );
}
