import type { ReportColumnFacts } from './ReportDefinition.ts';

/**
 * CSV for spreadsheets as the back office opens them (German Excel): semicolons, CRLF, UTF-8 with a byte
 * order mark, decimal commas, RFC 4180 quoting.
 */
export const CSV_SEPARATOR = ';';
export const CSV_LINE_END = '\r\n';
export const CSV_BOM = '\uFEFF';

/** A text a spreadsheet would run as a formula (or DDE) when it starts with one of these (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Prefixes a text that a spreadsheet would take for a formula with `'`, which makes it plain text. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One field: quoted when it holds the separator, a quote or a line break (quotes doubled). */
export function csvField(text: string): string {
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line of fields, with its line end. */
export function csvLine(fields: readonly string[]): string {
  return fields.map(csvField).join(CSV_SEPARATOR) + CSV_LINE_END;
}

/**
 * A wire value as the CSV field's text: texts neutralised against formulas; numbers as they are (ours, never
 * a formula), money as euros with a decimal comma, a wire date-time `YYYY-MM-DDThh:mm:ss` with a space.
 */
export function csvValue(column: ReportColumnFacts, value: unknown): string {
  if (value === null || value === undefined) return '';
  switch (column.type) {
    case 'money':
      return typeof value === 'number' ? euros(value) : neutraliseFormula(String(value));
    case 'number':
      return typeof value === 'number' ? String(value).replace('.', ',') : neutraliseFormula(String(value));
    case 'date':
      return neutraliseFormula(String(value).replace('T', ' '));
    default:
      return neutraliseFormula(String(value));
  }
}

/** Cents → `1234,50` (integer arithmetic, no float rounding). */
function euros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}
