import { CATALOGUE, PRINT_COLUMNS, recordKind, todayIso, type EntityName } from '@3ds/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { PDF_MAX_ROWS } from '../../documents/pdf-limits.ts';
import type { DocumentColumn, DocumentRow, DocumentValue } from '../../documents/table-document.ts';
import { validationFailed } from '../../errors/app-error.ts';
import type { FileStore } from '../../files/file-store.ts';
import { publishDocument, type PublishDeps } from '../../files/publish-document.ts';
import type { ExportAnswer, ExportRequest, ExportService as ListExport } from '../../records/export-request.ts';
import { fieldByName, type Layout, type LayoutField } from '../../records/layout.ts';
import { LAYOUTS } from '../../records/layouts/index.ts';
import { toFindParts } from '../../records/list-query.ts';
import { alias, formatValue } from '../../records/record-format.ts';
import { countFound, prepareFind, streamFound, type PreparedFind } from '../../records/records.repository.ts';
import { scopeFor } from '../../records/records.repository.ts';
import type { SessionUser } from '../../security/session-user.ts';
import { heldBy, withOnlyIds } from './exports.repository.ts';

/**
 * Jobs and containers export the line items they hold (spec 2 §7): a job's of the kind
 * `recordType` names, a container's of its own kind.
 */
function relatedLineItems(entity: EntityName, recordType: 'cn' | 'yb' | undefined): { target: EntityName; key: string } | undefined {
  const held = recordKind(entity).lineItems;
  if (!held) return undefined;
  const target = (recordType === 'yb' && held.yellow_bucket) || held.standard;
  return { target: target as EntityName, key: `li.${held.key}` };
}

interface ExportColumn {
  field: LayoutField;
  document: DocumentColumn;
}

/** The list's columns, a `with` field as a column of its own so quantities stay numbers (the xlsx). */
function exportColumns(entity: EntityName, layout: Layout): ExportColumn[] {
  const catalogue = CATALOGUE[entity];
  const label = (name: string) => catalogue.fields.find((f) => f.name === name)?.label ?? name;
  return catalogue.columns.flatMap((column) => {
    const names = column.with ? [column.field, column.with] : [column.field];
    return names.map((name, i) => {
      const field = fieldByName(layout, name)!;
      const type = i === 0 && column.format === 'percent' ? 'percent' : field.type;
      return { field, document: { label: i === 0 ? column.label : label(name), type } };
    });
  });
}

/** A PDF column: the fields it reads (a quantity and its UoM share one cell) and how it prints. */
interface PdfColumn {
  fields: LayoutField[];
  document: DocumentColumn;
}

/**
 * The PDF's columns (PRINT_COLUMNS in @3ds/domain): the list's chosen set when it has more columns
 * than a landscape page holds legibly, else all of them; the columns that identify a row marked so
 * that the writer wraps their text and never cuts it.
 */
function pdfColumns(entity: EntityName, layout: Layout): { columns: PdfColumn[]; note?: string } {
  const catalogue = CATALOGUE[entity];
  const print = PRINT_COLUMNS[entity];
  const chosen = print.pdf ? print.pdf.map((name) => catalogue.columns.find((c) => c.field === name)!) : catalogue.columns;
  const columns = chosen.map((column) => {
    const fields = [column.field, ...(column.with ? [column.with] : [])].map((name) => fieldByName(layout, name)!);
    const unbroken = print.unbroken?.[column.field];
    const document: DocumentColumn = {
      label: column.label,
      type: column.format === 'percent' ? 'percent' : fields[0]!.type,
      ...(print.identifying.includes(column.field) ? { keep: true } : {}),
      ...(unbroken ? { unbroken } : {}),
    };
    return { fields, document };
  });
  const left = catalogue.columns.length - chosen.length;
  return left > 0
    ? { columns, note: `${chosen.length} of the list's ${catalogue.columns.length} columns; the Excel export has every column.` }
    : { columns };
}

export class ExportService implements ListExport {
  readonly #db: Kysely<Database>;
  readonly #publishing: PublishDeps;
  readonly #now: () => Date;
  readonly #today: () => string;

  constructor(deps: { db: Kysely<Database>; store: FileStore; linkSecret: string; now: () => Date; today?: () => string }) {
    this.#db = deps.db;
    this.#today = deps.today ?? (() => todayIso());
    this.#publishing = { db: deps.db, store: deps.store, linkSecret: deps.linkSecret, now: deps.now };
    this.#now = deps.now;
  }

  /**
   * Writes the whole found set (not the page) to export.xlsx or export.pdf and answers a signed link.
   * `onlyIds` narrows the found set to those records (a bulk export of a selection).
   */
  async export(entity: EntityName, request: ExportRequest, user: SessionUser, requestId: string, onlyIds?: readonly number[]): Promise<ExportAnswer> {
    const parts = toFindParts(request);
    const related = relatedLineItems(entity, request.recordType);
    const target = related?.target ?? entity;
    const layout = LAYOUTS[target];
    const scope = withOnlyIds(scopeFor(entity, user), LAYOUTS[entity], onlyIds);
    let find: PreparedFind;
    let sort = parts.sort;
    if (related) {
      // The found jobs or containers, then every line item they hold, in id order.
      const parent = prepareFind(LAYOUTS[entity], parts, scope, { today: this.#today() });
      find = prepareFind(layout, {}, heldBy(related.key, LAYOUTS[entity], parent));
      sort = [];
    } else {
      find = prepareFind(layout, parts, scope, { today: this.#today() });
    }

    if (request.fileType === 'pdf') {
      const rows = await countFound(this.#db, layout, find);
      if (rows > PDF_MAX_ROWS) {
        const message = `The PDF would hold ${rows.toLocaleString('en-US')} rows; a PDF holds at most ${PDF_MAX_ROWS.toLocaleString('en-US')}. Narrow the find or export to Excel.`;
        throw validationFailed(message, [message]);
      }
    }

    const columns = exportColumns(target, layout);
    const pdf = request.fileType === 'pdf' ? pdfColumns(target, layout) : undefined;
    const title = related ? `${CATALOGUE[target].title} of the found ${CATALOGUE[entity].title.toLowerCase()}` : CATALOGUE[target].title;
    let total = 0;
    const { link } = await publishDocument(this.#publishing, {
      kind: 'list-export',
      of: { fileType: request.fileType, entity: target },
      user,
      requestId,
      body: async (output) => {
        // The document libraries load on first use, keeping them out of an idle server's memory.
        const writer =
          request.fileType === 'xlsx'
            ? (await import('../../documents/xlsx-writer.ts')).createXlsxWriter(output, { title, sheetName: CATALOGUE[target].title.slice(0, 31), columns: columns.map((c) => c.document) })
            : (await import('../../documents/pdf-writer.ts')).createPdfWriter(output, {
                title,
                subtitle: `Exported by ${user.username}`,
                ...(pdf?.note ? { note: pdf.note } : {}),
                generatedAt: this.#now(),
                columns: pdf!.columns.map((c) => c.document),
              });
        // The PDF reads its own columns' fields; a quantity and its UoM print in one cell ("3 EA").
        const fields = pdf ? pdf.columns.flatMap((c) => c.fields) : columns.map((c) => c.field);
        const toRow = pdf
          ? (row: Record<string, unknown>): DocumentRow => {
              let at = 0;
              return pdf.columns.map((c) => {
                const values = c.fields.map((f) => formatValue(f.type, row[alias(at++)]));
                return values.length === 1 ? (values[0] as DocumentValue) : values.filter((v) => v !== '').join(' ');
              });
            }
          : (row: Record<string, unknown>): DocumentRow => columns.map((c, i) => formatValue(c.field.type, row[alias(i)]) as DocumentValue);
        total = await streamFound(this.#db, layout, find, sort, fields, async (batch) => {
          await writer.addRows(batch.map(toRow));
        });
        await writer.finish();
      },
      // Written once every byte is stored: `total` is the number of rows written by then.
      record: (_trx, file) => ({ recordId: file.id, after: { fileType: request.fileType, rows: total, from: entity, find: parts } }),
    });
    return { data: [{ fieldData: { Container: link } }] };
  }
}
