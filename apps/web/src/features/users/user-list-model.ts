import { formatTimestamp, PRIVILEGES, type UserAccount } from '@3ds/domain';
import { orderedPrivileges } from './user-form-model.ts';

/**
 * The Users list: every account comes in one answer, so the quick search and the sort run here.
 * Both live in the URL (`?q=…&sort=…&dir=…`), as on the other lists.
 */

export const SORTABLE_COLUMNS = ['username', 'displayName', 'parentOrganization', 'status', 'lastLoginAt', 'createdAt'] as const;
export type SortColumn = (typeof SORTABLE_COLUMNS)[number];

export interface UserListState {
  quick: string;
  sort: SortColumn;
  direction: 'asc' | 'desc';
}

export const DEFAULT_LIST_STATE: UserListState = { quick: '', sort: 'username', direction: 'asc' };

const isSortColumn = (value: string | null): value is SortColumn => (SORTABLE_COLUMNS as readonly (string | null)[]).includes(value);

export function parseUserListState(params: URLSearchParams): UserListState {
  const sort = params.get('sort');
  return {
    quick: params.get('q') ?? '',
    sort: isSortColumn(sort) ? sort : DEFAULT_LIST_STATE.sort,
    direction: params.get('dir') === 'desc' ? 'desc' : 'asc',
  };
}

/** The query string of a state; defaults are left out, other parameters kept. */
export function userListStateToParams(state: UserListState, current = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(current);
  const set = (key: string, value: string, fallback: string) => (value === fallback ? params.delete(key) : params.set(key, value));
  set('q', state.quick, DEFAULT_LIST_STATE.quick);
  set('sort', state.sort, DEFAULT_LIST_STATE.sort);
  set('dir', state.direction, DEFAULT_LIST_STATE.direction);
  return params;
}

export function statusLabel(account: Pick<UserAccount, 'disabled'>): 'Enabled' | 'Disabled' {
  return account.disabled ? 'Disabled' : 'Enabled';
}

/** A timestamp as the app shows them (MM/DD/YYYY HH:MM:SS, local time); "Never" for no sign-in. */
export function accountTime(iso: string | null): string {
  if (!iso) return 'Never';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatTimestamp(date);
}

/** The day of a timestamp (MM/DD/YYYY, local time), for the narrow Created column. */
export function accountDate(iso: string): string {
  return accountTime(iso).slice(0, 10);
}

/**
 * Whether an account matches the quick search: every word of the text is found in its username,
 * name, organisation, status or one of its privileges (case-insensitive).
 */
export function matchesQuickSearch(account: UserAccount, text: string): boolean {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [account.username, account.displayName, account.parentOrganization ?? '', statusLabel(account), ...account.privileges]
    .join('\n')
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}

function sortKey(account: UserAccount, column: SortColumn): string | null {
  switch (column) {
    case 'username':
      return account.username;
    case 'displayName':
      return account.displayName.trim() || null;
    case 'parentOrganization':
      return account.parentOrganization;
    case 'status':
      return statusLabel(account);
    case 'lastLoginAt':
      return account.lastLoginAt;
    case 'createdAt':
      return account.createdAt;
  }
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * The accounts matching the quick search, sorted by the column (empty values last in either
 * direction, ties by username). ISO timestamps sort as text.
 */
export function visibleUsers(accounts: readonly UserAccount[], state: UserListState): UserAccount[] {
  const sign = state.direction === 'desc' ? -1 : 1;
  return accounts
    .filter((account) => matchesQuickSearch(account, state.quick))
    .sort((a, b) => {
      const x = sortKey(a, state.sort);
      const y = sortKey(b, state.sort);
      if (x === null || y === null) {
        if (x !== y) return x === null ? 1 : -1;
      } else {
        const order = collator.compare(x, y);
        if (order !== 0) return sign * order;
      }
      return collator.compare(a.username, b.username);
    });
}

/** How the list shows an account's privileges: all of them, none, or the first few and a count. */
export type PrivilegeSummary =
  | { kind: 'all' }
  | { kind: 'none' }
  | { kind: 'some'; shown: readonly string[]; hidden: readonly string[] };

export function privilegeSummary(privileges: readonly string[], shownAtMost = 3): PrivilegeSummary {
  const held = orderedPrivileges(privileges);
  if (held.length === 0) return { kind: 'none' };
  if (held.length === PRIVILEGES.length) return { kind: 'all' };
  return { kind: 'some', shown: held.slice(0, shownAtMost), hidden: held.slice(shownAtMost) };
}

/** The organisations already in use, for the organisation field's suggestions. */
export function knownOrganizations(accounts: readonly UserAccount[]): string[] {
  const names = new Set(accounts.flatMap((account) => (account.parentOrganization ? [account.parentOrganization] : [])));
  return [...names].sort(collator.compare);
}

/** "3 users", "1 of 4 users". */
export function countText(shown: number, total: number): string {
  const noun = total === 1 ? 'user' : 'users';
  return shown === total ? `${total} ${noun}` : `${shown} of ${total} ${noun}`;
}
