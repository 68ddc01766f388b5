/**
 * `/` goes to the screen's quick find, as in most web apps people know (GitHub, Gmail): the quick
 * find of a screen carries `data-quick-find`. The key is left alone where it is text (in a field)
 * or where a dialog is open, and with a modifier (Shift+7 on some layouts types `/` too, so Shift
 * itself is allowed).
 */
export const QUICK_FIND_ATTRIBUTE = 'data-quick-find';
// (The quick-search fields write the attribute as it is: `<TextInput data-quick-find …>`.)

export interface ShortcutKey {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  /** The key goes to a control that takes text. */
  inText: boolean;
  /** A modal dialog is open. */
  inDialog: boolean;
}

export function isQuickFindShortcut(key: ShortcutKey): boolean {
  return key.key === '/' && !key.ctrlKey && !key.altKey && !key.metaKey && !key.inText && !key.inDialog;
}

/** Whether keystrokes at this element are text for it (a field, an editable region, a select). */
export function takesText(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest('input, textarea, select, [role="combobox"], [role="textbox"]') !== null;
}
