/**
 * The column model shared by the xlsx and pdf writers. Values arrive already formatted by the API,
 * as the list shows them: dates `MM/DD/YYYY`, timestamps `MM/DD/YYYY HH:MM:SS`, percent as a
 * fraction (1 = 100%), yes/no as text, empty as ''.
 */
export interface DocumentColumn {
  label: string;
  type: 'text' | 'number' | 'date' | 'timestamp' | 'yesno' | 'percent';
  /** In characters, as Excel counts them; the pdf uses the widths as proportions. */
  width?: number;
  /**
   * The column identifies the row (PRINT_COLUMNS in @3ds/domain): the pdf wraps its text onto as many
   * lines as it needs and never cuts it. Other text wraps onto at most three lines.
   */
  keep?: boolean;
  /** The widest value the pdf must show on one line (an NDC, a registration number): its column is at least that wide. */
  unbroken?: string;
}

export type DocumentValue = string | number;
export type DocumentRow = DocumentValue[];

const DEFAULT_WIDTHS: Record<DocumentColumn['type'], number> = {
  text: 24,
  number: 12,
  date: 12,
  timestamp: 20,
  yesno: 8,
  percent: 10,
};

/** The column's width, or one that suits its type. */
export function columnWidth(column: DocumentColumn): number {
  return column.width && column.width > 0 ? column.width : DEFAULT_WIDTHS[column.type];
}
