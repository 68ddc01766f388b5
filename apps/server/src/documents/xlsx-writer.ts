import { columnWidth, type DocumentColumn, type DocumentRow, type DocumentValue } from './table-document.ts';
import { createZipWriter, type ZipEntryStream } from './zip-stream.ts';

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

/**
 * Streams a one-sheet Office Open XML workbook (ECMA-376) straight from the rows: the sheet's XML is
 * written as text into a deflate stream, so memory stays flat and small however many rows there are
 * (a spreadsheet library's cell objects cost ≈ 3 KB a row and several seconds per 100,000 rows).
 * Strings are inline (a shared-string table would have to be held until the end).
 */

/** Excel refuses longer cell text and repairs (empties) the cell. */
const EXCEL_MAX_CELL_TEXT = 32_767;
/** Sheet XML gathered before it is handed to the compressor. */
const CHUNK_CHARS = 64 * 1024;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: (\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const NUMBER_TEXT = /^-?(?:\d+\.?\d*|\.\d+)$/;
/** Characters XML 1.0 cannot hold, lone surrogates included (`u` matches them one by one). */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const XML_SPECIAL = /[&<>"]/g;
const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

const MS_PER_DAY = 86_400_000;
/** Days from Excel's epoch (1899-12-30, which absorbs its 1900 leap-year bug) to 1970-01-01. */
const EXCEL_UNIX_EPOCH_DAYS = 25_569;

const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NS_PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Cell formats of styles.xml, by index. */
const STYLE = { plain: 0, header: 1, date: 2, timestamp: 3, percent: 4, centered: 5 } as const;

/** Anything `escapeXml` would change; most text has none, and one test is cheaper than two replaces. */
const NEEDS_ESCAPE = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

export function escapeXml(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text.replace(NOT_XML, '').replace(XML_SPECIAL, (c) => XML_ENTITIES[c]!);
}

/**
 * `MM/DD/YYYY[ HH:MM[:SS]]` as an Excel date serial: days since Excel's epoch, the time as the
 * fraction. Excel dates have no time zone, so the serial is taken from the text's own fields and the
 * cell shows exactly what the list showed. Undefined when the text is not a real date.
 */
export function excelDateSerial(text: string): number | undefined {
  const m = US_DATE.exec(text);
  if (!m) return undefined;
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const [hours, minutes, seconds] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
  if (hours > 23 || minutes > 59 || seconds > 59) return undefined;
  const ms = Date.UTC(year, month - 1, day, hours, minutes, seconds);
  const check = new Date(ms);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined;
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

/** `A`, …, `Z`, `AA`, … for a 0-based column index. */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

function textCell(ref: string, style: number, value: string): string {
  const text = escapeXml(value.length > EXCEL_MAX_CELL_TEXT ? value.slice(0, EXCEL_MAX_CELL_TEXT) : value);
  const space = text !== text.trim() ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${style ? ` s="${style}"` : ''} t="inlineStr"><is><t${space}>${text}</t></is></c>`;
}

function numberCell(ref: string, style: number, value: number): string {
  return `<c r="${ref}"${style ? ` s="${style}"` : ''}><v>${value}</v></c>`;
}

/** Excel's sheet-name rules: at most 31 characters, none of `[]:*?/\`, no apostrophe at either end, not empty. */
function sheetNameFrom(name: string): string {
  const cleaned = name.replace(/[[\]:*?/\\\s]+/g, ' ').replace(NOT_XML, '').trim().slice(0, 31).replace(/^[\s']+|[\s']+$/g, '');
  return cleaned || 'Sheet1';
}

function columnStyleIndex(column: DocumentColumn): number {
  switch (column.type) {
    case 'date':
      return STYLE.date;
    case 'timestamp':
      return STYLE.timestamp;
    case 'percent':
      return STYLE.percent;
    case 'yesno':
      return STYLE.centered;
    default:
      return STYLE.plain;
  }
}

/** The `<c>` element of one value, typed as the column is; text that does not parse stays text. */
function cellXml(column: DocumentColumn, ref: string, style: number, value: DocumentValue | undefined, dateSerial: (text: string) => number | undefined): string {
  if (value === undefined || value === '') return '';
  switch (column.type) {
    case 'number':
    case 'percent': {
      if (typeof value === 'number') return Number.isFinite(value) ? numberCell(ref, style, value) : textCell(ref, style, String(value));
      const text = value.trim();
      return NUMBER_TEXT.test(text) && Number.isFinite(Number(text)) ? numberCell(ref, style, Number(text)) : textCell(ref, style, value);
    }
    case 'date':
    case 'timestamp': {
      const serial = typeof value === 'string' ? dateSerial(value) : value;
      return serial === undefined || !Number.isFinite(serial) ? textCell(ref, STYLE.plain, String(value)) : numberCell(ref, style, serial);
    }
    default:
      return textCell(ref, style, String(value));
  }
}

function stylesXml(): string {
  return `${XML_DECLARATION}<styleSheet xmlns="${NS_MAIN}">
<numFmts count="3"><numFmt numFmtId="164" formatCode="mm/dd/yyyy"/><numFmt numFmtId="165" formatCode="mm/dd/yyyy hh:mm:ss"/><numFmt numFmtId="166" formatCode="0.00%"/></numFmts>
<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>
<cellXfs count="6">
<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>
<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>
<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>
<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>
<xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>
<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" applyAlignment="1"><alignment horizontal="center"/></xf>
</cellXfs>
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>
</styleSheet>`;
}

/**
 * Streams a one-sheet workbook to `output`: bold, frozen header with an autofilter, then the rows as
 * they come.
 */
export function createXlsxWriter(output: NodeJS.WritableStream, document: XlsxDocument, created = new Date()): XlsxWriter {
  const { columns } = document;
  const zip = createZipWriter(output, created);
  const sheetName = sheetNameFrom(document.sheetName ?? document.title);
  const letters = columns.map((_, i) => columnLetter(i));
  const styles = columns.map(columnStyleIndex);
  const dateSerial = cachedDateSerials();
  const lastColumn = letters[letters.length - 1] ?? 'A';
  let rowCount = 0;

  const prologue = (async () => {
    await zip.addFile(
      '[Content_Types].xml',
      `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
        '<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>' +
        '</Types>',
    );
    await zip.addFile(
      '_rels/.rels',
      `${XML_DECLARATION}<Relationships xmlns="${NS_PKG_REL}">` +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
        '<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/>' +
        '</Relationships>',
    );
    const when = created.toISOString().replace(/\.\d{3}Z$/, 'Z');
    await zip.addFile(
      'docProps/core.xml',
      `${XML_DECLARATION}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
        `<dc:title>${escapeXml(document.title)}</dc:title><dc:creator>3DS</dc:creator><cp:lastModifiedBy>3DS</cp:lastModifiedBy>` +
        `<dcterms:created xsi:type="dcterms:W3CDTF">${when}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${when}</dcterms:modified>` +
        '</cp:coreProperties>',
    );
    await zip.addFile(
      'docProps/app.xml',
      `${XML_DECLARATION}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>3DS</Application></Properties>`,
    );
  })();
  prologue.catch(() => {});

  let sheet: ZipEntryStream | undefined;
  let pending = '';
  let headerWritten = false;

  const flush = async (force: boolean) => {
    if (pending.length < CHUNK_CHARS && !force) return;
    const text = pending;
    pending = '';
    if (text) await sheet!.write(text);
  };

  const writeHeader = async () => {
    await prologue;
    sheet = zip.streamFile('xl/worksheets/sheet1.xml');
    const cols = columns.map((column, i) => `<col min="${i + 1}" max="${i + 1}" width="${columnWidth(column)}" customWidth="1"/>`).join('');
    pending +=
      `${XML_DECLARATION}<worksheet xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">` +
      '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>' +
      '<sheetFormatPr defaultRowHeight="15"/>' +
      (cols ? `<cols>${cols}</cols>` : '') +
      '<sheetData><row r="1">' +
      columns.map((column, i) => textCell(`${letters[i]}1`, STYLE.header, column.label)).join('') +
      '</row>';
    rowCount = 1;
    headerWritten = true;
  };

  return {
    async addRows(rows) {
      zip.assertWritable();
      if (!headerWritten) await writeHeader();
      for (const values of rows) {
        const r = ++rowCount;
        let xml = `<row r="${r}">`;
        for (let i = 0; i < columns.length; i++) xml += cellXml(columns[i]!, `${letters[i]}${r}`, styles[i]!, values[i], dateSerial);
        pending += `${xml}</row>`;
        await flush(false);
      }
    },

    async finish() {
      zip.assertWritable();
      if (!headerWritten) await writeHeader();
      const range = `A1:${lastColumn}${rowCount}`;
      pending += `</sheetData><autoFilter ref="${range}"/></worksheet>`;
      await flush(true);
      await sheet!.end();
      const quotedName = `'${sheetName.replace(/'/g, "''")}'`;
      const absolute = `$A$1:$${lastColumn}$${rowCount}`;
      await zip.addFile(
        'xl/workbook.xml',
        `${XML_DECLARATION}<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}"><bookViews><workbookView/></bookViews>` +
          `<sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets>` +
          `<definedNames><definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">${escapeXml(`${quotedName}!${absolute}`)}</definedName></definedNames>` +
          '</workbook>',
      );
      await zip.addFile(
        'xl/_rels/workbook.xml.rels',
        `${XML_DECLARATION}<Relationships xmlns="${NS_PKG_REL}">` +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
          '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
          '</Relationships>',
      );
      await zip.addFile('xl/styles.xml', stylesXml());
      await zip.finish();
    },
  };
}
