/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. Text that a
 * spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR first) is prefixed with `'`
 * (OWASP's CSV-injection advice): references and user agents come from outside.
 */
export function csvField(value: unknown, text = false): string {
  if (value === null || value === undefined) return '';
  let s = value instanceof Date ? value.toISOString() : String(value);
  if (text && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** What a row's cells are written with: the zone times are shown in, and terminals' names. */
export interface CsvContext {
  timeZone: string;
  terminalLabel: (terminalId: string | null) => string | null;
}

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row, ctx: CsvContext) => unknown;
  /** Free text from outside (escaped against formula injection). */
  text?: boolean;
}

export const csvLine = <Row>(columns: CsvColumn<Row>[], row: Row, ctx: CsvContext) =>
  `${columns.map((c) => csvField(c.value(row, ctx), c.text)).join(',')}\r\n`;

export const csvHeader = <Row>(columns: CsvColumn<Row>[]) => `${columns.map((c) => c.header).join(',')}\r\n`;
