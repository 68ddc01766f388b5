import {
  DECLARED_COLUMNS,
  DECLARED_TEMPLATE_CSV,
  formatPercent,
  readDeclaredItems,
  type DeclaredInventoryAnswer,
  type DeclaredItemAnswer,
  type DeclaredItemBody,
} from '@3ds/domain';

/**
 * The declared inventory as the job screen shows and edits it (rules/declared-inventory.ts): rows of
 * text as typed, read by the same rules the server applies, so a problem shows before anything is
 * sent; the server's refusal is shown the same way, beside the row it names.
 */

/** One row of the editor: the cells as typed. */
export interface DeclaredRowDraft {
  key: string;
  ndc: string;
  description: string;
  lot: string;
  packages: string;
  packageSize: string;
  partialFill: string;
}

let keys = 0;
const nextKey = () => `row-${++keys}`;

export function emptyRow(): DeclaredRowDraft {
  return { key: nextKey(), ndc: '', description: '', lot: '', packages: '', packageSize: '', partialFill: '' };
}

/** A kept fill (0.4) as the editor writes it: "40%" ("12.5%"), without trailing zeros. */
export function fillText(fraction: number | null): string {
  if (fraction === null) return '';
  return `${Number((fraction * 100).toFixed(2))}%`;
}

/** The kept items as editor rows; one empty row when none is kept. */
export function draftRowsOf(items: readonly DeclaredItemAnswer[]): DeclaredRowDraft[] {
  if (!items.length) return [emptyRow()];
  return items.map((item) => ({
    key: nextKey(),
    ndc: item.ndc ?? '',
    description: item.description ?? '',
    lot: item.lot ?? '',
    packages: String(item.packages),
    packageSize: item.packageSize ?? '',
    partialFill: fillText(item.partialFill),
  }));
}

export function bodyOf(rows: readonly DeclaredRowDraft[]): DeclaredItemBody[] {
  return rows.map(({ ndc, description, lot, packages, packageSize, partialFill }) => ({ ndc, description, lot, packages, packageSize, partialFill }));
}

/** The problems the rules find in the rows, each naming its row ("Row 3: …"), in the editor's numbering. */
export function draftProblems(rows: readonly DeclaredRowDraft[]): string[] {
  const read = readDeclaredItems(bodyOf(rows));
  return 'problems' in read ? read.problems : [];
}

/** The problems naming row `rowNo` ("Row 3: …", "Row 3 …"), and those naming none. */
export function problemsOfRow(problems: readonly string[], rowNo: number): string[] {
  return problems.filter((problem) => problem.startsWith(`Row ${rowNo}:`) || problem.startsWith(`Row ${rowNo} `));
}

export function generalProblems(problems: readonly string[]): string[] {
  return problems.filter((problem) => !/^Row \d+[: ]/.test(problem));
}

/** How the card says an item's fill: "40.00%" (as % Fill shows everywhere), or "" without one. */
export function fillShown(fraction: number | null): string {
  return formatPercent(fraction);
}

/** What the card names an item by: its description, else the dictionary's name of its NDC. */
export function itemShownName(item: DeclaredItemAnswer): string {
  return item.description ?? item.dictionaryName ?? '';
}

/** "12 items, typed by clerk" / "3 items, from pickup.xlsx, by clerk". */
export function declarationSummary(answer: Pick<DeclaredInventoryAnswer, 'items' | 'source' | 'modifiedBy'>): string {
  const count = answer.items.length;
  if (!count) return 'Nothing declared yet';
  const items = `${count} ${count === 1 ? 'item' : 'items'}`;
  const by = answer.modifiedBy ? ` by ${answer.modifiedBy}` : '';
  return answer.source === 'typed' ? `${items}, typed${by}` : `${items}, from ${answer.source}${by}`;
}

/** The template a client fills, as a CSV download. */
export function templateBlob(): Blob {
  return new Blob([DECLARED_TEMPLATE_CSV], { type: 'text/csv' });
}

/** The columns, in the template's order, for the editor's headings. */
export const DECLARED_COLUMN_LABELS = DECLARED_COLUMNS.map((column) => column.label);

/** What a chosen file is refused for before it is sent, or undefined. */
export function fileProblem(file: File, maxBytes: number): string | undefined {
  if (!/\.(xlsx|csv|txt)$/i.test(file.name)) return `${file.name} is not an Excel workbook (.xlsx) or a CSV file: save the list as one of these and choose it again.`;
  if (file.size > maxBytes) return `${file.name} is larger than ${(maxBytes / (1024 * 1024)).toFixed(0)} MB: a declared inventory is a few thousand rows at most.`;
  if (file.size === 0) return `${file.name} is empty.`;
  return undefined;
}
