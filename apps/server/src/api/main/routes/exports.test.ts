import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../../domain/demo/seed-demo';
import { EXPORT_BATCH, EXPORT_FIRST_BATCH, prepareExport } from '../../../domain/exports/export-list';
import { rowsOf } from '../../../platform/sql-rows';
import { makeTeam } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { insertTerminal, insertTransaction } from '../../../test/payment-rows';

let t: TestApp;
let team: Awaited<ReturnType<typeof makeTeam>>;
let tricky: string;

/** Parses RFC 4180 CSV (quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

const get = (url: string, headers = team.member.auth) =>
  t.app.inject({ method: 'GET', url: `/api/v1/projects/${team.project.id}${url}`, headers });

beforeAll(async () => {
  t = await createTestApp();
  team = await makeTeam(t);
  await seedDemo(t.ctx.database.db, team.project.id, {
    terminals: 3,
    days: 10,
    transactions: EXPORT_BATCH * 2 + 345,
    now: t.ctx.now(),
    createdBy: 'test',
  });
  const terminal = await insertTerminal(t.ctx.database.db, team.project.id, 'Odd');
  tricky = await insertTransaction(t.ctx.database.db, team.project.id, {
    terminalId: terminal,
    amount: 4242,
    status: 'succeeded',
    createdAt: new Date(t.ctx.now().getTime() - 3600_000),
    reference: '=HYPERLINK("x"), "quoted"\nline',
  });
}, 120_000);
afterAll(() => t.close());

describe('GET /projects/{project_id}/transactions/export.csv', () => {
  it('streams every row (across keyset batches), newest first, with a header and a total', async () => {
    const res = await get('/transactions/export.csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="transactions-prj_/);
    const rows = parseCsv(res.body);
    expect(rows[0]![0]).toBe('id');
    const [{ n }] = (await rowsOf<{ n: number }>(
      t.ctx.database.db,
      sql`select count(*)::int as n from transactions where project_id = ${team.project.id}`,
    )) as [{ n: number }];
    expect(rows.length - 1).toBe(n);
    expect(Number(res.headers['x-total-count'])).toBe(n);
    expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(n);
    const created = rows.slice(1).map((r) => r[1]!);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it('sends the header, then a small first batch, then full batches: the same bytes as the answer', async () => {
    const prepared = await prepareExport(t.ctx.database.db, {
      kind: 'transactions',
      projectId: team.project.id,
      query: { filters: [], sort: null, timeZone: 'America/New_York' },
    });
    const chunks: string[] = [];
    for await (const chunk of prepared.lines) chunks.push(chunk);
    const lines = (chunk: string) => chunk.split('\r\n').length - 1;
    expect(lines(chunks[0]!)).toBe(1);
    expect(chunks.slice(1, 4).map(lines)).toEqual([EXPORT_FIRST_BATCH, EXPORT_BATCH, EXPORT_BATCH]);
    const res = await get('/transactions/export.csv');
    expect(chunks.join('')).toBe(res.body);
    const rows = chunks.slice(1).map(lines);
    expect(rows.reduce((a, b) => a + b)).toBe(prepared.total);
  });

  it('applies the list filters (status + amount range + date range) and sort like plain SQL', async () => {
    const from = new Date(t.ctx.now().getTime() - 6 * 86_400_000).toISOString().slice(0, 10);
    const res = await get(
      `/transactions/export.csv?status[equals]=succeeded,refunded&amount[gte]=1000&amount[lte]=3000&created_at[dateAfter]=${from}&sort=amount`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const rows = parseCsv(res.body).slice(1);
    const expected = await rowsOf<{ id: string }>(
      t.ctx.database.db,
      sql`select id from transactions where project_id = ${team.project.id}
          and status in ('succeeded', 'refunded') and amount >= 1000 and amount <= 3000
          and created_at >= ((${from}::date + 1)::timestamp at time zone 'America/New_York')
          order by amount asc, id asc`,
    );
    expect(expected.length).toBeGreaterThan(10);
    expect(rows.map((r) => r[0])).toEqual(expected.map((e) => e.id));
  });

  it('quotes commas, quotes and line breaks, and defuses formulas', async () => {
    const res = await get('/transactions/export.csv?amount[equals]=4242&reference[startsWith]==HYPER');
    const rows = parseCsv(res.body);
    expect(rows).toHaveLength(2);
    expect(rows[1]![0]).toBe(tricky);
    expect(rows[1]![rows[0]!.indexOf('reference')]).toBe(`'=HYPERLINK("x"), "quoted"\nline`);
  });

  it("speaks the accounting exports' dialect: major units, the project's zone with its offset, terminal labels, fee and net", async () => {
    const res = await get('/transactions/export.csv?status[equals]=succeeded&sort=-created_at');
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([
      'id',
      'created_at',
      'status',
      'amount',
      'currency',
      'tip_amount',
      'amount_total',
      'amount_refunded',
      'fee',
      'net',
      'terminal_id',
      'terminal_label',
      'reference',
      'card_brand',
      'card_last4',
      'failure_code',
      'provider',
      'succeeded_at',
      'cashier_id',
      'cashier_name',
    ]);
    const cell = (row: string[], name: string) => row[header!.indexOf(name)]!;
    for (const row of rows.slice(0, 5)) {
      // Each row against the API's own view of the same transaction.
      const api = (await get(`/transactions/${row[0]}`)).json();
      const major = (minor: number | null) => (minor === null ? '' : (minor / 100).toFixed(2));
      expect(cell(row, 'amount')).toBe(major(api.amount));
      expect(cell(row, 'tip_amount')).toBe(major(api.tip_amount));
      expect(cell(row, 'amount_total')).toBe(major(api.amount_total));
      expect(cell(row, 'fee')).toBe(major(api.fee));
      expect(cell(row, 'net')).toBe(major(api.net));
      expect(cell(row, 'terminal_label')).toBe(api.terminal_label ?? '');
      // New York in November: five hours behind, said in the value.
      expect(cell(row, 'created_at')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-0[45]:00$/);
      expect(new Date(cell(row, 'created_at')).getTime()).toBe(
        Math.floor(new Date(api.created_at).getTime() / 1000) * 1000,
      );
    }
    expect(rows.length).toBeGreaterThan(0);
  });

  it('refuses an unknown filter or sort with 400 before streaming', async () => {
    for (const q of ['nope[equals]=1', 'sort=reference', 'amount[gte]=ten', 'time_zone=Nowhere/City']) {
      const res = await get(`/transactions/export.csv?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.headers['content-type']).toMatch(/problem\+json/);
    }
  });

  it('works as a plain download link with the session cookie; not for outsiders', async () => {
    const token = team.member.auth.authorization.replace(/^Bearer /, '');
    const res = await t.app.inject({
      method: 'GET',
      // The reference too: the demo seed's random amounts can also hit 42.42.
      url: `/api/v1/projects/${team.project.id}/transactions/export.csv?amount[equals]=4242&reference[startsWith]==HYPER`,
      headers: { cookie: `__session=${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(parseCsv(res.body)).toHaveLength(2);
    expect((await get('/transactions/export.csv', team.outsider.auth)).statusCode).toBe(404);
  });
});

describe('GET /projects/{project_id}/scans/export.csv', () => {
  it('streams the filtered scans', async () => {
    const res = await get('/scans/export.csv?outcome[equals]=abandoned');
    expect(res.statusCode, res.body).toBe(200);
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual([
      'id',
      'created_at',
      'outcome',
      'terminal_id',
      'terminal_label',
      'transaction_id',
      'paid_at',
      'rejected_reason',
      'user_agent',
      'app_version',
    ]);
    const [{ n }] = (await rowsOf<{ n: number }>(
      t.ctx.database.db,
      sql`select count(*)::int as n from scans where project_id = ${team.project.id} and outcome = 'abandoned'`,
    )) as [{ n: number }];
    expect(rows.length - 1).toBe(n);
    expect(rows.slice(1).every((r) => r[2] === 'abandoned')).toBe(true);
  });
});
