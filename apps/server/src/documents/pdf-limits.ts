/**
 * The whole document stays in memory until the writer numbers the pages ("Page X of Y" needs Y),
 * so a PDF is capped; longer lists are exported as xlsx.
 */
export const PDF_MAX_ROWS = 25_000;
