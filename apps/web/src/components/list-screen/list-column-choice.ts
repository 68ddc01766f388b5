import { isIdentifyingColumn, type EntityCatalogue } from '@3ds/domain';

/**
 * The hidden columns after one checkbox of the chooser changed: in the list's own order, never an
 * identifying column, and only columns the list has. Pure, so it is unit-tested without a browser.
 */
export function toggleHidden(catalogue: EntityCatalogue, hidden: readonly string[], field: string, shown: boolean): string[] {
  const next = new Set(hidden);
  if (shown) next.delete(field);
  else next.add(field);
  return catalogue.columns.map((c) => c.field).filter((f) => next.has(f) && !isIdentifyingColumn(catalogue.entity, f));
}
