import { afterEach, describe, expect, it } from 'vitest';
import { isNavigationPending, markShown, resetNavigationProgress, subscribeNavigation, trackNavigation, type RouterStateLike } from '../src/lib/navigation-progress.ts';
import { isQuickFindShortcut } from '../src/lib/quick-find-shortcut.ts';

/** A router as far as the progress bar reads it. */
function fakeRouter(initial: RouterStateLike) {
  const listeners = new Set<(state: RouterStateLike) => void>();
  const router = {
    state: initial,
    subscribe: (listener: (state: RouterStateLike) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    go(state: RouterStateLike) {
      router.state = state;
      for (const listener of listeners) listener(state);
    },
  };
  return router;
}

const at = (key: string, navigation = 'idle'): RouterStateLike => ({ location: { key }, navigation: { state: navigation } });

afterEach(resetNavigationProgress);

describe('navigation progress', () => {
  it('is pending from the first load until its location is shown', () => {
    expect(isNavigationPending()).toBe(false);
    trackNavigation(fakeRouter(at('default')));
    expect(isNavigationPending()).toBe(true);
    markShown('default');
    expect(isNavigationPending()).toBe(false);
  });

  it('is pending while loaders run and while the new screen is not yet shown', () => {
    const router = fakeRouter(at('a'));
    trackNavigation(router);
    markShown('a');
    let heard = 0;
    subscribeNavigation(() => heard++);
    router.go(at('a', 'loading'));
    expect(isNavigationPending()).toBe(true);
    // Loaders done, the screen's code still loading: the old screen is still what is shown.
    router.go(at('b'));
    expect(isNavigationPending()).toBe(true);
    markShown('b');
    expect(isNavigationPending()).toBe(false);
    expect(heard).toBe(3);
  });

  it('showing the same location again changes nothing', () => {
    const router = fakeRouter(at('a'));
    trackNavigation(router);
    markShown('a');
    let heard = 0;
    subscribeNavigation(() => heard++);
    markShown('a');
    expect(heard).toBe(0);
  });
});

describe('the "/" shortcut to the quick find', () => {
  const key = { key: '/', ctrlKey: false, altKey: false, metaKey: false, inText: false, inDialog: false };
  it('takes "/" outside fields and dialogs', () => {
    expect(isQuickFindShortcut(key)).toBe(true);
  });
  it('leaves "/" to fields, dialogs and modified keys, and other keys alone', () => {
    expect(isQuickFindShortcut({ ...key, inText: true })).toBe(false);
    expect(isQuickFindShortcut({ ...key, inDialog: true })).toBe(false);
    expect(isQuickFindShortcut({ ...key, ctrlKey: true })).toBe(false);
    expect(isQuickFindShortcut({ ...key, altKey: true })).toBe(false);
    expect(isQuickFindShortcut({ ...key, metaKey: true })).toBe(false);
    expect(isQuickFindShortcut({ ...key, key: '?' })).toBe(false);
  });
});
