import { sql, type RawBuilder } from 'kysely';

/**
 * The word index of the large lists (015_search_words.sql): for every record, each place a word
 * begins in each of its indexed fields, lower-cased and cut to `WORD_LENGTH` characters. A layout's
 * `search` names its space and its indexed fields in the order of the migration's values functions
 * (field n is the n-th); a test holds the two to each other.
 */
export interface SearchSpace {
  space: number;
  /** Field names, in the order of the space's values function (field codes 1, 2, …). */
  fields: readonly string[];
}

/** How much of the text after a word start an entry keeps. */
export const WORD_LENGTH = 16;

/** A set of record ids as SQL: `SELECT … AS id …`, each id once. */
export type IdSet = RawBuilder<unknown>;

/**
 * The records with an entry that begins with `prefix`: in one field (`field`, its code) or in any
 * field of the space. Each record once (see the migration: the first of its entries that begin with
 * the prefix is the one whose previous entry does not). The migration's functions cut and escape the
 * prefix as the entries are cut; with the parameter known they are constants, so the planner reads a
 * range of the index and nothing else.
 */
export function wordCandidates(space: number, field: number | undefined, prefix: string): IdSet {
  const previous = field === undefined ? sql.ref('prev') : sql.ref('field_prev');
  return sql`SELECT record_id AS id FROM search_words
    WHERE space = ${sql.lit(space)} ${field === undefined ? sql`` : sql`AND field = ${sql.lit(field)}`}
      AND word LIKE (search_word_pattern(${prefix}) COLLATE "C")
      AND (${previous} IS NULL OR ${previous} < (search_word_key(${prefix}) COLLATE "C"))`;
}

/** Whether the entries beginning with `prefix` are exactly the matches (no wildcards after it, not cut). */
export function prefixIsWhole(prefix: string): boolean {
  return [...prefix].length <= WORD_LENGTH;
}

/**
 * The ids in every one of the sets: each set read once and hashed (INTERSECT). A correlated
 * `id IN (set)` lets the planner probe the second set once per id of the first, and the word index
 * cannot probe by record within a word's range: a pallet and a name of 50,000 entries each took minutes.
 */
export function intersect(sets: readonly IdSet[]): IdSet {
  const [first, ...rest] = sets;
  if (!first) throw new Error('intersect: no sets');
  if (!rest.length) return first;
  return sql.join(
    sets.map((set) => sql`(${set})`),
    sql` INTERSECT `,
  );
}

/** The ids in any of the sets, each once. */
export function union(sets: readonly IdSet[]): IdSet {
  if (sets.length === 1) return sets[0]!;
  return sql.join(
    sets.map((set) => sql`(${set})`),
    sql` UNION `,
  );
}
