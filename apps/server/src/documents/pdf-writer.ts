import { finished } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { formatTimestamp } from '@3ds/domain';
import PDFDocument from 'pdfkit';
import { PDF_MAX_ROWS } from './pdf-limits.ts';
import { columnWidth, type DocumentColumn, type DocumentRow, type DocumentValue } from './table-document.ts';

export interface PdfDocument {
  title: string;
  subtitle?: string;
  /** A line under the subtitle: what the columns are when the page shows a chosen set of them. */
  note?: string;
  generatedAt: Date;
  columns: DocumentColumn[];
  /** Compressed content streams; tests turn it off to read the text back. */
  compress?: boolean;
}

export interface PdfWriter {
  addRows(rows: DocumentRow[]): Promise<void>;
  /** Numbers the pages, ends the document and resolves once `output` has finished. */
  finish(): Promise<void>;
}

export { PDF_MAX_ROWS };

// US Letter landscape, in points.
const PAGE = { width: 792, height: 612, margin: 36 } as const;
const TABLE_WIDTH = PAGE.width - 2 * PAGE.margin;
const TABLE_BOTTOM = PAGE.height - PAGE.margin;
const FOOTER_Y = PAGE.height - PAGE.margin + 12;
const CELL_PADDING = 2.5;
const ROW_PADDING = 2;
const ROWS_PER_TURN = 500;
/** The font size of the table: the largest of these at which every column gets the room it needs. */
const FONT_SIZES = [8, 7.5, 7, 6.5] as const;
/** Text that does not identify the row wraps onto at most this many lines, the last cut with an ellipsis. */
const MAX_LINES = 3;
const COLORS = { text: '#1f2328', muted: '#57606a', headerFill: '#dfe4ea', zebraFill: '#f3f5f8', rule: '#8c959f' } as const;

// Helvetica is one of the 14 standard PDF fonts: nothing to embed, and pdfkit writes it in
// WinAnsiEncoding. Characters outside that encoding would come out as garbage, so they become '?'.
const NOT_WIN_ANSI = /[^\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]/g;
const ELLIPSIS = '…';
/** The highest code point in WinAnsiEncoding (™). */
const MAX_WIN_ANSI_CODE = 0x2122;

/** One line of text Helvetica can show. */
function printable(text: string): string {
  return text.replace(/[\t\r\n]+/g, ' ').replace(NOT_WIN_ANSI, '?');
}

const NUMBER_TEXT = /^-?(?:\d+\.?\d*|\.\d+)$/;

function cellText(column: DocumentColumn, value: DocumentValue | undefined): string {
  if (value === undefined || value === '') return '';
  if (column.type === 'percent') {
    const fraction = typeof value === 'number' ? value : NUMBER_TEXT.test(value.trim()) ? Number(value) : undefined;
    if (fraction !== undefined && Number.isFinite(fraction)) return `${(fraction * 100).toFixed(2)}%`;
  }
  return printable(String(value));
}

function alignment(column: DocumentColumn): 'left' | 'right' | 'center' {
  if (column.type === 'number' || column.type === 'percent') return 'right';
  return column.type === 'yesno' ? 'center' : 'left';
}

/**
 * Sets `font` in this document without kerning and answers the advance widths of every character
 * `printable` lets through at a size of 1 pt, measured once through pdfkit: measuring text is then a
 * table look-up per character instead of pdfkit's measure (the slowest part of a big table), and what
 * is drawn is exactly as wide as measured (withoutKerning).
 */
function glyphWidths(doc: PDFKit.PDFDocument, font: string): Float32Array {
  const widths = new Float32Array(MAX_WIN_ANSI_CODE + 1);
  doc.font(font).fontSize(100);
  withoutKerning(doc);
  for (let code = 0x20; code <= MAX_WIN_ANSI_CODE; code++) {
    const char = String.fromCharCode(code);
    if (char.replace(NOT_WIN_ANSI, '') === char) widths[code] = doc.widthOfString(char) / 100;
  }
  return widths;
}

/**
 * Turns kerning off for the document's current font. The table measures its text by the advance
 * widths alone (glyphWidths), so a right-aligned number drawn without kerning ends exactly where it
 * was measured to; and pdfkit looks up each pair of characters of every cell twice (to place it and
 * to move past it), the largest single cost of a long PDF. Relies on pdfkit's standard-font internals
 * (`_font.font.getKernPair`, made per document), hence the guard: if they change, this does nothing
 * and the text is kerned as before.
 */
function withoutKerning(doc: PDFKit.PDFDocument): void {
  const metrics = (doc as unknown as { _font?: { font?: { getKernPair?: unknown } } })._font?.font;
  if (metrics && typeof metrics.getKernPair === 'function') metrics.getKernPair = () => 0;
}

/** Widths of text in one font at one size. */
class Measure {
  readonly #widths: Float32Array;
  readonly #size: number;
  constructor(widths: Float32Array, size: number) {
    this.#widths = widths;
    this.#size = size;
  }
  char(text: string, i: number): number {
    return (this.#widths[text.charCodeAt(i)] ?? 0) * this.#size;
  }
  text(text: string): number {
    let total = 0;
    for (let i = 0; i < text.length; i++) total += this.char(text, i);
    return total;
  }
}

/**
 * The options of a cell's text for pdfkit: one line, whose width we have measured. pdfkit reads
 * `textWidth` and `wordCount` (its line wrapper passes them) instead of measuring the text again,
 * which it needs only for underlines and links, neither of which a cell has.
 */
function drawnAs(width: number): PDFKit.Mixins.TextOptions {
  return { lineBreak: false, textWidth: width, wordCount: 1 } as PDFKit.Mixins.TextOptions;
}

/** The text cut to fit `width`, with an ellipsis when cut. */
function cutToFit(text: string, width: number, measure: Measure): string {
  if (measure.text(text) <= width) return text;
  const room = width - measure.text(ELLIPSIS);
  let total = 0;
  let cut = 0;
  while (cut < text.length && total + measure.char(text, cut) <= room) total += measure.char(text, cut++);
  return cut === 0 ? ELLIPSIS : text.slice(0, cut).trimEnd() + ELLIPSIS;
}

/**
 * The lines a cell's text takes in `width`: broken between words, and a word wider than the cell
 * after a slash or hyphen or else between characters, so nothing is lost. Past `maxLines` the last line kept ends with an
 * ellipsis (text that identifies the row has no limit).
 */
function wrapText(text: string, width: number, measure: Measure, maxLines = Number.POSITIVE_INFINITY): string[] {
  if (text === '') return [];
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (measure.text(candidate) <= width) {
      line = candidate;
      continue;
    }
    if (line !== '') lines.push(line);
    let rest = word;
    while (measure.text(rest) > width) {
      let taken = 0;
      let used = 0;
      while (taken < rest.length && used + measure.char(rest, taken) <= width) used += measure.char(rest, taken++);
      // Rather after a slash or hyphen of what fits ("ACETAMINOPHEN/" "CODEINE") than mid-word.
      const joint = Math.max(rest.lastIndexOf('/', taken - 1), rest.lastIndexOf('-', taken - 1));
      taken = joint > 0 ? joint + 1 : Math.max(1, taken);
      lines.push(rest.slice(0, taken));
      rest = rest.slice(taken);
    }
    line = rest;
  }
  if (line !== '') lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = cutToFit(`${kept[maxLines - 1]} ${lines[maxLines]}`, width, measure);
  if (!kept[maxLines - 1]!.endsWith(ELLIPSIS)) kept[maxLines - 1] = cutToFit(`${kept[maxLines - 1]}${ELLIPSIS}`, width, measure);
  return kept;
}

/** Text as wide as the shortest value of the type worth keeping on one line. */
const NARROWEST_VALUE: Record<DocumentColumn['type'], string> = {
  number: '00000',
  date: '00/00/0000',
  timestamp: '00/00/0000 00:00:00',
  percent: '100.00%',
  yesno: 'Yes',
  text: 'Www',
};
/** No column is made wider than this for its longest values (they wrap). */
const WIDEST_COLUMN = 220;

interface CellLayout {
  x: number;
  width: number;
  align: 'left' | 'right' | 'center';
  maxLines: number;
}

/** The room a column needs: its type's narrowest value or its unbroken value on one line, and the longest word of its heading. */
function minimumWidth(column: DocumentColumn, regular: Measure, bold: Measure): number {
  const heading = Math.max(0, ...printable(column.label).split(' ').map((word) => bold.text(word)));
  return Math.max(heading, regular.text(NARROWEST_VALUE[column.type]), regular.text(column.unbroken ?? '')) + 2 * CELL_PADDING;
}

/** Words longer than this may break within themselves rather than widen their column further. */
const LONGEST_UNBROKEN_WORD = 60;

/** The width of the longest word of the sample's values, up to LONGEST_UNBROKEN_WORD. */
function longestWord(texts: readonly string[], regular: Measure): number {
  let longest = 0;
  for (const text of texts) for (const word of text.split(/[ /-]/)) longest = Math.max(longest, regular.text(word));
  return Math.min(longest, LONGEST_UNBROKEN_WORD);
}

/**
 * The room a column would like: its heading, and its values of the sample on one line — all of them
 * for a column that identifies the row, else all but the longest tenth.
 */
function wantedWidth(column: DocumentColumn, texts: readonly string[], minimum: number, regular: Measure, bold: Measure): number {
  const widths = texts.map((t) => regular.text(t)).sort((x, y) => x - y);
  const share = column.keep || column.type !== 'text' ? 1 : 0.9;
  const typical = widths.length ? widths[Math.min(widths.length - 1, Math.ceil(widths.length * share) - 1)]! : 0;
  return Math.max(minimum, Math.min(WIDEST_COLUMN, typical + 2 * CELL_PADDING));
}

/** Below this, the widest columns would wrap so much that a smaller font reads better. */
const NARROWEST_CAP = 100;

/**
 * Column widths across the page. When everything fits, each column as wide as it would like and
 * the room left shared in proportion. Otherwise the narrow columns keep the width they would like
 * and only the widest are held to a common cap (never below their minimum), the cap being as high as
 * the page allows; their text wraps. The columns that identify the row (`keep`) are held to the cap
 * only when holding the others to their minimums is not enough. When even the minimums do not fit,
 * the minimums scaled down: text wraps onto more lines, and text that identifies the row is still
 * never cut.
 */
export function columnSizes(
  minimums: readonly number[],
  wanted: readonly number[],
  keep: readonly boolean[] = [],
  tableWidth = TABLE_WIDTH,
): { sizes: number[]; cap: number } {
  const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
  const totalWanted = sum(wanted);
  if (totalWanted <= tableWidth) return { sizes: wanted.map((w) => w + (w / totalWanted) * (tableWidth - totalWanted)), cap: Number.POSITIVE_INFINITY };
  const totalMinimum = sum(minimums);
  if (totalMinimum > tableWidth) return { sizes: minimums.map((m) => (m / totalMinimum) * tableWidth), cap: 0 };
  const capAll = sum(wanted.map((w, i) => (keep[i] ? w : minimums[i]!))) > tableWidth;
  const at = (cap: number) => wanted.map((w, i) => (keep[i] && !capAll ? w : Math.max(minimums[i]!, Math.min(w, cap))));
  let low = 0;
  let high = Math.max(...wanted);
  for (let step = 0; step < 40; step++) {
    const mid = (low + high) / 2;
    if (sum(at(mid)) <= tableWidth) low = mid;
    else high = mid;
  }
  const sizes = at(low);
  const left = tableWidth - sum(sizes);
  // What the search leaves (a fraction of a point) goes to the capped columns.
  const capped = sizes.flatMap((size, i) => (size < wanted[i]! ? [i] : []));
  for (const i of capped) sizes[i]! += left / capped.length;
  return { sizes, cap: low };
}

/**
 * pdfkit keeps a page's content as one small buffer per drawing operation until the document ends
 * (bufferPages); joined into one buffer per page once the page is full, a 25,000-row document needs
 * tens of megabytes instead of gigabytes. Relies on pdfkit's reference internals (`buffer`), hence
 * the guard: if they change, this does nothing and the document is still right.
 */
function compactPageContent(doc: PDFKit.PDFDocument): void {
  const content = doc.page.content as unknown as { buffer?: unknown };
  if (Array.isArray(content.buffer) && content.buffer.length > 1 && content.buffer.every((chunk) => chunk instanceof Uint8Array)) {
    content.buffer = [Buffer.concat(content.buffer as Uint8Array[])];
  }
}

/**
 * Streams a table to `output` as a PDF: title block on the first page, the header repeated on every
 * page, zebra rows and "Page X of Y" at the foot of every page. Cell text wraps within its column:
 * text that identifies the row (`keep`) onto as many lines as it needs, other text onto at most
 * three. Columns are as wide as their values in the first rows want (planLayout).
 */
export function createPdfWriter(output: NodeJS.WritableStream, document: PdfDocument): PdfWriter {
  const { columns } = document;
  const doc = new PDFDocument({
    size: 'LETTER',
    layout: 'landscape',
    margin: PAGE.margin,
    bufferPages: true,
    compress: document.compress ?? true,
    info: { Title: document.title, Creator: '3DS' },
  });
  doc.pipe(output);
  const done = finished(output);
  // Observed here so an early failure of `output` is not an unhandled rejection; finish reports it.
  done.catch(() => {});

  const regularWidths = glyphWidths(doc, 'Helvetica');
  const boldWidths = glyphWidths(doc, 'Helvetica-Bold');
  let fontSize: number = FONT_SIZES[0];
  let regular = new Measure(regularWidths, fontSize);
  let bold = new Measure(boldWidths, fontSize);
  let lineHeight = fontSize + 2;
  let layout: CellLayout[] = [];

  /**
   * Sizes the font and the columns once, from the first rows (the rows stream in, so they are a
   * sample of the rest): the largest of FONT_SIZES at which no column is held below NARROWEST_CAP,
   * else the smallest.
   */
  function planLayout(sample: readonly string[][]): void {
    const plans = FONT_SIZES.map((size) => {
      const r = new Measure(regularWidths, size);
      const b = new Measure(boldWidths, size);
      const minimums = columns.map((column) => minimumWidth(column, r, b));
      const wanted = columns.map((column, i) => wantedWidth(column, sample.map((row) => row[i] ?? ''), minimums[i]!, r, b));
      columns.forEach((column, i) => {
        // A number, date or percentage broken over two lines is misread: only text columns wrap,
        // and those not within their words (up to a point).
        minimums[i] = column.type === 'text' ? Math.max(minimums[i]!, longestWord(sample.map((row) => row[i] ?? ''), r) + 2 * CELL_PADDING) : wanted[i]!;
      });
      return { size, r, b, minimums, wanted };
    });
    const keep = columns.map((column) => column.keep === true);
    const plan = plans.find((p) => columnSizes(p.minimums, p.wanted, keep).cap >= NARROWEST_CAP) ?? plans[plans.length - 1]!;
    fontSize = plan.size;
    regular = plan.r;
    bold = plan.b;
    lineHeight = fontSize + 2;
    const { sizes } = columnSizes(plan.minimums, plan.wanted, keep);
    let x = PAGE.margin;
    layout = columns.map((column, i) => {
      const cell = { x, width: sizes[i]!, align: alignment(column), maxLines: column.keep ? Number.POSITIVE_INFINITY : MAX_LINES };
      x += cell.width;
      return cell;
    });
  }

  /** Each cell's lines, and the height of the row they make. */
  function rowLines(texts: string[], measure: Measure, header: boolean): { lines: string[][]; height: number } {
    const lines = layout.map((cell, i) => wrapText(texts[i] ?? '', cell.width - 2 * CELL_PADDING, measure, header ? Number.POSITIVE_INFINITY : cell.maxLines));
    const most = Math.max(1, ...lines.map((l) => l.length));
    return { lines, height: most * lineHeight + 2 * ROW_PADDING };
  }

  function drawCells(lines: string[][], y: number, measure: Measure): void {
    for (let i = 0; i < layout.length; i++) {
      const cell = layout[i]!;
      const inner = cell.width - 2 * CELL_PADDING;
      lines[i]!.forEach((text, n) => {
        const width = measure.text(text);
        let x = cell.x + CELL_PADDING;
        if (cell.align !== 'left') x += cell.align === 'right' ? inner - width : (inner - width) / 2;
        doc.text(text, x, y + ROW_PADDING + 1 + n * lineHeight, drawnAs(width));
      });
    }
  }

  let header = { lines: [] as string[][], height: 0 };

  function drawHeader(y: number): number {
    doc.rect(PAGE.margin, y, TABLE_WIDTH, header.height).fill(COLORS.headerFill);
    doc.font('Helvetica-Bold').fontSize(fontSize).fillColor(COLORS.text);
    drawCells(header.lines, y, bold);
    doc
      .moveTo(PAGE.margin, y + header.height)
      .lineTo(PAGE.margin + TABLE_WIDTH, y + header.height)
      .lineWidth(0.5)
      .stroke(COLORS.rule);
    doc.font('Helvetica').fontSize(fontSize);
    return y + header.height;
  }

  function drawTitle(): number {
    let y = PAGE.margin;
    doc.font('Helvetica-Bold').fontSize(16).fillColor(COLORS.text);
    doc.text(printable(document.title), PAGE.margin, y, { width: TABLE_WIDTH, height: 20, ellipsis: true, lineBreak: false });
    y += 22;
    for (const line of [document.subtitle, document.note]) {
      if (!line) continue;
      doc.font('Helvetica').fontSize(10);
      doc.text(printable(line), PAGE.margin, y, { width: TABLE_WIDTH, height: 14, ellipsis: true, lineBreak: false });
      y += 14;
    }
    doc.font('Helvetica').fontSize(9).fillColor(COLORS.muted);
    doc.text(`Generated ${formatTimestamp(document.generatedAt).slice(0, 16)}`, PAGE.margin, y, { lineBreak: false });
    return y + 20;
  }

  let y = drawTitle();
  let started = false;
  let rowsOnPage = 0;
  let rowCount = 0;
  let failure: unknown;
  output.on('error', (error: unknown) => {
    failure ??= error;
  });

  function begin(sample: readonly string[][]): void {
    planLayout(sample);
    header = rowLines(
      columns.map((column) => printable(column.label)),
      bold,
      true,
    );
    y = drawHeader(y);
    started = true;
  }

  function writeRow(texts: string[]): void {
    const row = rowLines(texts, regular, false);
    if (y + row.height > TABLE_BOTTOM && rowsOnPage > 0) {
      compactPageContent(doc);
      doc.addPage();
      y = drawHeader(PAGE.margin);
      rowsOnPage = 0;
    }
    if (rowsOnPage % 2 === 1) doc.rect(PAGE.margin, y, TABLE_WIDTH, row.height).fill(COLORS.zebraFill);
    doc.fillColor(COLORS.text);
    drawCells(row.lines, y, regular);
    y += row.height;
    rowsOnPage += 1;
  }

  return {
    async addRows(rows) {
      if (failure) throw failure;
      if (rowCount + rows.length > PDF_MAX_ROWS) {
        throw new RangeError(`A PDF holds at most ${PDF_MAX_ROWS} rows; export longer lists as xlsx.`);
      }
      const texts = rows.map((values) => columns.map((column, i) => cellText(column, values[i])));
      if (!started) begin(texts);
      for (const row of texts) {
        writeRow(row);
        // Rendering is synchronous; a turn of the event loop now and then keeps the server answering.
        if (++rowCount % ROWS_PER_TURN === 0) await nextTurn();
      }
    },

    async finish() {
      if (failure) throw failure;
      if (!started) begin([]);
      const { start, count } = doc.bufferedPageRange();
      doc.font('Helvetica').fontSize(8).fillColor(COLORS.muted);
      for (let page = start; page < start + count; page++) {
        doc.switchToPage(page);
        const label = `Page ${page - start + 1} of ${count}`;
        doc.text(label, PAGE.margin + (TABLE_WIDTH - doc.widthOfString(label)) / 2, FOOTER_Y, { lineBreak: false });
      }
      doc.end();
      await done;
    },
  };
}
