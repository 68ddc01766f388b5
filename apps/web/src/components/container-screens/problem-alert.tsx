import { Alert, List } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ApiError } from '../../lib/api-error.ts';

/** What a failed save says inside its dialog or form: the rule texts of a 422 as a warning list, otherwise the message. */
export interface Problem {
  title: string;
  message: string;
  details: readonly string[];
  /** A validation answer (422): the user can fix it. */
  validation: boolean;
  /** Someone else changed or locked the record (409). */
  conflict: boolean;
}

export function problemFrom(error: unknown, title: string): Problem {
  if (error instanceof ApiError) {
    const details = error.details ?? [];
    const validation = error.status === 422;
    return {
      title: validation ? title : error.title,
      // A 422 whose one message is its one detail says it once.
      message: validation && details.length > 0 && details.includes(error.message) ? '' : error.message,
      details,
      validation,
      conflict: error.status === 409,
    };
  }
  return {
    title,
    message: 'Something went wrong in the browser. Reload the page and try again.',
    details: [],
    validation: false,
    conflict: false,
  };
}

export function ProblemAlert({ problem, children }: { problem: Problem; children?: ReactNode }) {
  return (
    <Alert
      color={problem.validation ? 'yellow' : 'red'}
      variant="light"
      title={problem.title}
      icon={<IconAlertTriangle size={18} aria-hidden />}
      role="alert"
      data-alert-type={problem.validation ? 'WARNING' : 'DANGER'}
    >
      {problem.message}
      {problem.details.length > 0 && (
        <List size="sm" spacing={2} mt={problem.message ? 6 : 0}>
          {problem.details.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      )}
      {children}
    </Alert>
  );
}
