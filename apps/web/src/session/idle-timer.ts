import { IDLE_TIMEOUT_MS } from '@3ds/domain';
import { localStore } from '../lib/browser-storage.ts';

/**
 * localStorage key that overrides the idle time-out (milliseconds), so end-to-end tests need not
 * wait five minutes: `localStorage.setItem('3ds.idleTimeoutMs', '2000')`. Read on every check,
 * so it may be set before or after login.
 */
export const IDLE_TIMEOUT_OVERRIDE_KEY = '3ds.idleTimeoutMs';

/** What counts as the user being there: mouse, keyboard, touch and scroll input. */
export const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'pointerdown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;

/** Longest wait between two checks, so a changed override or a sleeping laptop is noticed soon. */
const MAX_CHECK_INTERVAL_MS = 1_000;

export function idleTimeoutMs(): number {
  const raw = localStore.get(IDLE_TIMEOUT_OVERRIDE_KEY);
  const value = raw === null || raw.trim() === '' ? Number.NaN : Number(raw);
  return Number.isFinite(value) && value > 0 ? value : IDLE_TIMEOUT_MS;
}

export interface IdleTimerOptions {
  onIdle: () => void;
  timeoutMs?: () => number;
  target?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/**
 * Calls `onIdle` once after `timeoutMs()` without any activity event on `target`. Activity only
 * records a timestamp (mousemove fires constantly); a timer compares it with the clock.
 * Returns the function that stops the timer.
 */
export function startIdleTimer(options: IdleTimerOptions): () => void {
  const timeoutMs = options.timeoutMs ?? idleTimeoutMs;
  const target = options.target ?? globalThis;
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? ((callback, ms) => globalThis.setTimeout(callback, ms));
  const clearTimer = options.clearTimer ?? ((handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>));
  const listenerOptions: AddEventListenerOptions = { capture: true, passive: true };

  let lastActivity = now();
  let handle: unknown;
  let running = true;

  const onActivity = () => {
    lastActivity = now();
  };

  const stop = () => {
    if (!running) return;
    running = false;
    if (handle !== undefined) clearTimer(handle);
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, onActivity, listenerOptions);
  };

  const check = () => {
    if (!running) return;
    const remaining = timeoutMs() - (now() - lastActivity);
    if (remaining <= 0) {
      stop();
      options.onIdle();
      return;
    }
    handle = setTimer(check, Math.min(remaining, MAX_CHECK_INTERVAL_MS));
  };

  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, onActivity, listenerOptions);
  check();
  return stop;
}
