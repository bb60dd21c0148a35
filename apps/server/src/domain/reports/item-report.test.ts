import type { ItemReport } from '@scanline/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, transactions } from '../../db/schema';
import { rowsOf } from '../../platform/sql-rows';
import { makeTeam } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { payAsShopper } from '../../test/pay-as-shopper';
import { idemKey, pairedTerminal, type Team } from '../../test/terminal-fixtures';
import { rebuildProjectRollups, refreshRollups } from '../dashboard/refresh-rollups';

// The item report (docs/guide/item-reports.md): read from item_rollups, kept by the dashboard's
// job; compared here with plain SQL over the raw line items and refund lines.
describe('item report', () => {
  let t: TestApp;
  let team: Team;
  let front: Awaited<ReturnType<typeof pairedTerminal>>;
  let back: Awaited<ReturnType<typeof pairedTerminal>>;
  const item: Record<string, { id: string; variants: { id: string; name: string }[] }> = {};
  let today: string;

  const api = (path: string, headers = team.owner.auth) =>
    t.app.inject({ method: 'GET', url: `/api/v1/projects/${team.project.id}${path}`, headers });
  const report = async (query = '') => {
    const res = await api(`/reports/items${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ItemReport;
  };
  const createItem = async (payload: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${team.project.id}/items`,
      headers: team.owner.auth,
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  /** A paid checkout of these lines on a terminal, taken by a cashier (or none). */
  const sell = async (
    device: typeof front,
    lines: Record<string, unknown>[],
    cashierId: string | null = null,
  ) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/terminal/v1/transactions',
      headers: { ...device.auth, 'idempotency-key': idemKey() },
      payload: { line_items: lines },
    });
    expect(res.statusCode, res.body).toBe(201);
    const txn = res.json();
    expect((await payAsShopper(t.app, txn.payment_url)).statusCode).toBeLessThan(300);
    if (cashierId)
      await t.ctx.database.db
        .update(transactions)
        .set({ cashierId, updatedAt: t.ctx.now() })
        .where(eq(transactions.id, txn.id));
    return txn as { id: string; line_items: { id: string; item_id: string | null }[] };
  };

  /** The same figures by plain SQL over the raw rows (lines of payments that went through, refund lines). */
  const rawSums = async (filter = sql``) => {
    const p = team.project.id;
    return rowsOf<{ item_id: string; variant_id: string; quantity: number; gross: number; tax: number }>(
      t.ctx.database.db,
      sql`select coalesce(l.item_id, '') as item_id, coalesce(l.variant_id, '') as variant_id,
            sum(l.quantity)::float8 as quantity, sum(l.total)::float8 as gross, sum(l.tax)::float8 as tax
          from line_items l join transactions t on t.id = l.transaction_id
          where l.project_id = ${p} and t.status in ('succeeded', 'partially_refunded', 'refunded') ${filter}
          group by 1, 2 order by 1, 2`,
    );
  };

  beforeAll(async () => {
    t = await createTestApp();
    team = await makeTeam(t, { currency: 'EUR' });
    await t.ctx.database.db.update(projects).set({ taxRate: '19' }).where(eq(projects.id, team.project.id));
    front = await pairedTerminal(t, team);
    back = await pairedTerminal(t, team);
    item.coffee = await createItem({
      name: 'Flat white',
      category: 'Coffee',
      tax_rate: 7,
      variants: [
        { name: 'Small', price: 320 },
        { name: 'Large', price: 390 },
      ],
    });
    item.cheese = await createItem({ name: 'Cheese', category: 'Deli', price: 1299, tax_rate: 7 });
    item.wine = await createItem({ name: 'Wine', category: 'Bar', price: 1999 });
    today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(t.ctx.now());
  });
  afterAll(() => t.close());

  it('sums sales and refunds by line per item and variant, from the rollups, as SQL over the lines does', async () => {
    const large = item.coffee!.variants.find((v) => v.name === 'Large')!;
    const small = item.coffee!.variants.find((v) => v.name === 'Small')!;
    const a = await sell(front, [
      { item_id: item.coffee!.id, variant_id: large.id, quantity: 2 },
      { item_id: item.cheese!.id, quantity: 0.333 },
      { item_id: item.wine!.id, quantity: 1 },
    ]);
    await sell(back, [
      { item_id: item.coffee!.id, variant_id: small.id, quantity: 1 },
      { item_id: item.coffee!.id, variant_id: large.id, quantity: 1 },
      { name: 'Bag', unit_price: 10, quantity: 3, tax_rate: 0 },
    ]);
    // A checkout that is never paid counts nowhere.
    const unpaid = await t.app.inject({
      method: 'POST',
      url: '/terminal/v1/transactions',
      headers: { ...front.auth, 'idempotency-key': idemKey() },
      payload: { line_items: [{ item_id: item.wine!.id, quantity: 5 }] },
    });
    expect(unpaid.statusCode).toBe(201);
    // A refund by line: one large coffee of the first sale.
    const coffeeLine = a.line_items.find((l) => l.item_id === item.coffee!.id)!;
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${team.project.id}/transactions/${a.id}/refunds`,
      headers: team.owner.auth,
      payload: { line_items: [{ line_id: coffeeLine.id, quantity: 1 }] },
    });
    expect(refund.statusCode, refund.body).toBe(201);

    // Before the job's pass the report has nothing: it never reads line items.
    expect((await report()).rows).toEqual([]);
    await refreshRollups(t.ctx.database.db);
    const r = await report();
    expect(r).toMatchObject({
      currency: 'EUR',
      time_zone: 'America/New_York',
      from: expect.any(String),
      to: today,
    });
    const row = (itemId: string | null, variantId: string | null = null) =>
      r.rows.find((x) => x.item_id === itemId && x.variant_id === variantId);
    // 3 large coffees at 3.90 (7 %: 51 for two, 26 for one), one refunded (its VAT back: 26).
    expect(row(item.coffee!.id, large.id)).toMatchObject({
      name: 'Flat white (Large)',
      variant_name: 'Large',
      category: 'Coffee',
      quantity: 3,
      refunded_quantity: 1,
      gross: 1170,
      refunds: 390,
      net: 780,
      tax: 51 + 26 - 26,
    });
    expect(row(item.coffee!.id, small.id)).toMatchObject({ quantity: 1, gross: 320, net: 320, tax: 21 });
    // A weight, at 7 %; wine at the project's 19 %.
    expect(row(item.cheese!.id)).toMatchObject({ quantity: 0.333, gross: 433, tax: 28, category: 'Deli' });
    expect(row(item.wine!.id)).toMatchObject({ quantity: 1, gross: 1999, tax: 319, category: 'Bar' });
    // Ad-hoc lines are one row without item, name or category.
    expect(row(null)).toMatchObject({ name: null, category: null, quantity: 3, gross: 30, tax: 0 });
    // Biggest net first; totals add up.
    expect(r.rows.map((x) => x.net)).toEqual([...r.rows.map((x) => x.net)].sort((p, q) => q - p));
    expect(r.totals).toMatchObject({ gross: 1170 + 320 + 433 + 1999 + 30, refunds: 390 });
    expect(r.totals.net).toBe(r.rows.reduce((s, x) => s + x.net, 0));

    // The report against a direct SQL sum over the line items.
    const raw = await rawSums();
    for (const s of raw) {
      const got = row(s.item_id || null, s.variant_id || null)!;
      expect({ quantity: got.quantity, gross: got.gross }).toEqual({
        quantity: Math.round(s.quantity * 1000) / 1000,
        gross: s.gross,
      });
    }
    expect(r.rows).toHaveLength(raw.length);

    // Per category: the sold categories, ad-hoc lines under none.
    const cats = await report('?group=category');
    expect(cats.group).toBe('category');
    const cat = (c: string | null) => cats.rows.find((x) => x.category === c);
    expect(cat('Coffee')).toMatchObject({ item_id: null, name: null, gross: 1490, refunds: 390, net: 1100 });
    expect(cat('Deli')).toMatchObject({ gross: 433 });
    expect(cat(null)).toMatchObject({ gross: 30 });
    expect(cats.totals).toEqual(r.totals);
  });

  it('filters by terminal and by cashier (and both), as SQL over the lines does', async () => {
    await sell(front, [{ item_id: item.wine!.id, quantity: 2 }], 'stf_ana');
    await sell(back, [{ item_id: item.wine!.id, quantity: 1 }], 'stf_ana');
    await sell(back, [{ item_id: item.cheese!.id, quantity: 1 }], 'stf_ben');
    await refreshRollups(t.ctx.database.db);
    const wine = (r: ItemReport) => r.rows.find((x) => x.item_id === item.wine!.id);

    const frontOnly = await report(`?terminal_id=${front.terminal.id}`);
    const [rawFront] = await rawSums(
      sql`and t.terminal_id = ${front.terminal.id} and l.item_id = ${item.wine!.id}`,
    );
    expect(wine(frontOnly)).toMatchObject({ quantity: 3, gross: rawFront!.gross });

    const ana = await report('?cashier_id=stf_ana');
    expect(ana.rows.map((x) => x.item_id)).toEqual([item.wine!.id]);
    expect(wine(ana)).toMatchObject({ quantity: 3, gross: 3 * 1999 });

    const anaBack = await report(`?cashier_id=stf_ana&terminal_id=${back.terminal.id}`);
    expect(wine(anaBack)).toMatchObject({ quantity: 1, gross: 1999 });
    const ben = await report(`?cashier_id=stf_ben&terminal_id=${front.terminal.id}`);
    expect(ben.rows).toEqual([]);
  });

  it('keeps the name an item was sold under after it is renamed, until sold under the new one', async () => {
    const rename = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${team.project.id}/items/${item.cheese!.id}`,
      headers: team.owner.auth,
      payload: { name: 'Comté' },
    });
    expect(rename.statusCode, rename.body).toBe(200);
    await refreshRollups(t.ctx.database.db);
    const before = await report();
    expect(before.rows.find((x) => x.item_id === item.cheese!.id)?.name).toBe('Cheese');
    await sell(front, [{ item_id: item.cheese!.id, quantity: 1 }]);
    await refreshRollups(t.ctx.database.db);
    const after = await report();
    // One row per item: the newest name it was sold under.
    expect(after.rows.filter((x) => x.item_id === item.cheese!.id)).toHaveLength(1);
    expect(after.rows.find((x) => x.item_id === item.cheese!.id)?.name).toBe('Comté');
  });

  it('a full rebuild gives the same report as the job', async () => {
    const kept = await report();
    const byCashier = await report('?cashier_id=stf_ana');
    await rebuildProjectRollups(t.ctx.database.db, team.project.id, { sliceRows: 3 });
    expect(await report()).toEqual(kept);
    expect(await report('?cashier_id=stf_ana')).toEqual(byCashier);
  });

  it('answers CSV with the same rows, formula text neutralised', async () => {
    await createItem({ name: '=HYPERLINK("x")', category: '+Evil', price: 100 }).then((evil) =>
      sell(front, [{ item_id: evil.id, quantity: 1 }]),
    );
    await refreshRollups(t.ctx.database.db);
    const json = await report();
    const res = await api('/reports/items.csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="items-/);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'item_id,variant_id,name,variant_name,category,quantity,refunded_quantity,gross,refunds,net,tax,currency',
    );
    expect(lines).toHaveLength(json.rows.length + 1);
    expect(res.body).toContain(`"'=HYPERLINK(""x"")",,'+Evil,1,0,100,0,100,`);
    const byCategory = await api('/reports/items.csv?group=category');
    expect(byCategory.body.split('\r\n')[1]).toMatch(/^,,,,/);
  });

  it('is readable by members; refuses outsiders; 422 invalid_date_range for a bad range', async () => {
    expect((await api('/reports/items', team.member.auth)).statusCode).toBe(200);
    expect((await api('/reports/items', team.outsider.auth)).statusCode).toBe(404);
    const backwards = await api('/reports/items?from=2026-03-10&to=2026-03-01');
    expect(backwards.statusCode).toBe(422);
    expect(backwards.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(backwards.json()).toMatchObject({ code: 'invalid_date_range' });
    const long = await api('/reports/items.csv?from=2024-01-01&to=2026-03-01');
    expect(long.statusCode).toBe(422);
    expect(long.json()).toMatchObject({ code: 'invalid_date_range' });
    expect((await api('/reports/items?from=yesterday')).statusCode).toBe(400);
  });
});
