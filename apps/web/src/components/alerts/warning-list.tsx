import { Alert, List } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ApiError, refusalTitle } from '../../lib/api-error.ts';

/**
 * What stops a dialog from saving (spec 2 §5: "Messages show as a warning list in the modal and
 * block submit"): the rule texts found here or answered by the server (422 `details`) as a warning
 * list; any other failure as its message, in red.
 */
export interface Warning {
  title: string;
  message: string;
  lines: readonly string[];
  /** The user can fix it (rules, 422): yellow; otherwise red. */
  fixable: boolean;
  /** Someone else changed or locked the record (409). */
  conflict: boolean;
}

export function rulesWarning(lines: readonly string[], title = 'Please correct the following'): Warning {
  return { title, message: '', lines, fixable: true, conflict: false };
}

export function warningFrom(error: unknown, title: string): Warning {
  if (error instanceof ApiError) {
    const lines = error.details ?? [];
    if (error.status === 422) {
      // A 422 whose one message is one of its lines says it once.
      return { title, message: lines.includes(error.message) ? '' : error.message, lines, fixable: true, conflict: false };
    }
    // Titled with what failed (the caller's words), never a bare HTTP title.
    return { title: refusalTitle(error, title), message: error.message, lines, fixable: false, conflict: error.status === 409 };
  }
  return {
    title,
    message: 'Something went wrong in the browser. Reload the page and try again.',
    lines: [],
    fixable: false,
    conflict: false,
  };
}

export function WarningList({ warning, children }: { warning: Warning; children?: ReactNode }) {
  return (
    <Alert
      color={warning.fixable ? 'yellow' : 'red'}
      variant="light"
      title={warning.title}
      icon={<IconAlertTriangle size={18} aria-hidden />}
      role="alert"
      data-alert-type={warning.fixable ? 'WARNING' : 'DANGER'}
    >
      {warning.message}
      {warning.lines.length > 0 && (
        <List size="sm" spacing={2} mt={warning.message ? 6 : 0} aria-label="Warnings">
          {warning.lines.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      )}
      {children}
    </Alert>
  );
}
