import { useEffect } from 'react';
import { isQuickFindShortcut, QUICK_FIND_ATTRIBUTE, takesText } from '../../lib/quick-find-shortcut.ts';

/** `/` puts the focus in the screen's quick find (with its text selected, to type over). */
export function QuickFindShortcut() {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const shortcut = isQuickFindShortcut({
        key: event.key,
        ctrlKey: event.ctrlKey,
        altKey: event.altKey,
        metaKey: event.metaKey,
        inText: takesText(event.target),
        inDialog: document.querySelector('[role="dialog"][aria-modal="true"]') !== null,
      });
      if (!shortcut) return;
      const field = document.querySelector<HTMLInputElement>(`input[${QUICK_FIND_ATTRIBUTE}]`);
      if (!field) return;
      event.preventDefault();
      field.focus();
      field.select();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  return null;
}
