import { useEffect, useRef } from 'react';

/**
 * What a dialog showed while it was open, kept while it closes. A dialog stays on screen for its
 * closing transition after `opened` turns false; one whose title is made from the state that closed
 * it (a question asked, an answer shown) would go blank meanwhile — a dialog without a name, which
 * a screen reader announces as nothing.
 */
export function useShownWhileOpen<T>(value: T, opened: boolean): T {
  const shown = useRef(value);
  useEffect(() => {
    if (opened) shown.current = value;
  }, [opened, value]);
  return opened ? value : shown.current;
}
