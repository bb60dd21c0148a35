import type { TableFilter, TableSort } from '@scanline/contracts';
import { and, count, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { scans, terminals, transactions } from '../../db/schema';
import type { Db } from '../../platform/db';
import { majorUnits } from '../books/accounting-export';
import { buildList, type ListSpec } from '../listing/list-query';
import { scanListSpec } from '../scans/scan-list-spec';
import { transactionListSpec } from '../transactions/transaction-list-spec';
import { transactionNet } from '../transactions/transaction-net';
import { type CsvColumn, type CsvContext, csvHeader, csvLine } from './csv';
import { zonedIso } from './zoned-time';

/** Rows per keyset batch: memory stays flat however many rows the export has. */
export const EXPORT_BATCH = 1000;

/**
 * Rows in the first batch. The header line and these rows go out before a full batch is
 * read: turning a thousand rows into CSV holds the event loop for milliseconds, and with it
 * the compressor's answer for the header (the export's first byte) when it lands meanwhile.
 */
export const EXPORT_FIRST_BATCH = 100;

// Only the columns the CSV shows are read (about half of each table's): less for PostgreSQL to
// send and for the driver to parse and map, row after row.
const TXN_FIELDS = [
  'id',
  'createdAt',
  'status',
  'amount',
  'currency',
  'amountRefunded',
  'terminalId',
  'reference',
  'cardBrand',
  'cardLast4',
  'failureCode',
  'provider',
  'succeededAt',
  'tipAmount',
  'fee',
  'cashierId',
  'cashierName',
] as const;
const SCAN_FIELDS = [
  'id',
  'createdAt',
  'outcome',
  'terminalId',
  'transactionId',
  'paidAt',
  'rejectedReason',
  'userAgent',
  'appVersion',
] as const;

type TxnRow = Pick<typeof transactions.$inferSelect, (typeof TXN_FIELDS)[number]>;
type ScanRow = Pick<typeof scans.$inferSelect, (typeof SCAN_FIELDS)[number]>;

function fieldsOf<T extends PgTable>(table: T, keys: readonly (keyof T['_']['columns'] & string)[]) {
  const all = getTableColumns(table) as Record<string, PgColumn>;
  return Object.fromEntries(keys.map((k) => [k, all[k]!]));
}

/**
 * The most rows counted before the first byte: a bigger set is sent without a total (the
 * client then counts lines as they arrive), so the first byte never waits for a count over
 * millions of rows.
 */
export const EXPORT_COUNT_CAP = 10_000;

const when = (at: Date | null, ctx: CsvContext) => (at ? zonedIso(at, ctx.timeZone) : null);

/**
 * The accounting exports' conventions (docs/guide/dashboard-and-exports.md#csv-exports): amounts in
 * major units with a dot, times in the project's zone with their offset, each terminal's label
 * beside its id, and what the payment leaves (`fee`, `net`, empty until the provider's fee is known).
 */
const TRANSACTION_COLUMNS: CsvColumn<TxnRow>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'created_at', value: (r, ctx) => when(r.createdAt, ctx) },
  { header: 'status', value: (r) => r.status },
  { header: 'amount', value: (r) => majorUnits(r.amount, r.currency) },
  { header: 'currency', value: (r) => r.currency },
  { header: 'tip_amount', value: (r) => majorUnits(r.tipAmount, r.currency) },
  { header: 'amount_total', value: (r) => majorUnits(r.amount + r.tipAmount, r.currency) },
  { header: 'amount_refunded', value: (r) => majorUnits(r.amountRefunded, r.currency) },
  { header: 'fee', value: (r) => (r.fee === null ? null : majorUnits(r.fee, r.currency)) },
  {
    header: 'net',
    value: (r) => {
      const net = transactionNet(r);
      return net === null ? null : majorUnits(net, r.currency);
    },
  },
  { header: 'terminal_id', value: (r) => r.terminalId },
  { header: 'terminal_label', value: (r, ctx) => ctx.terminalLabel(r.terminalId), text: true },
  { header: 'reference', value: (r) => r.reference, text: true },
  { header: 'card_brand', value: (r) => r.cardBrand },
  { header: 'card_last4', value: (r) => r.cardLast4 },
  { header: 'failure_code', value: (r) => r.failureCode },
  { header: 'provider', value: (r) => r.provider },
  { header: 'succeeded_at', value: (r, ctx) => when(r.succeededAt, ctx) },
  { header: 'cashier_id', value: (r) => r.cashierId },
  { header: 'cashier_name', value: (r) => r.cashierName, text: true },
];

const SCAN_COLUMNS: CsvColumn<ScanRow>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'created_at', value: (r, ctx) => when(r.createdAt, ctx) },
  { header: 'outcome', value: (r) => r.outcome },
  { header: 'terminal_id', value: (r) => r.terminalId },
  { header: 'terminal_label', value: (r, ctx) => ctx.terminalLabel(r.terminalId), text: true },
  { header: 'transaction_id', value: (r) => r.transactionId },
  { header: 'paid_at', value: (r, ctx) => when(r.paidAt, ctx) },
  { header: 'rejected_reason', value: (r) => r.rejectedReason },
  { header: 'user_agent', value: (r) => r.userAgent, text: true },
  { header: 'app_version', value: (r) => r.appVersion, text: true },
];

interface Exportable<Row> {
  table: PgTable;
  /** What a batch selects: the CSV's columns. */
  fields: Record<string, PgColumn>;
  projectColumn: PgColumn;
  spec: ListSpec;
  columns: CsvColumn<Row>[];
  idOf: (row: Row) => string;
}

const EXPORTS = {
  transactions: {
    table: transactions,
    fields: fieldsOf(transactions, TXN_FIELDS),
    projectColumn: transactions.projectId,
    spec: transactionListSpec,
    columns: TRANSACTION_COLUMNS,
    idOf: (r: TxnRow) => r.id,
  } satisfies Exportable<TxnRow>,
  scans: {
    table: scans,
    fields: fieldsOf(scans, SCAN_FIELDS),
    projectColumn: scans.projectId,
    spec: scanListSpec,
    columns: SCAN_COLUMNS,
    idOf: (r: ScanRow) => r.id,
  } satisfies Exportable<ScanRow>,
};

export type ExportKind = keyof typeof EXPORTS;

export interface PreparedExport {
  /** Rows matching the filters (for the client's progress); null past EXPORT_COUNT_CAP. */
  total: number | null;
  /** The CSV, header first, read from the database in keyset batches as the client reads. */
  lines: AsyncGenerator<string>;
}

/**
 * A list's whole filtered set as CSV, with the same filters and sort as the list
 * endpoint (buildList). Invalid filters throw before anything is streamed.
 */
export async function prepareExport(
  db: Db,
  {
    kind,
    projectId,
    query,
  }: {
    kind: ExportKind;
    projectId: string;
    query: { filters: TableFilter[]; sort: TableSort | null; timeZone: string };
  },
): Promise<PreparedExport> {
  const e = EXPORTS[kind] as Exportable<unknown>;
  const built = buildList(e.spec, query);
  const base: SQL[] = [eq(e.projectColumn, projectId), ...built.where];
  // Counts at most CAP + 1 rows, whatever the table's size: the first rows in the export's own
  // order (its index, as the stream's first pages read them). Unordered, a project holding most
  // of the table got a sequential scan that, synchronised with the last one, read pages no
  // cache held (the count took most of the first byte's time on a standby at 10 M rows).
  const capped = db
    .select({ one: sql`1` })
    .from(e.table)
    .where(and(...base))
    .orderBy(...built.orderBy)
    .limit(EXPORT_COUNT_CAP + 1)
    .as('capped');
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(capped);
  // A project's terminals are few: their labels are read once, not joined into every batch.
  const labels = new Map(
    (
      await db
        .select({ id: terminals.id, label: terminals.label })
        .from(terminals)
        .where(eq(terminals.projectId, projectId))
    ).map((t) => [t.id, t.label]),
  );
  const ctx: CsvContext = {
    timeZone: query.timeZone,
    terminalLabel: (id) => (id === null ? null : (labels.get(id) ?? null)),
  };
  async function* lines() {
    yield csvHeader(e.columns);
    let cursor: string | null = null;
    for (;;) {
      const where = cursor ? [...base, built.after(e.table, cursor)] : base;
      const size = cursor ? EXPORT_BATCH : EXPORT_FIRST_BATCH;
      const rows: unknown[] = await db
        .select(e.fields)
        .from(e.table)
        .where(and(...where))
        .orderBy(...built.orderBy)
        .limit(size);
      if (rows.length === 0) return;
      let chunk = '';
      for (const row of rows) chunk += csvLine(e.columns, row, ctx);
      yield chunk;
      if (rows.length < size) return;
      cursor = e.idOf(rows[rows.length - 1]);
    }
  }
  return { total: Number(n) > EXPORT_COUNT_CAP ? null : Number(n), lines: lines() };
}
