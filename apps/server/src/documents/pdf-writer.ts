import { finished } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { formatTimestamp } from '@3ds/domain';
import PDFDocument from 'pdfkit';
import { PDF_MAX_ROWS } from './pdf-limits.ts';
import { columnWidth, type DocumentColumn, type DocumentRow, type DocumentValue } from './table-document.ts';

export interface PdfDocument {
  title: string;
  subtitle?: string;
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
const ROW_HEIGHT = 14;
const HEADER_HEIGHT = 18;
const CELL_PADDING = 3;
const ROWS_PER_TURN = 500;
const FONT_SIZE = 8;
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
 * Advance widths of every character `printable` lets through, measured once through pdfkit, so
 * fitting a cell is a table look-up per character instead of pdfkit's kerning-aware measure (the
 * slowest part of a big table). pdfkit kerns what it draws, which moves Helvetica text by a fraction of
 * a point either way: well inside the cell padding.
 */
function glyphWidths(doc: PDFKit.PDFDocument, font: string, size: number): Float32Array {
  const widths = new Float32Array(MAX_WIN_ANSI_CODE + 1);
  doc.font(font).fontSize(size);
  for (let code = 0x20; code <= MAX_WIN_ANSI_CODE; code++) {
    const char = String.fromCharCode(code);
    if (char.replace(NOT_WIN_ANSI, '') === char) widths[code] = doc.widthOfString(char);
  }
  return widths;
}

/** The text cut to fit `width`, with an ellipsis when cut, and the width it takes. */
function fit(text: string, width: number, widths: Float32Array): { text: string; width: number } {
  const ellipsis = widths[ELLIPSIS.charCodeAt(0)]!;
  let total = 0;
  let cut = 0;
  let cutWidth = 0;
  for (let i = 0; i < text.length; i++) {
    total += widths[text.charCodeAt(i)] ?? 0;
    if (total + ellipsis <= width) {
      cut = i + 1;
      cutWidth = total;
    }
  }
  if (total <= width) return { text, width: total };
  if (cut === 0) return { text: '', width: 0 };
  return { text: text.slice(0, cut) + ELLIPSIS, width: cutWidth + ellipsis };
}

/** Text as wide as a typical value of the type, for the types whose values must not be cut. */
const WIDEST_VALUE: Partial<Record<DocumentColumn['type'], string>> = {
  number: '00000.00',
  date: '00/00/0000',
  timestamp: '00/00/0000 00:00:00',
  percent: '100.00%',
  yesno: 'Yes',
};

function textWidth(text: string, widths: Float32Array): number {
  let total = 0;
  for (let i = 0; i < text.length; i++) total += widths[text.charCodeAt(i)] ?? 0;
  return total;
}

/**
 * Column positions across the page, proportional to the columns' widths. A date cut to "03/07/…" or
 * a number cut to "12…" says nothing, so those columns first get the room their values need and the
 * other columns share the rest in proportion; when even that does not fit, plain proportions.
 */
function columnLayout(columns: DocumentColumn[], widths: Float32Array): { x: number; width: number; align: 'left' | 'right' | 'center' }[] {
  const weights = columns.map(columnWidth);
  const minimums = columns.map((column) => {
    const widest = WIDEST_VALUE[column.type];
    return widest ? textWidth(widest, widths) + 2 * CELL_PADDING : 0;
  });
  const fixed = new Set<number>();
  let sizes = weights.map(() => 0);
  if (minimums.reduce((a, b) => a + b, 0) <= TABLE_WIDTH) {
    // Each pass pins the columns that came out too narrow; at most one pass per column.
    for (let pass = 0; pass <= columns.length; pass++) {
      const free = TABLE_WIDTH - [...fixed].reduce((sum, i) => sum + minimums[i]!, 0);
      const freeWeight = weights.reduce((sum, w, i) => (fixed.has(i) ? sum : sum + w), 0) || 1;
      sizes = weights.map((w, i) => (fixed.has(i) ? minimums[i]! : (w / freeWeight) * free));
      const tooNarrow = sizes.flatMap((size, i) => (!fixed.has(i) && size < minimums[i]! ? [i] : []));
      if (!tooNarrow.length) break;
      for (const i of tooNarrow) fixed.add(i);
    }
  } else {
    const total = weights.reduce((a, b) => a + b, 0) || 1;
    sizes = weights.map((w) => (w / total) * TABLE_WIDTH);
  }
  let x = PAGE.margin;
  return columns.map((column, i) => {
    const cell = { x, width: sizes[i]!, align: alignment(column) };
    x += cell.width;
    return cell;
  });
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
 * page, zebra rows, one line per cell (longer text is cut with an ellipsis; no wrapping keeps it
 * fast) and "Page X of Y" at the foot of every page.
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

  const regular = glyphWidths(doc, 'Helvetica', FONT_SIZE);
  const bold = glyphWidths(doc, 'Helvetica-Bold', FONT_SIZE);
  const layout = columnLayout(columns, regular);

  function drawCells(texts: string[], y: number, height: number, widths: Float32Array): void {
    const baseline = y + (height - FONT_SIZE) / 2 + 1;
    for (let i = 0; i < layout.length; i++) {
      const cell = layout[i]!;
      const inner = cell.width - 2 * CELL_PADDING;
      const fitted = fit(texts[i] ?? '', inner, widths);
      if (!fitted.text) continue;
      let x = cell.x + CELL_PADDING;
      if (cell.align !== 'left') x += cell.align === 'right' ? inner - fitted.width : (inner - fitted.width) / 2;
      doc.text(fitted.text, x, baseline, { lineBreak: false });
    }
  }

  function drawHeader(y: number): number {
    doc.rect(PAGE.margin, y, TABLE_WIDTH, HEADER_HEIGHT).fill(COLORS.headerFill);
    doc.font('Helvetica-Bold').fontSize(FONT_SIZE).fillColor(COLORS.text);
    drawCells(
      columns.map((column) => printable(column.label)),
      y,
      HEADER_HEIGHT,
      bold,
    );
    doc
      .moveTo(PAGE.margin, y + HEADER_HEIGHT)
      .lineTo(PAGE.margin + TABLE_WIDTH, y + HEADER_HEIGHT)
      .lineWidth(0.5)
      .stroke(COLORS.rule);
    doc.font('Helvetica').fontSize(FONT_SIZE);
    return y + HEADER_HEIGHT;
  }

  function drawTitle(): number {
    let y = PAGE.margin;
    doc.font('Helvetica-Bold').fontSize(16).fillColor(COLORS.text);
    doc.text(printable(document.title), PAGE.margin, y, { width: TABLE_WIDTH, height: 20, ellipsis: true, lineBreak: false });
    y += 22;
    if (document.subtitle) {
      doc.font('Helvetica').fontSize(10);
      doc.text(printable(document.subtitle), PAGE.margin, y, { width: TABLE_WIDTH, height: 14, ellipsis: true, lineBreak: false });
      y += 14;
    }
    doc.font('Helvetica').fontSize(9).fillColor(COLORS.muted);
    doc.text(`Generated ${formatTimestamp(document.generatedAt).slice(0, 16)}`, PAGE.margin, y, { lineBreak: false });
    return y + 20;
  }

  let y = drawHeader(drawTitle());
  let rowsOnPage = 0;
  let rowCount = 0;
  let failure: unknown;
  output.on('error', (error: unknown) => {
    failure ??= error;
  });

  function writeRow(values: DocumentRow): void {
    if (y + ROW_HEIGHT > TABLE_BOTTOM) {
      compactPageContent(doc);
      doc.addPage();
      y = drawHeader(PAGE.margin);
      rowsOnPage = 0;
    }
    if (rowsOnPage % 2 === 1) doc.rect(PAGE.margin, y, TABLE_WIDTH, ROW_HEIGHT).fill(COLORS.zebraFill);
    doc.fillColor(COLORS.text);
    drawCells(
      columns.map((column, i) => cellText(column, values[i])),
      y,
      ROW_HEIGHT,
      regular,
    );
    y += ROW_HEIGHT;
    rowsOnPage += 1;
  }

  return {
    async addRows(rows) {
      if (failure) throw failure;
      if (rowCount + rows.length > PDF_MAX_ROWS) {
        throw new RangeError(`A PDF holds at most ${PDF_MAX_ROWS} rows; export longer lists as xlsx.`);
      }
      for (const row of rows) {
        writeRow(row);
        // Rendering is synchronous; a turn of the event loop now and then keeps the server answering.
        if (++rowCount % ROWS_PER_TURN === 0) await nextTurn();
      }
    },

    async finish() {
      if (failure) throw failure;
      const { start, count } = doc.bufferedPageRange();
      doc.font('Helvetica').fontSize(FONT_SIZE).fillColor(COLORS.muted);
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
