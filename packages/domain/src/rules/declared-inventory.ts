import { readCode } from './ndc-code.ts';
import { printedTextProblem, trimLine } from './text.ts';
import { TEXT_LIMITS } from '../catalogue/constants.ts';

/**
 * What the client declared (docs/dea-paperwork.md "What the client declared"): the inventory a client
 * lists for a pickup, before or at it, typed into the job or uploaded as a spreadsheet (xlsx or CSV).
 * Each item names its NDC (or describes the item), its lot, how many full packages, their size, and
 * the fill of one more, opened package. Schedule I and II items are declared by the lines of their
 * Form 222 (21 CFR 1305.03, 1317.10(b)), which count as declared for the job: the list holds
 * Schedule III–V items and whatever the dictionary does not know.
 *
 * A list is read whole: every row's problems are reported with its row, and nothing is kept until
 * every row reads (nothing half-imported).
 */

/** The most items one job's declared inventory holds (a pickup of a pharmacy's whole stock is a few hundred). */
export const DECLARED_MAX_ITEMS = 2000;
/** The largest declared inventory file taken (xlsx or CSV): a few thousand rows are well under it. */
export const DECLARED_FILE_MAX_BYTES = 2 * 1024 * 1024;
/** The most full packages one item may declare. */
export const DECLARED_PACKAGES_MAX = 999_999;
export const DECLARED_LIMITS = { description: TEXT_LIMITS.name, lot: TEXT_LIMITS.short, packageSize: TEXT_LIMITS.short } as const;

/** An item as typed or read from a sheet: text from a sheet, text or numbers from the API. */
export interface DeclaredItemInput {
  ndc?: string | null | undefined;
  description?: string | null | undefined;
  lot?: string | null | undefined;
  packages?: unknown;
  packageSize?: string | null | undefined;
  partialFill?: unknown;
}

/** An item as kept. */
export interface DeclaredItem {
  /** `LLLLL-PPPP-KK` (or `…-**`), as the dictionary stores it; null for a described item. */
  ndc: string | null;
  description: string | null;
  lot: string | null;
  /** Full packages. */
  packages: number;
  packageSize: string | null;
  /** The fill of one more, opened package, as a fraction (0.4 = 40%); null when there is none. */
  partialFill: number | null;
}

/** The columns of a declared inventory sheet, in the template's order, with the headings each is known by. */
export const DECLARED_COLUMNS = [
  { key: 'ndc', label: 'NDC', headings: ['ndc', 'ndc number', 'ndc code', 'ndc #', 'ndc11', 'ndc 11', 'item ndc'] },
  { key: 'description', label: 'Description', headings: ['description', 'item', 'item description', 'drug', 'drug name', 'product', 'product name', 'name', 'trade name'] },
  { key: 'lot', label: 'Lot', headings: ['lot', 'lot number', 'lot #', 'lot no', 'batch', 'batch number'] },
  { key: 'packages', label: 'Packages', headings: ['packages', 'package count', 'full packages', 'qty', 'quantity', 'pkgs', 'count'] },
  { key: 'packageSize', label: 'Package Size', headings: ['package size', 'pack size', 'size', 'package quantity', 'pkg size'] },
  { key: 'partialFill', label: 'Partial Fill', headings: ['partial fill', 'partial', '% fill', 'percent fill', 'fill', 'partial %', 'partial package'] },
] as const satisfies readonly { key: keyof DeclaredItemInput; label: string; headings: readonly string[] }[];

export type DeclaredColumnKey = (typeof DECLARED_COLUMNS)[number]['key'];

/** The template a client fills: the headings and one example row (CSV). */
export const DECLARED_TEMPLATE_CSV = `${DECLARED_COLUMNS.map((column) => column.label).join(',')}\r\n00591-0405-01,Hydrocodone/APAP 5/325 mg tablets,AB1234,2,100,40%\r\n`;

export const DECLARED_MESSAGES = {
  tooMany: (count: number) =>
    `The declared inventory lists ${count.toLocaleString('en-US')} items; one job holds at most ${DECLARED_MAX_ITEMS.toLocaleString('en-US')}. Split the pickup into jobs.`,
  ndcOrDescription: (row: string) => `${row}: give the item's NDC, or describe the item.`,
  ndc: (row: string, reason: string) => `${row}: ${reason}`,
  ndcAmbiguous: (row: string, typed: string) =>
    `${row}: NDC ${typed} has 10 digits, which can be read three ways: write it with its hyphens (as on the package) or as the 11-digit NDC.`,
  ndcShort: (row: string, typed: string) =>
    `${row}: NDC ${typed} has only ${typed.length} digits. A spreadsheet may have dropped its leading zeros: write the NDC with its hyphens (as on the package), or format the NDC column as text, and upload again.`,
  packages: (row: string) => `${row}: Packages must be a whole number from 0 to ${DECLARED_PACKAGES_MAX.toLocaleString('en-US')} (the full packages; an opened one goes in Partial Fill).`,
  partialFill: (row: string) => `${row}: Partial Fill is how full one more, opened package is: a percent above 0 and below 100, written 40, 40% or 0.4.`,
  nothing: (row: string) => `${row}: declares no package: give its Packages, or the Partial Fill of an opened one.`,
  scheduleTwo: (row: string, ndc: string, name: string, schedule: string) =>
    `${row}: ${ndc}${name ? ` (${name})` : ''} is Schedule ${schedule}: Schedule I and II items are declared by the lines of their Form 222, which count as declared for the job. Remove the row.`,
  noHeadings: `The sheet's first row must name its columns: ${DECLARED_COLUMNS.map((column) => column.label).join(', ')} (download the template).`,
  missingColumns: (missing: readonly string[]) =>
    `The sheet has no ${missing.join(' and no ')} column: its first row must name the columns ${DECLARED_COLUMNS.map((column) => column.label).join(', ')} (download the template).`,
  columnTwice: (label: string, headings: readonly string[]) =>
    `The sheet has two ${label} columns (${headings.map((heading) => `"${heading}"`).join(' and ')}): keep one and upload again.`,
  empty: 'The sheet lists no item below its headings.',
} as const;

const text = (value: string | null | undefined) => trimLine(value ?? '');

/** A whole number of packages: 12, "12", "1,200", "12.0". */
function readPackages(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return 0;
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 && value <= DECLARED_PACKAGES_MAX ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const written = value.trim();
  if (written === '') return 0;
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.0+)?$/.test(written)) return undefined;
  const packages = Number(written.replace(/,/g, '').replace(/\.0+$/, ''));
  return packages <= DECLARED_PACKAGES_MAX ? packages : undefined;
}

/**
 * The fill of an opened package as a fraction, null when none is given, or undefined when it is not
 * one: a percent written 40, 40% or 12.5%, or a fraction below 1 (0.4, as a spreadsheet's percent
 * cell holds it). Above 0 and below 100%: a full package is counted in Packages.
 */
export function readPartialFill(value: unknown): number | null | undefined {
  if (value === undefined || value === null || value === '') return null;
  let percent: number;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    percent = value < 1 ? value * 100 : value;
  } else if (typeof value === 'string') {
    const written = value.trim();
    if (written === '') return null;
    const match = /^(\d+(?:\.\d+)?|\.\d+)\s*(%?)$/.exec(written);
    if (!match) return undefined;
    const number = Number(match[1]);
    percent = match[2] === '%' || number >= 1 ? number : number * 100;
  } else return undefined;
  if (!(percent > 0 && percent < 100)) return undefined;
  // Kept as the line items keep % Fill: a fraction, to a hundredth of a percent.
  return Math.round(percent * 100) / 10_000;
}

/** The NDC as stored, or why the typed text is not one. */
function readNdc(row: string, typed: string): { ndc: string } | { problem: string } {
  if (/^\d{1,9}$/.test(typed)) return { problem: DECLARED_MESSAGES.ndcShort(row, typed) };
  const read = readCode(typed);
  if (read.kind === 'invalid') return { problem: DECLARED_MESSAGES.ndc(row, read.reason) };
  if (read.kind !== 'ndc') return { problem: DECLARED_MESSAGES.ndc(row, `"${typed}" is a 3DS label, not an NDC.`) };
  if (read.candidates.length !== 1) return { problem: DECLARED_MESSAGES.ndcAmbiguous(row, typed) };
  return { ndc: read.candidates[0]!.ndc };
}

/** One item as kept, or its problems, each naming `row` ("Row 4"). */
export function readDeclaredItem(input: DeclaredItemInput, row: string): { item: DeclaredItem } | { problems: string[] } {
  const problems: string[] = [];
  const typedNdc = text(input.ndc);
  const description = text(input.description);
  const lot = text(input.lot);
  const packageSize = text(input.packageSize);
  let ndc: string | null = null;
  if (typedNdc !== '') {
    const read = readNdc(row, typedNdc);
    if ('problem' in read) problems.push(read.problem);
    else ndc = read.ndc;
  } else if (description === '') problems.push(DECLARED_MESSAGES.ndcOrDescription(row));
  for (const problem of [
    printedTextProblem(`${row}: Description`, description, DECLARED_LIMITS.description),
    printedTextProblem(`${row}: Lot`, lot, DECLARED_LIMITS.lot),
    printedTextProblem(`${row}: Package Size`, packageSize, DECLARED_LIMITS.packageSize),
  ]) {
    if (problem) problems.push(problem);
  }
  const packages = readPackages(input.packages);
  if (packages === undefined) problems.push(DECLARED_MESSAGES.packages(row));
  const partialFill = readPartialFill(input.partialFill);
  if (partialFill === undefined) problems.push(DECLARED_MESSAGES.partialFill(row));
  if (packages === 0 && partialFill === null) problems.push(DECLARED_MESSAGES.nothing(row));
  if (problems.length || packages === undefined || partialFill === undefined) return { problems };
  return { item: { ndc, description: description || null, lot: lot || null, packages, packageSize: packageSize || null, partialFill } };
}

/** Whether a typed or read row holds nothing at all (a blank line of a sheet, an empty row of the editor). */
export function isBlankDeclaredInput(input: DeclaredItemInput): boolean {
  return [input.ndc, input.description, input.lot, input.packages, input.packageSize, input.partialFill].every(
    (value) => value === undefined || value === null || (typeof value === 'string' && value.trim() === ''),
  );
}

export type DeclaredRead = { items: DeclaredItem[] } | { problems: string[] };

/** Items typed in order ("Row 1" is the first), blank rows left out; every problem of every row, or the items. */
export function readDeclaredItems(inputs: readonly DeclaredItemInput[]): DeclaredRead {
  return readRows(inputs.map((input, index) => ({ input, row: `Row ${index + 1}` })));
}

function readRows(rows: readonly { input: DeclaredItemInput; row: string }[]): DeclaredRead {
  const filled = rows.filter(({ input }) => !isBlankDeclaredInput(input));
  if (filled.length > DECLARED_MAX_ITEMS) return { problems: [DECLARED_MESSAGES.tooMany(filled.length)] };
  const problems: string[] = [];
  const items: DeclaredItem[] = [];
  for (const { input, row } of filled) {
    const read = readDeclaredItem(input, row);
    if ('problems' in read) problems.push(...read.problems);
    else items.push(read.item);
  }
  return problems.length ? { problems } : { items };
}

/** A heading as compared: lower case, single spaces, without a trailing colon or surrounding punctuation. */
function headingKey(heading: string): string {
  return heading.trim().toLowerCase().replace(/[_\s]+/g, ' ').replace(/[:.]+$/, '');
}

export interface DeclaredSheetRead {
  /** The items, or every problem (rows named by their row in the sheet: the headings are row 1). */
  read: DeclaredRead;
  /** Headings of columns 3DS does not keep, left out. */
  ignoredColumns: string[];
}

/**
 * A sheet's rows (a CSV's, or an xlsx's first worksheet's) as declared items. The first non-empty
 * row names the columns by heading (DECLARED_COLUMNS: "NDC", "Lot Number", "Qty", … in any order);
 * the NDC or Description column and the Packages column are needed. Blank rows are skipped; every
 * other row is read and its problems named by the row it has in the sheet.
 */
export function readDeclaredSheet(rows: readonly (readonly string[])[]): DeclaredSheetRead {
  const headingIndex = rows.findIndex((row) => row.some((cell) => cell.trim() !== ''));
  if (headingIndex === -1) return { read: { problems: [DECLARED_MESSAGES.empty] }, ignoredColumns: [] };
  const headings = rows[headingIndex]!;
  const columnOf = new Map<DeclaredColumnKey, number>();
  const ignoredColumns: string[] = [];
  const problems: string[] = [];
  headings.forEach((heading, index) => {
    if (heading.trim() === '') return;
    const column = DECLARED_COLUMNS.find((candidate) => (candidate.headings as readonly string[]).includes(headingKey(heading)));
    if (!column) {
      ignoredColumns.push(heading.trim());
      return;
    }
    const earlier = columnOf.get(column.key);
    if (earlier !== undefined) problems.push(DECLARED_MESSAGES.columnTwice(column.label, [headings[earlier]!.trim(), heading.trim()]));
    else columnOf.set(column.key, index);
  });
  if (!columnOf.size) return { read: { problems: [DECLARED_MESSAGES.noHeadings] }, ignoredColumns };
  const missing: string[] = [];
  if (!columnOf.has('ndc') && !columnOf.has('description')) missing.push('NDC or Description');
  if (!columnOf.has('packages')) missing.push('Packages');
  if (missing.length) problems.push(DECLARED_MESSAGES.missingColumns(missing));
  if (problems.length) return { read: { problems }, ignoredColumns };
  const cell = (row: readonly string[], key: DeclaredColumnKey) => {
    const index = columnOf.get(key);
    return index === undefined ? undefined : row[index];
  };
  const body = rows.slice(headingIndex + 1).map((row, index) => ({
    row: `Row ${headingIndex + index + 2}`,
    input: {
      ndc: cell(row, 'ndc'),
      description: cell(row, 'description'),
      lot: cell(row, 'lot'),
      packages: cell(row, 'packages'),
      packageSize: cell(row, 'packageSize'),
      partialFill: cell(row, 'partialFill'),
    },
  }));
  const read = readRows(body);
  if ('items' in read && !read.items.length) return { read: { problems: [DECLARED_MESSAGES.empty] }, ignoredColumns };
  return { read, ignoredColumns };
}

/** The item as the screens and documents name it: its description, else its NDC. */
export function declaredItemName(item: Pick<DeclaredItem, 'ndc' | 'description'>): string {
  return item.description ?? item.ndc ?? '';
}
