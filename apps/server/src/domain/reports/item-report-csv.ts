import { ITEM_REPORT_CSV_COLUMNS, type ItemReport } from '@scanline/contracts';
import { csvField } from '../exports/csv';

/**
 * The item report as CSV (RFC 4180, CRLF), the same figures as the JSON in the same order. Names
 * and categories come from the catalogue and the counter: neutralised against formula injection
 * as every export is (domain/exports/csv.ts). A report has at most a catalogue's worth of rows,
 * so it is built whole.
 */
export function itemReportCsv(report: ItemReport): string {
  const line = (cells: [unknown, boolean][]) =>
    `${cells.map(([v, text]) => csvField(v, text)).join(',')}\r\n`;
  let out = `${ITEM_REPORT_CSV_COLUMNS.join(',')}\r\n`;
  for (const r of report.rows) {
    out += line([
      [r.item_id, false],
      [r.variant_id, false],
      [r.name, true],
      [r.variant_name, true],
      [r.category, true],
      [r.quantity, false],
      [r.refunded_quantity, false],
      [r.gross, false],
      [r.refunds, false],
      [r.net, false],
      [r.tax, false],
      [report.currency, false],
    ]);
  }
  return out;
}
