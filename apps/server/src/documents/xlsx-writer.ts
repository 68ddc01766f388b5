import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { columnWidth, type DocumentColumn, type DocumentRow, type DocumentValue } from './table-document.ts';

export interface XlsxDocument {
  title: string;
  sheetName?: string;
  columns: DocumentColumn[];
}

export interface XlsxWriter {
  addRows(rows: DocumentRow[]): Promise<void>;
  /** Writes the end of the workbook; resolves once `output` has finished. */
  finish(): Promise<void>;
}

type CellValue = string | number | null;
type CellStyle = Partial<ExcelJS.Style>;

/**
 * Rows written between turns of the event loop. The zip compressor runs on libuv's thread pool
 * but needs the event loop for each chunk: giving it a turn this often lets it work on another core
 * while rows are rendered, instead of all at the end with the whole sheet held in memory.
 */
const ROWS_PER_TURN = 20;
/** Bytes of sheet XML waiting for the compressor beyond which rows wait. */
const MAX_XML_BACKLOG = 1024 * 1024;
/** Excel refuses longer cell text and repairs (empties) the cell. */
const EXCEL_MAX_CELL_TEXT = 32_767;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: (\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const NUMBER_TEXT = /^-?(?:\d+\.?\d*|\.\d+)$/;

const MS_PER_DAY = 86_400_000;
/** Days from Excel's epoch (1899-12-30, which absorbs its 1900 leap-year bug) to 1970-01-01. */
const EXCEL_UNIX_EPOCH_DAYS = 25_569;

/**
 * `MM/DD/YYYY[ HH:MM[:SS]]` as an Excel date serial: days since Excel's epoch, the time as the
 * fraction. Excel dates have no time zone, so the serial is taken from the text's own fields and the
 * cell shows exactly what the list showed. Undefined when the text is not a real date.
 */
function excelDateSerial(text: string): number | undefined {
  const m = US_DATE.exec(text);
  if (!m) return undefined;
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(year, month - 1, day, Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0));
  const check = new Date(ms);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined;
  return ms / MS_PER_DAY + EXCEL_UNIX_EPOCH_DAYS;
}

/** Dates repeat a great deal down a column; remembering them saves most of the parsing. */
function cachedDateSerials(limit = 20_000): (text: string) => number | undefined {
  const cache = new Map<string, number | undefined>();
  return (text) => {
    if (cache.has(text)) return cache.get(text);
    if (cache.size >= limit) cache.clear();
    const serial = excelDateSerial(text);
    cache.set(text, serial);
    return serial;
  };
}

function toNumber(value: DocumentValue): number | string {
  if (typeof value === 'number') return value;
  const text = value.trim();
  return NUMBER_TEXT.test(text) ? Number(text) : value;
}

/** A cell value as Excel should hold it; text that does not parse as its type stays text. */
function cellValue(column: DocumentColumn, value: DocumentValue | undefined, dateSerial: (text: string) => number | undefined): CellValue {
  if (value === undefined || value === '') return null;
  switch (column.type) {
    case 'number':
    case 'percent':
      return toNumber(value);
    case 'date':
    case 'timestamp':
      return typeof value === 'string' ? (dateSerial(value) ?? value) : value;
    default: {
      const text = String(value);
      return text.length > EXCEL_MAX_CELL_TEXT ? text.slice(0, EXCEL_MAX_CELL_TEXT) : text;
    }
  }
}

/**
 * One style object per column, shared by all its cells: exceljs caches the style id by object
 * identity, so a shared object is resolved once instead of once per cell.
 */
function columnStyle(column: DocumentColumn): CellStyle {
  switch (column.type) {
    case 'date':
      return { numFmt: 'mm/dd/yyyy' };
    case 'timestamp':
      return { numFmt: 'mm/dd/yyyy hh:mm:ss' };
    case 'percent':
      return { numFmt: '0.00%' };
    case 'yesno':
      return { alignment: { horizontal: 'center' } };
    default:
      return {};
  }
}

/**
 * The entry stream of the zip archiver that exceljs feeds the sheet's XML into, ignoring its
 * backpressure. Reaching it relies on exceljs 4.x internals (the worksheet buffer's `pipes`, a
 * readable-stream 2 PassThrough), hence the guard: without it the writer still works, with the
 * unwritten XML unbounded.
 */
interface XmlSink extends NodeJS.EventEmitter {
  _writableState: { length: number; needDrain: boolean };
}

function sheetXmlSink(sheet: ExcelJS.Worksheet): XmlSink | undefined {
  const sink = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes?.[0] as Partial<XmlSink> | undefined;
  return typeof sink?._writableState?.length === 'number' && typeof sink.once === 'function' ? (sink as XmlSink) : undefined;
}

/** Excel's sheet-name rules: at most 31 characters, none of `[]:*?/\`, no apostrophe at either end, not empty. */
function sheetNameFrom(name: string): string {
  const cleaned = name.replace(/[[\]:*?/\\\s]+/g, ' ').trim().slice(0, 31).replace(/^[\s']+|[\s']+$/g, '');
  return cleaned || 'Sheet1';
}

/**
 * Streams a one-sheet workbook to `output`: bold, frozen header with an autofilter, then the rows,
 * each committed as it is added so memory stays flat however many rows there are.
 */
export function createXlsxWriter(output: NodeJS.WritableStream, document: XlsxDocument): XlsxWriter {
  const { columns } = document;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output as unknown as Writable,
    useStyles: true,
    // Shared strings are kept in memory until the end; inline strings stream.
    useSharedStrings: false,
  });
  workbook.creator = '3DS';
  workbook.lastModifiedBy = '3DS';
  workbook.title = document.title;
  const sheet = workbook.addWorksheet(sheetNameFrom(document.sheetName ?? document.title), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = columns.map((column) => ({ width: columnWidth(column) }));
  const styles = columns.map(columnStyle);
  const dateSerial = cachedDateSerials();

  const headerStyle: CellStyle = { font: { bold: true } };
  const header = sheet.addRow(columns.map((column) => column.label));
  for (let i = 1; i <= columns.length; i++) header.getCell(i).style = headerStyle;
  header.commit();
  const sink = sheetXmlSink(sheet);

  let rowCount = 1;
  // Without a listener an output failure (a client gone mid-download) would crash the process;
  // recorded, it stops the export at the next batch.
  let failure: unknown;
  output.on('error', (error: unknown) => {
    failure ??= error;
  });

  return {
    async addRows(rows) {
      if (failure) throw failure;
      for (const values of rows) {
        const row = sheet.addRow(columns.map((column, i) => cellValue(column, values[i], dateSerial)));
        for (let i = 0; i < columns.length; i++) row.getCell(i + 1).style = styles[i]!;
        row.commit();
        if (++rowCount % ROWS_PER_TURN === 0) {
          await nextTurn();
          // The compressor falls behind when `output` is slow (the archiver stops reading) or the
          // machine is busy; waiting for it keeps the unwritten XML bounded.
          if (sink && sink._writableState.length > MAX_XML_BACKLOG) await once(sink, 'drain');
          if (failure) throw failure;
        }
      }
    },

    async finish() {
      if (failure) throw failure;
      const lastColumn = sheet.getColumn(Math.max(columns.length, 1)).letter;
      sheet.autoFilter = `A1:${lastColumn}${rowCount}`;
      sheet.commit();
      await workbook.commit();
    },
  };
}
