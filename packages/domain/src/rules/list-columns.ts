import type { ColumnSpec } from '../catalogue/records/catalogue.ts';
import type { EntityName } from '../catalogue/records/record-kinds.ts';
import { CATALOGUE } from '../catalogue/records/index.ts';

/**
 * The columns of a list screen a user has chosen to hide, kept per user and list on the server
 * (`/3ds/api/list-columns`), as saved finds are. A list's identifying columns — what tells a person
 * which record a row is — are always shown, first and sticky while the table scrolls sideways; the
 * chooser offers the others.
 */
export const IDENTIFYING_COLUMNS: Record<EntityName, readonly string[]> = {
  companies: ['Company_PK_ID', 'Company Name'],
  registrations: ['Registration Number'],
  jobs: ['__PKJobID'],
  'order-forms': ['Order Form ID', 'Form Number'],
  losses: ['Loss ID', 'Item'],
  containers: ['Container_PK_ID', 'Container Name'],
  'yb-containers': ['Container ID', 'Container Name'],
  'line-items': ['id', 'NDC Number'],
  'yb-line-items': ['Container Line Item ID', 'NDC Number'],
  dictionaries: ['NDC Code LU'],
};

export const LIST_COLUMN_MESSAGES = {
  unknown: (entity: EntityName, field: string) => `hidden: "${field}" is not a column of the ${CATALOGUE[entity].title} list.`,
  identifying: (label: string) => `hidden: ${label} identifies each row and is always shown.`,
  repeated: (field: string) => `hidden: "${field}" is named more than once.`,
} as const;

export function isIdentifyingColumn(entity: EntityName, field: string): boolean {
  return IDENTIFYING_COLUMNS[entity].includes(field);
}

/** What is wrong with a set of hidden columns of a list, naming the first column at fault; undefined when nothing is. */
export function hiddenColumnsProblem(entity: EntityName, hidden: readonly string[]): string | undefined {
  const columns = CATALOGUE[entity].columns;
  const seen = new Set<string>();
  for (const field of hidden) {
    const column = columns.find((c) => c.field === field);
    if (!column) return LIST_COLUMN_MESSAGES.unknown(entity, field);
    if (isIdentifyingColumn(entity, field)) return LIST_COLUMN_MESSAGES.identifying(column.label);
    if (seen.has(field)) return LIST_COLUMN_MESSAGES.repeated(field);
    seen.add(field);
  }
  return undefined;
}

/**
 * The columns a list shows, in the order it shows them: its identifying columns first (they stay
 * in view), then the others it has not hidden, in the catalogue's order. A hidden column the list no
 * longer has is ignored.
 */
export function shownColumns(entity: EntityName, hidden: readonly string[] = []): { identifying: ColumnSpec[]; others: ColumnSpec[] } {
  const columns = CATALOGUE[entity].columns;
  const away = new Set(hidden);
  return {
    identifying: columns.filter((c) => isIdentifyingColumn(entity, c.field)),
    others: columns.filter((c) => !isIdentifyingColumn(entity, c.field) && !away.has(c.field)),
  };
}
