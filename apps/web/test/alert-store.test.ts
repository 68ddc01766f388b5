import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createAlertStore, normalizeAlertType } from '../src/lib/alert-store.ts';

describe('alert store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it.each([
    ['SUCCESS', 'SUCCESS'],
    ['warning', 'WARNING'],
    ['DANGER', 'DANGER'],
    ['INFO', 'INFO'],
    ['NOTICE', 'INFO'],
    ['', 'INFO'],
  ])('type %s shows as %s', (input, expected) => {
    expect(normalizeAlertType(input)).toBe(expected);
  });

  it('hides an alert after 5 seconds', () => {
    const store = createAlertStore();
    store.show({ type: 'SUCCESS', message: 'Saved' });
    vi.advanceTimersByTime(4_999);
    expect(store.getAlerts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getAlerts()).toHaveLength(0);
  });

  it('merges identical alerts and restarts their time', () => {
    const store = createAlertStore();
    const first = store.show({ type: 'WARNING', message: 'Unauthorized' });
    vi.advanceTimersByTime(3_000);
    const second = store.show({ type: 'WARNING', message: 'Unauthorized' });
    expect(second).toBe(first);
    expect(store.getAlerts()).toEqual([expect.objectContaining({ id: first, count: 2 })]);
    vi.advanceTimersByTime(4_000);
    expect(store.getAlerts()).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(store.getAlerts()).toHaveLength(0);
  });

  it('keeps different alerts apart', () => {
    const store = createAlertStore();
    store.show({ type: 'WARNING', message: 'A' });
    store.show({ type: 'DANGER', message: 'A' });
    store.show({ type: 'WARNING', title: 'Session Expired', message: 'A' });
    expect(store.getAlerts().map((a) => a.count)).toEqual([1, 1, 1]);
  });

  it('dismisses, notifies and keeps at most the limit', () => {
    const store = createAlertStore({ limit: 2 });
    const listener = vi.fn();
    store.subscribe(listener);
    const a = store.show({ type: 'INFO', message: 'a' });
    store.show({ type: 'INFO', message: 'b' });
    store.show({ type: 'INFO', message: 'c' });
    expect(store.getAlerts().map((x) => x.message)).toEqual(['b', 'c']);
    store.dismiss(a); // already gone: no change
    store.dismiss(store.getAlerts()[0]!.id);
    expect(store.getAlerts().map((x) => x.message)).toEqual(['c']);
    expect(listener).toHaveBeenCalledTimes(4);
  });
});
