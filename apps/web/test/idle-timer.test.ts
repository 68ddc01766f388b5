import { IDLE_TIMEOUT_MS } from '@3ds/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_TIMEOUT_OVERRIDE_KEY, idleTimeoutMs, startIdleTimer } from '../src/session/idle-timer.ts';
import { MemoryStorage } from './memory-storage.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('localStorage', new MemoryStorage());
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('idle time-out', () => {
  it('is 5 minutes unless localStorage "3ds.idleTimeoutMs" overrides it', () => {
    expect(idleTimeoutMs()).toBe(IDLE_TIMEOUT_MS);
    localStorage.setItem(IDLE_TIMEOUT_OVERRIDE_KEY, '2000');
    expect(idleTimeoutMs()).toBe(2000);
    for (const bad of ['', 'abc', '0', '-5']) {
      localStorage.setItem(IDLE_TIMEOUT_OVERRIDE_KEY, bad);
      expect(idleTimeoutMs()).toBe(IDLE_TIMEOUT_MS);
    }
  });

  it('fires once after the time-out without input; input postpones it', () => {
    const target = new EventTarget();
    const onIdle = vi.fn();
    const stop = startIdleTimer({ onIdle, target, timeoutMs: () => 10_000 });
    vi.advanceTimersByTime(6_000);
    target.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(6_000);
    expect(onIdle).not.toHaveBeenCalled();
    target.dispatchEvent(new Event('scroll'));
    vi.advanceTimersByTime(9_999);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    stop();
  });

  it('notices an override set after it started', () => {
    const onIdle = vi.fn();
    const stop = startIdleTimer({ onIdle, target: new EventTarget() });
    vi.advanceTimersByTime(1_000);
    localStorage.setItem(IDLE_TIMEOUT_OVERRIDE_KEY, '1500');
    vi.advanceTimersByTime(1_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    stop();
  });

  it('stops', () => {
    const onIdle = vi.fn();
    const stop = startIdleTimer({ onIdle, target: new EventTarget(), timeoutMs: () => 1_000 });
    stop();
    vi.advanceTimersByTime(5_000);
    expect(onIdle).not.toHaveBeenCalled();
  });
});
