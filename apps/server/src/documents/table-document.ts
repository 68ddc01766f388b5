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
