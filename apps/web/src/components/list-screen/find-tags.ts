import type { FieldSpec } from '@3ds/domain';
import type { FindRequest } from '../../lib/records/list-state.ts';

/**
 * Advanced Search tags (spec 1 §2 "Advanced Search modal", §5): each tag is `field:value` with
 * exactly one colon; the field part is matched case-insensitively to the entity's fields — by API
 * name first, then by label — and completed to the canonical API name. Related fields keep their
 * `Table::Field` names: a `::` belongs to the field name and is not the separator.
 */

/** A colon that is not half of a `::`. */
const SEPARATOR = /(?<!:):(?!:)/g;

export type TagParse =
  | { ok: true; field: FieldSpec; value: string; tag: string }
  | { ok: false; error: string };

/** One row of the Advanced Search modal: a find request being edited. */
export interface CriteriaRow {
  omit: boolean;
  /** Canonical `API name:value` tags. */
  tags: string[];
}

const fold = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

export type FieldMatch = { field: FieldSpec } | { ambiguous: FieldSpec[] } | null;

/** The field a typed name means: an API name wins over a label; a label two fields share is ambiguous. */
export function matchField(name: string, fields: readonly FieldSpec[]): FieldMatch {
  const wanted = fold(name);
  if (wanted === '') return null;
  const byName = fields.find((f) => fold(f.name) === wanted);
  if (byName) return { field: byName };
  const byLabel = fields.filter((f) => fold(f.label) === wanted);
  if (byLabel.length === 1 && byLabel[0]) return { field: byLabel[0] };
  if (byLabel.length > 1) return { ambiguous: byLabel };
  return null;
}

/** The text has a separator colon (the field part is done; the value is being typed). */
export function hasSeparator(text: string): boolean {
  return [...text.matchAll(SEPARATOR)].length > 0;
}

/** Splits `field:value` at its one separator colon; null unless there is exactly one. */
export function splitTag(text: string): { field: string; value: string } | null {
  const separators = [...text.matchAll(SEPARATOR)];
  if (separators.length !== 1 || separators[0]?.index === undefined) return null;
  const at = separators[0].index;
  return { field: text.slice(0, at).trim(), value: text.slice(at + 1).trim() };
}

/** Reads a typed tag; on success `tag` is its canonical form (`Company Name:acme`). */
export function parseTag(text: string, fields: readonly FieldSpec[]): TagParse {
  const trimmed = text.trim();
  const separators = [...trimmed.matchAll(SEPARATOR)].length;
  if (separators === 0) return { ok: false, error: 'Type the criterion as field:value, with one colon.' };
  if (separators > 1) return { ok: false, error: 'Use exactly one colon, as in field:value.' };
  const parts = splitTag(trimmed);
  if (!parts) return { ok: false, error: 'Use exactly one colon, as in field:value.' };
  if (parts.field === '') return { ok: false, error: 'Name a field before the colon.' };
  if (parts.value === '') return { ok: false, error: `Type a value after "${parts.field}:".` };
  const match = matchField(parts.field, fields);
  if (match === null) return { ok: false, error: `"${parts.field}" is not a field of this list.` };
  if ('ambiguous' in match) {
    return {
      ok: false,
      error: `"${parts.field}" could mean ${match.ambiguous.map((f) => f.name).join(' or ')}: type the full field name.`,
    };
  }
  return { ok: true, field: match.field, value: parts.value, tag: `${match.field.name}:${parts.value}` };
}

/**
 * The autocomplete choices, each `Field Name:`: every API name, and every label that names one
 * field only and differs from an API name.
 */
export function fieldSuggestions(fields: readonly FieldSpec[]): string[] {
  const seen = new Set<string>();
  const suggestions: string[] = [];
  const add = (name: string) => {
    const key = fold(name);
    if (seen.has(key)) return;
    seen.add(key);
    suggestions.push(`${name}:`);
  };
  for (const field of fields) {
    const match = matchField(field.label, fields);
    if (match && 'field' in match && match.field === field) add(field.label);
    add(field.name);
  }
  return suggestions;
}

/** The field name of a canonical tag (for "one criterion per field in a request"). */
export function tagFieldName(tag: string): string | undefined {
  return splitTag(tag)?.field;
}

/** Rows → the API's find requests: one request per row that has tags; its tags ANDed. */
export function rowsToRequests(rows: readonly CriteriaRow[]): FindRequest[] {
  return rows.flatMap((row) => {
    const criteria: Record<string, string> = {};
    for (const tag of row.tags) {
      const parts = splitTag(tag);
      if (parts && parts.field !== '' && parts.value !== '') criteria[parts.field] = parts.value;
    }
    return Object.keys(criteria).length > 0 ? [{ omit: row.omit, criteria }] : [];
  });
}

/** Find requests (from the URL) → rows to edit. */
export function requestsToRows(requests: readonly FindRequest[]): CriteriaRow[] {
  return requests.map((request) => ({
    omit: request.omit,
    tags: Object.entries(request.criteria).map(([field, value]) => `${field}:${value}`),
  }));
}

/** A short reading of the requests for the screen ("State = NJ · Omit City = Trenton"). */
export function describeRequests(requests: readonly FindRequest[]): string {
  return requests
    .map((request) => {
      const text = Object.entries(request.criteria)
        .map(([field, value]) => `${field} = ${value}`)
        .join(', ');
      return request.omit ? `Omit ${text}` : text;
    })
    .join(' · ');
}
