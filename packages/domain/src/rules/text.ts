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

/**
 * Invisible formatting characters (Unicode's category Cf): the zero-width space, non-joiner and
 * joiner (U+200B–U+200D), the left-to-right and right-to-left marks (U+200E, U+200F), the bidi
 * embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069), the word joiner (U+2060),
 * the byte order mark (U+FEFF), the soft hyphen, the Arabic letter mark, tag characters. None shows
 * on paper, yet each changes what a text is: an override prints "Smith" from the characters of
 * "htimS", and a zero-width space makes two names that read alike two different people.
 */
const FORMAT_CHARACTER = /\p{Cf}/u;

/** The first invisible formatting character of a text as `U+202E`, or undefined. */
export function invisibleCharacter(text: string): string | undefined {
  const found = FORMAT_CHARACTER.exec(text)?.[0];
  return found === undefined ? undefined : `U+${found.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

export const invisibleCharacterMessage = (label: string, codePoint: string) =>
  `${label} holds an invisible or text-direction character (${codePoint}): type it again without it, so that what is printed is what is stored`;

/**
 * What is wrong with a single-line value that DEA documents print (a name, an address, a witness):
 * the single-line rules, and no invisible or text-direction character either (FORMAT_CHARACTER).
 */
export function printedTextProblem(label: string, text: string, max: number, longMessage: string = tooLongMessage(label, max)): string | undefined {
  const problem = singleLineTextProblem(label, text, max, longMessage);
  if (problem) return problem;
  const invisible = invisibleCharacter(text);
  return invisible ? invisibleCharacterMessage(label, invisible) : undefined;
}
