// One CSV writer for every export (the sign-up funnel now, the applicants export next).
//
// Spreadsheets run a cell that starts with =, +, -, @ (or a tab or CR, which some strip first) as a
// formula. Cells here carry text typed by visitors and applicants, so every cell is quoted, and a
// dangerous character is neutralised with a leading apostrophe both at the start of the cell and after
// any character a spreadsheet might split on (a different separator guessed at import: , ; | tab, or a
// line break), with only blanks in between.

/** Characters that make a spreadsheet read the rest as a formula (full-width forms included). */
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']);
/** Characters after which an importing spreadsheet may start a new cell. */
const SEPARATOR_LIKE = new Set([',', ';', '|', '\t', '\r', '\n']);
/** Blanks a spreadsheet may trim before looking at the first character. */
const BLANK = /^[ \u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\f\v\ufeff]$/;

export type CsvValue = string | number | boolean | null | undefined;

/** The cell's text with every formula start neutralised (before quoting). */
export function neutraliseFormulas(text: string): string {
  let out = '';
  let atCellStart = true;
  for (const char of text) {
    if (atCellStart && FORMULA_START.has(char)) out += "'";
    out += char;
    if (SEPARATOR_LIKE.has(char)) atCellStart = true;
    else if (!BLANK.test(char)) atCellStart = false;
  }
  return out;
}

/** One quoted, formula-safe cell. */
export function csvCell(value: CsvValue): string {
  const text = value === null || value === undefined ? '' : String(value);
  return `"${neutraliseFormulas(text).replace(/"/g, '""')}"`;
}

/** Rows to CSV text (RFC 4180: CRLF line ends, every cell quoted). */
export function toCsv(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
