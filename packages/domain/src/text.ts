/**
 * Single-line text (names, numbers written as text, lots, UoMs): one line, no control characters,
 * its length counted in characters as a person counts them (Unicode code points), not in the UTF-16
 * units JavaScript strings are made of — "💊" is one character, not two.
 */

/** C0 controls (line feed, carriage return and tab among them), DEL, C1 controls, and the Unicode line and paragraph separators. */
const CONTROL_CHARACTER = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;

/** The number of characters (code points) of a text. */
export function textLength(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** Spaces at either end, the way JavaScript's trim() finds them, but never a control character. */
const EDGE_SPACES = /^[^\S\u0000-\u001F\u007F-\u009F\u2028\u2029]+|[^\S\u0000-\u001F\u007F-\u009F\u2028\u2029]+$/g;

/**
 * A single-line value without the spaces around it. Unlike `trim()`, a line break, tab or other
 * control character at either end stays, so that the value is refused (422) rather than quietly
 * changed: "Dayton\n" is not "Dayton", and "\n" is not an empty field.
 */
export function trimLine(text: string): string {
  return text.replace(EDGE_SPACES, '');
}

export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

export const singleLineMessage = (label: string) => `${label} must be one line of text, without line breaks, tabs or other control characters`;
export const tooLongMessage = (label: string, max: number) => `${label} can be at most ${max} characters`;

/** What is wrong with a single-line text field's value, or undefined. */
export function singleLineTextProblem(label: string, text: string, max: number, longMessage: string = tooLongMessage(label, max)): string | undefined {
  if (hasControlCharacter(text)) return singleLineMessage(label);
  if (textLength(text) > max) return longMessage;
  return undefined;
}
