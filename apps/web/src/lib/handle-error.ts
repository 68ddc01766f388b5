import { showAlert } from './alert-store.ts';
import { ApiError, refusalTitle } from './api-error.ts';

export function isAbortError(error: unknown): boolean {
  return (
    (error instanceof DOMException && (error.name === 'AbortError' || error.name === 'TimeoutError')) ||
    (error instanceof Error && error.name === 'CancelledError')
  );
}

/**
 * The one place a failure becomes a message (spec 1 §8): a DANGER alert titled with what was being
 * done (`failure`, e.g. "Job 12 was not locked") — never a bare HTTP title such as "Conflict" — and
 * the server's message, which names the record and what to do. 401s are not repeated here — the
 * API client has already signed the user out and said why.
 */
export function handleError(error: unknown, failure?: string): void {
  if (isAbortError(error)) return;
  if (error instanceof ApiError) {
    if (error.status === 401) return;
    showAlert({ type: 'DANGER', title: refusalTitle(error, failure), message: error.message, details: error.details });
    return;
  }
  console.error(error);
  showAlert({
    type: 'DANGER',
    title: 'Unexpected Error',
    message: 'Something went wrong in the browser. Reload the page and try again; report it if it keeps happening.',
  });
}
