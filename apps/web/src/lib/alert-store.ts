import { ALERT_AUTO_CLOSE_MS } from '@3ds/domain';

/**
 * The feedback panel's state (spec 1 "Feedback panel"): alerts of type SUCCESS, WARNING, DANGER
 * (anything else shows as info), dismissible, hidden after ALERT_AUTO_CLOSE_MS, identical alerts
 * merged. Plain TypeScript so the API client and tests can raise alerts without React.
 */
export type AlertType = 'SUCCESS' | 'WARNING' | 'DANGER' | 'INFO';

export interface AlertInput {
  /** SUCCESS, WARNING or DANGER; any other value (case-insensitive) shows as info. */
  type: AlertType | (string & {});
  title?: string | undefined;
  message: string;
  /** Extra lines shown under the message (e.g. the server's validation messages). */
  details?: readonly string[] | undefined;
}

export interface Alert {
  id: string;
  type: AlertType;
  title: string | undefined;
  message: string;
  details: readonly string[];
  /** How many times this same alert was raised while it was visible. */
  count: number;
}

export interface AlertStoreOptions {
  autoCloseMs?: number;
  /** Most alerts shown at once; the oldest give way. */
  limit?: number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export interface AlertStore {
  show(input: AlertInput): string;
  dismiss(id: string): void;
  clear(): void;
  getAlerts(): readonly Alert[];
  subscribe(listener: () => void): () => void;
}

export function normalizeAlertType(type: string): AlertType {
  const upper = type.toUpperCase();
  return upper === 'SUCCESS' || upper === 'WARNING' || upper === 'DANGER' ? upper : 'INFO';
}

export function createAlertStore(options: AlertStoreOptions = {}): AlertStore {
  const autoCloseMs = options.autoCloseMs ?? ALERT_AUTO_CLOSE_MS;
  const limit = options.limit ?? 5;
  const setTimer = options.setTimer ?? ((callback, ms) => globalThis.setTimeout(callback, ms));
  const clearTimer = options.clearTimer ?? ((handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>));

  let alerts: readonly Alert[] = [];
  const timers = new Map<string, unknown>();
  const listeners = new Set<() => void>();
  let sequence = 0;

  const emit = () => {
    for (const listener of listeners) listener();
  };

  const schedule = (id: string) => {
    const previous = timers.get(id);
    if (previous !== undefined) clearTimer(previous);
    timers.set(id, setTimer(() => dismiss(id), autoCloseMs));
  };

  function dismiss(id: string): void {
    const timer = timers.get(id);
    if (timer !== undefined) clearTimer(timer);
    timers.delete(id);
    const next = alerts.filter((alert) => alert.id !== id);
    if (next.length !== alerts.length) {
      alerts = next;
      emit();
    }
  }

  function show(input: AlertInput): string {
    const type = normalizeAlertType(input.type);
    const title = input.title?.trim() || undefined;
    const message = input.message;
    const details = input.details ?? [];
    const same = alerts.find(
      (alert) =>
        alert.type === type &&
        alert.title === title &&
        alert.message === message &&
        alert.details.length === details.length &&
        alert.details.every((line, index) => line === details[index]),
    );
    if (same) {
      // Merged: one alert, counted, and its time restarts from the latest occurrence.
      alerts = alerts.map((alert) => (alert.id === same.id ? { ...alert, count: alert.count + 1 } : alert));
      schedule(same.id);
      emit();
      return same.id;
    }
    sequence += 1;
    const id = `alert-${sequence}`;
    alerts = [...alerts, { id, type, title, message, details: [...details], count: 1 }];
    while (alerts.length > limit) {
      const oldest = alerts[0];
      if (!oldest) break;
      const timer = timers.get(oldest.id);
      if (timer !== undefined) clearTimer(timer);
      timers.delete(oldest.id);
      alerts = alerts.slice(1);
    }
    schedule(id);
    emit();
    return id;
  }

  return {
    show,
    dismiss,
    clear() {
      for (const timer of timers.values()) clearTimer(timer);
      timers.clear();
      alerts = [];
      emit();
    },
    getAlerts: () => alerts,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** The app's one feedback panel. */
export const alertStore = createAlertStore();

/** Raises an alert in the feedback panel: `showAlert({ type: 'WARNING', message: '…' })`. */
export function showAlert(input: AlertInput): string {
  return alertStore.show(input);
}

export function dismissAlert(id: string): void {
  alertStore.dismiss(id);
}

/** Hides every alert (e.g. on login, where earlier messages no longer apply). */
export function clearAlerts(): void {
  alertStore.clear();
}
