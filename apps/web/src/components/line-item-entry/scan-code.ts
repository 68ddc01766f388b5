import { LABEL_CODE_PREFIX } from '@3ds/domain';
import { localStore } from '../../lib/browser-storage.ts';

/**
 * What a scanner types into the scan field, made ready for `GET /ndc/resolve` (docs/scanning.md).
 *
 * A keyboard-wedge scanner sends a GS1 code's FNC1 as the ASCII group separator (29), as Ctrl+]
 * (which is how a keyboard types it), or as a printable character it is configured to send
 * instead. The field shows the separator as "␝" so that a person sees where it is; the code sent
 * to the server has the separator itself.
 */
export const GROUP_SEPARATOR = '\u001d';
/** How the field shows a group separator. */
export const SHOWN_SEPARATOR = '\u241d';

/** The field's text for what was typed or scanned: group separators made visible. */
export function shownScan(typed: string): string {
  return typed.replaceAll(GROUP_SEPARATOR, SHOWN_SEPARATOR);
}

/** The code to resolve: the shown separator and the scanner's substitute back to the group separator. */
export function scannedCode(shown: string, substitute = ''): string {
  let code = shown.replaceAll(SHOWN_SEPARATOR, GROUP_SEPARATOR);
  if (substitute) code = code.split(substitute).join(GROUP_SEPARATOR);
  return code.trim();
}

const LABEL = new RegExp(`^${LABEL_CODE_PREFIX}(\\d{1,9})$`, 'i');

/** The line item a 3DS label's barcode names, or null when the text is not one. */
export function labelLineItemId(text: string): string | null {
  const match = LABEL.exec(text.trim());
  return match ? String(Number(match[1])) : null;
}

// ---------------------------------------------------------------------------------------------
// The scanner's FNC1 substitute, kept per browser (a workstation has its scanner).

const SUBSTITUTE_KEY = '3ds.scanner.fnc1';

export function storedSubstitute(): string {
  return localStore.get(SUBSTITUTE_KEY) ?? '';
}

export function storeSubstitute(value: string): void {
  if (value) localStore.set(SUBSTITUTE_KEY, value);
  else localStore.remove(SUBSTITUTE_KEY);
}

/**
 * Why a substitute cannot be used, or null: it must be one to three characters that never occur
 * in an NDC, a lot or a serial number (GS1 lets those hold letters, digits and !"%&'()*+,-./:;<=>?_).
 */
export function substituteProblem(value: string): string | null {
  if (value === '') return null;
  if ([...value].length > 3) return 'Use one to three characters.';
  if (/[\p{L}\p{N}\s]/u.test(value)) return 'Letters, digits and spaces occur in lots and serial numbers: use a sign such as ~ or ^.';
  if (/[!"%&'()*+,\-./:;<=>?_]/.test(value)) return `${value} can occur in a lot or serial number (GS1 allows it): use a sign such as ~ or ^.`;
  return null;
}
