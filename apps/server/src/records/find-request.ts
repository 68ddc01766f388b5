import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { z } from 'zod';
import { badRequest } from '../errors/app-error.ts';
import { compileCriterion, fieldWordsBeginWith, type CriterionContext } from './find-criterion.ts';
import { fieldByName, type Layout, type LayoutField } from './layout.ts';

/** One find request: `{ omit, criteria: { field: value } }` (`omit` may be `true` or `"true"`). */
export const findRequestSchema = z.object({
  omit: z
    .union([z.boolean(), z.enum(['true', 'false', 'True', 'False', 'TRUE', 'FALSE', '1', '0']), z.literal(1), z.literal(0)])
    .optional()
    .transform((v) => v === true || v === 1 || (typeof v === 'string' && (v.toLowerCase() === 'true' || v === '1'))),
  criteria: z.record(z.string().max(200), z.union([z.string(), z.number(), z.boolean()])),
});
export const findRequestsSchema = z.array(findRequestSchema).max(50, 'At most 50 find requests');
export type FindRequest = z.infer<typeof findRequestSchema>;

export interface CompiledFind {
  where: RawBuilder<SqlBool>;
  /** The layout fields the condition reads (their joins must be in the query). */
  fields: LayoutField[];
}

/**
 * The field a criterion names: its own name or an alias, case-insensitively; an unknown name is a 400
 * naming it (FILEMAKER.md §1). Aliases let a client use another FileMaker layout's spelling
 * (spec 2 §7's `Registration Number` on jobs).
 */
function field(layout: Layout, name: string): LayoutField {
  const found = fieldByName(layout, name);
  if (!found) throw badRequest(`Unknown field "${name}" in ${layout.entity}.`);
  return found;
}

/**
 * Ordered find requests as one boolean expression: fields within a request are ANDed; a find
 * request adds its matches (`e := e OR m`), an omit request removes them (`e := e AND NOT m`);
 * start from nothing, or from everything when the first request is an omit.
 */
export function compileFindRequests(layout: Layout, requests: readonly FindRequest[], ctx: CriterionContext = {}): CompiledFind {
  const used: LayoutField[] = [];
  let expression: RawBuilder<SqlBool> | undefined;
  for (const request of requests) {
    const entries = Object.entries(request.criteria);
    const parts = entries.map(([name, value]) => {
      const f = field(layout, name);
      used.push(f);
      return compileCriterion(f, value, ctx);
    });
    const match = parts.length === 1 ? parts[0]! : parts.length ? sql<SqlBool>`(${sql.join(parts, sql` AND `)})` : sql<SqlBool>`true`;
    // Plain predicates, no constant folding left to the planner: a lone find request is just its
    // condition, so the indexes on its fields serve it. NOT needs coalesce (NULL is "no match").
    if (request.omit) {
      const without = sql<SqlBool>`NOT coalesce(${match}, false)`;
      expression = expression === undefined ? without : sql<SqlBool>`(${expression} AND ${without})`;
    } else {
      expression = expression === undefined ? match : sql<SqlBool>`(${expression} OR ${match})`;
    }
  }
  return { where: expression ?? sql<SqlBool>`true`, fields: used };
}

/** Splits quick-find text into words; quoted phrases stay whole. */
function quickFindWords(text: string): string[] {
  const words: string[] = [];
  const re = /"([^"]*)"|(\S+)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const w = m[1] !== undefined ? `"${m[1]}"` : m[2]!;
    if (w !== '""') words.push(w);
  }
  return words;
}

/** Quick find: every word must begin a word in at least one of the layout's quick-find fields. */
export function compileQuickFind(layout: Layout, text: string): CompiledFind {
  const fields = layout.quickFind.map((name) => field(layout, name));
  if (text.includes('\u0000')) throw badRequest('The quick find contains a NUL character (U+0000).');
  const words = quickFindWords(text.slice(0, 500));
  if (!words.length) return { where: sql<SqlBool>`true`, fields: [] };
  const perWord = words.map((word) => {
    const anyField = fields.map((f) => fieldWordsBeginWith(f, sql.raw(f.type === 'text' ? f.sql : `(${f.sql})::text`), word));
    return sql<SqlBool>`(${sql.join(anyField, sql` OR `)})`;
  });
  return { where: sql<SqlBool>`(${sql.join(perWord, sql` AND `)})`, fields };
}
