import { z } from 'zod';

/**
 * Request bodies are read strictly: a name the route does not know is refused with 400 naming it,
 * never dropped in silence (a body of 50,000 unknown keys used to pass as an empty change), and a
 * field's value is one plain value, never an object or an array.
 */

const MAX_NAMED = 5;

/** "unknown field "x"" / "unknown fields "a", "b" and 49,998 more": the first few names, not 50,000 of them. */
function unknownNames(keys: readonly string[]): string {
  const shown = keys.slice(0, MAX_NAMED).map((k) => JSON.stringify(k.length > 60 ? `${k.slice(0, 60)}…` : k));
  const more = keys.length > MAX_NAMED ? ` and ${(keys.length - MAX_NAMED).toLocaleString('en-US')} more` : '';
  return `unknown ${keys.length === 1 ? 'field' : 'fields'} ${shown.join(', ')}${more}`;
}

const strictError = { error: (issue: { code?: string; keys?: readonly string[] }) => (issue.code === 'unrecognized_keys' ? unknownNames(issue.keys ?? []) : undefined) };

/** An object body (or part of one) that names exactly the keys of `shape`; any other key is a 400 naming it. */
export function strictBody<T extends z.ZodRawShape>(shape: T) {
  return z.strictObject(shape, strictError);
}

/** One field value of `fieldData`: text, a number, yes/no or empty — never nested. */
export const fieldValue = z.union([z.string().max(10_000), z.number(), z.boolean(), z.null()]);

/**
 * `fieldData` of a route that accepts the fields `names` (each a plain value, all optional) besides
 * the typed ones of `shape`.
 */
export function fieldDataOf<T extends z.ZodRawShape>(names: readonly string[], shape: T = {} as T) {
  const plain = Object.fromEntries(names.filter((n) => !(n in shape)).map((n) => [n, fieldValue.optional()]));
  return strictBody({ ...plain, ...shape } as T & Record<string, z.ZodOptional<typeof fieldValue>>);
}
