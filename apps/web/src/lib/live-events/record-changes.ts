import type { RecordChange, RecordChangeEntity } from './live-events.ts';

/**
 * The latest change heard of each record, for the screens that must say so ("Changed by … just
 * now") rather than follow it: a form being edited never takes another's change silently. Plain
 * TypeScript with a subscribe function for `useSyncExternalStore`. Bounded: the oldest records are
 * forgotten past `limit`.
 */
export class RecordChanges {
  readonly #latest = new Map<string, RecordChange>();
  readonly #listeners = new Set<() => void>();
  readonly #limit: number;

  constructor(limit = 2000) {
    this.#limit = limit;
  }

  add(change: RecordChange): void {
    const key = keyOf(change.entity, change.recordId);
    this.#latest.delete(key);
    this.#latest.set(key, change);
    if (this.#latest.size > this.#limit) this.#latest.delete(this.#latest.keys().next().value!);
    for (const listener of this.#listeners) listener();
  }

  latest(entity: RecordChangeEntity, recordId: string): RecordChange | undefined {
    return this.#latest.get(keyOf(entity, recordId));
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  clear(): void {
    this.#latest.clear();
    for (const listener of this.#listeners) listener();
  }
}

const keyOf = (entity: RecordChangeEntity, recordId: string) => `${entity}:${recordId}`;

/** This browser's one store, filled by the live updates of the signed-in frame. */
export const recordChanges = new RecordChanges();

/**
 * Whether an open form should say that its record changed: a change heard after the form opened,
 * unless it is the user's own save still on its way back (the same user while a save is in flight
 * or has just succeeded — the form closes then anyway).
 */
export function changeToReport(
  change: RecordChange | undefined,
  form: { openedAt: number; username: string | undefined; ownSaveSince: number | null },
): RecordChange | undefined {
  if (!change || change.receivedAt < form.openedAt) return undefined;
  if (form.ownSaveSince !== null && change.user === form.username && change.receivedAt >= form.ownSaveSince) return undefined;
  return change;
}
