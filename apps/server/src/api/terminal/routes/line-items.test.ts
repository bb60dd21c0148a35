import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineItems, projects, refundLines, transactions } from '../../../db/schema';
import { verifyCloses } from '../../../domain/books/verify-closes';
import { getReceipt } from '../../../domain/receipts/get-receipt';
import { receiptFacts } from '../../../domain/receipts/receipt-facts';
import { translator } from '../../../platform/i18n/catalogue';
import { SHOPPER_LOCALES } from '../../../platform/i18n/locales';
import { makeTeam } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { payAsShopper } from '../../../test/pay-as-shopper';
import { idemKey, pairedTerminal, type Team } from '../../../test/terminal-fixtures';

// Baskets on a checkout (docs/guide/baskets.md): lines from the catalogue and ad-hoc, weights,
// name/price/VAT copied at sale time, amount = Σ line totals.
describe('line items on a checkout', () => {
  let t: TestApp;
  let team: Team;
  let device: Awaited<ReturnType<typeof pairedTerminal>>;
  const item: Record<string, { id: string; variants: { id: string; name: string }[] }> = {};

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
  const checkout = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/terminal/v1/transactions',
      headers: { ...device.auth, 'idempotency-key': idemKey() },
      payload,
    });

  beforeAll(async () => {
    t = await createTestApp();
    team = await makeTeam(t, { currency: 'EUR' });
    await t.ctx.database.db.update(projects).set({ taxRate: '19' }).where(eq(projects.id, team.project.id));
    device = await pairedTerminal(t, team);
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
    item.soup = await createItem({ name: 'Soup', category: 'Kitchen', price: null });
    item.wine = await createItem({ name: 'Wine', category: 'Bar', price: 1999 });
    item.old = await createItem({ name: 'Old', price: 100 });
    const archived = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/projects/${team.project.id}/items/${item.old!.id}`,
      headers: team.owner.auth,
    });
    expect(archived.statusCode, archived.body).toBe(200);
  });
  afterAll(() => t.close());

  it('sells catalogue items, variants, weights and ad-hoc lines; amount is their sum', async () => {
    const large = item.coffee!.variants.find((v) => v.name === 'Large')!;
    const res = await checkout({
      line_items: [
        { item_id: item.coffee!.id, variant_id: large.id, quantity: 2 },
        { item_id: item.cheese!.id, quantity: 0.333 },
        { item_id: item.soup!.id, quantity: 1, unit_price: 550 },
        { item_id: item.wine!.id, quantity: 1 },
        { name: 'Bag', unit_price: 10, quantity: 3, tax_rate: 0 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.amount).toBe(780 + 433 + 550 + 1999 + 30);
    expect(body.line_items).toHaveLength(5);
    expect(body.line_items[0]).toMatchObject({
      item_id: item.coffee!.id,
      variant_id: large.id,
      name: 'Flat white (Large)',
      category: 'Coffee',
      quantity: 2,
      unit_price: 390,
      tax_rate: 7,
      total: 780,
      tax: 51,
      refunded_quantity: 0,
    });
    expect(body.line_items[0].id).toMatch(/^li_/);
    // A weight: 0.333 × 12.99 = 4.32567 → 4.33.
    expect(body.line_items[1]).toMatchObject({ quantity: 0.333, unit_price: 1299, total: 433, tax: 28 });
    // Typed at the counter; the project's rate when the item has none.
    expect(body.line_items[2]).toMatchObject({
      name: 'Soup',
      unit_price: 550,
      tax_rate: 19,
      total: 550,
      tax: 88,
    });
    expect(body.line_items[3]).toMatchObject({ tax_rate: 19, total: 1999, tax: 319 });
    expect(body.line_items[4]).toMatchObject({
      item_id: null,
      category: null,
      tax_rate: 0,
      total: 30,
      tax: 0,
    });

    const stored = await t.ctx.database.db
      .select()
      .from(lineItems)
      .where(eq(lineItems.transactionId, body.id));
    expect(stored).toHaveLength(5);
    expect(stored.find((l) => l.position === 1)).toMatchObject({ quantity: '0.333', total: 433 });

    // The terminal's read and the main API's detail answer the same lines.
    const read = await t.app.inject({
      method: 'GET',
      url: `/terminal/v1/transactions/${body.id}`,
      headers: device.auth,
    });
    expect(read.json().line_items).toEqual(body.line_items);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/projects/${team.project.id}/transactions/${body.id}`,
      headers: team.owner.auth,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().line_items).toEqual(body.line_items);
    // The VAT the transaction states is its lines' (7 %, 19 % and 0 % here), as the receipt and
    // the close count it, not 19 % of the whole amount (3792 × 19/119 = 605).
    expect(detail.json().tax_included).toBe(51 + 28 + 88 + 319 + 0);
    const listed = await t.app.inject({
      url: `/api/v1/projects/${team.project.id}/transactions?limit=100`,
      headers: team.owner.auth,
    });
    expect(listed.json().data.find((x: { id: string }) => x.id === body.id)?.tax_included).toBe(486);
  });

  it('accepts an amount equal to the lines, refuses one that differs (422 amount_mismatch)', async () => {
    const same = await checkout({ amount: 2598, line_items: [{ item_id: item.cheese!.id, quantity: 2 }] });
    expect(same.statusCode, same.body).toBe(201);
    const wrong = await checkout({ amount: 2500, line_items: [{ item_id: item.cheese!.id, quantity: 2 }] });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 'amount_mismatch' });
  });

  it('refuses unknown and archived items, a priceless item without a price, a missing variant', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ item_id: 'itm_nope', quantity: 1 }, 'item_unavailable'],
      [{ item_id: item.old!.id, quantity: 1 }, 'item_unavailable'],
      [{ item_id: item.coffee!.id, quantity: 1 }, 'item_unavailable'],
      [{ item_id: item.soup!.id, quantity: 1 }, 'unit_price_required'],
    ];
    for (const [line, code] of cases) {
      const res = await checkout({ line_items: [line] });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().code).toBe(code);
    }
    const tooPrecise = await checkout({ line_items: [{ name: 'x', unit_price: 1, quantity: 0.0001 }] });
    expect(tooPrecise.statusCode).toBe(400);
    const none = await checkout({});
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].field).toBe('amount');
  });

  it('an item edited after the sale leaves the old line unchanged', async () => {
    const sold = await checkout({ line_items: [{ item_id: item.wine!.id, quantity: 1 }] });
    expect(sold.statusCode, sold.body).toBe(201);
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${team.project.id}/items/${item.wine!.id}`,
      headers: team.owner.auth,
      payload: { name: 'Red wine', price: 2499, tax_rate: 7, category: 'Wine' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const read = await t.app.inject({
      method: 'GET',
      url: `/terminal/v1/transactions/${sold.json().id}`,
      headers: device.auth,
    });
    expect(read.json().line_items[0]).toMatchObject({
      name: 'Wine',
      unit_price: 1999,
      tax_rate: 19,
      category: 'Bar',
      total: 1999,
    });
  });

  it("the shopper's pay page gets the lines (name, quantity, unit price, total) and no more", async () => {
    const wine = await createItem({ name: 'Wine', category: 'Bar', price: 1999 });
    const res = await checkout({
      line_items: [
        { item_id: wine.id, quantity: 2 },
        { name: 'Bag', unit_price: 10, quantity: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const opened = await t.app.inject({
      method: 'POST',
      url: '/mobile/v1/scans',
      payload: { token: new URL(res.json().payment_url).pathname.split('/').pop() },
      remoteAddress: '203.0.113.77',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const lines = [
      { name: 'Wine', quantity: 2, unit_price: 1999, total: 3998 },
      { name: 'Bag', quantity: 1, unit_price: 10, total: 10 },
    ];
    expect(opened.json().transaction.line_items).toEqual(lines);
    const read = await t.app.inject({ method: 'GET', url: `/mobile/v1/scans/${opened.json().id}` });
    expect(read.json().transaction.line_items).toEqual(lines);
    // Without lines, none are said.
    const plain = await checkout({ amount: 700 });
    const plainScan = await t.app.inject({
      method: 'POST',
      url: '/mobile/v1/scans',
      payload: { token: new URL(plain.json().payment_url).pathname.split('/').pop() },
      remoteAddress: '203.0.113.78',
    });
    expect(plainScan.json().transaction.line_items).toBeUndefined();
  });

  it('a checkout without lines works as before and pays', async () => {
    const res = await checkout({ amount: 1250 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().line_items).toBeUndefined();
    const paid = await payAsShopper(t.app, res.json().payment_url);
    expect(paid.statusCode, paid.body).toBeLessThan(300);
    const [row] = await t.ctx.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, res.json().id));
    expect(row!.status).toBe('succeeded');
  });
});

describe('refunds by line', () => {
  let t: TestApp;
  let team: Team;
  let device: Awaited<ReturnType<typeof pairedTerminal>>;
  beforeAll(async () => {
    t = await createTestApp();
    team = await makeTeam(t, { currency: 'EUR' });
    device = await pairedTerminal(t, team);
  });
  afterAll(() => t.close());

  const refund = (id: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${team.project.id}/transactions/${id}/refunds`,
      headers: team.owner.auth,
      payload,
    });

  it('refunds quantities of lines with their VAT, tracks what is left, 409 past it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/terminal/v1/transactions',
      headers: { ...device.auth, 'idempotency-key': idemKey() },
      payload: {
        line_items: [
          { name: 'Cola', unit_price: 333, quantity: 3, tax_rate: 19 },
          { name: 'Cheese', unit_price: 1299, quantity: 0.5, tax_rate: 7 },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const txn = res.json();
    const [cola, cheese] = txn.line_items;
    expect(txn.amount).toBe(999 + 650);
    expect((await payAsShopper(t.app, txn.payment_url)).statusCode).toBeLessThan(300);

    const first = await refund(txn.id, {
      line_items: [
        { line_id: cola.id, quantity: 1 },
        { line_id: cheese.id, quantity: 0.25 },
      ],
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().amount).toBe(333 + 325);

    const past = await refund(txn.id, { line_items: [{ line_id: cola.id, quantity: 2.001 }] });
    expect(past.statusCode).toBe(409);
    expect(past.json()).toMatchObject({ code: 'line_quantity_exceeds_remaining' });
    expect(past.json().errors[0].field).toBe('line_items.0.quantity');

    const mixed = await refund(txn.id, { amount: 100, line_items: [{ line_id: cola.id, quantity: 1 }] });
    expect(mixed.statusCode).toBe(400);
    const unknown = await refund(txn.id, { line_items: [{ line_id: 'li_nope', quantity: 1 }] });
    expect(unknown.statusCode).toBe(400);

    // The rest of both lines: exactly what is left of their totals, so the transaction is refunded.
    const rest = await refund(txn.id, {
      line_items: [
        { line_id: cola.id, quantity: 2 },
        { line_id: cheese.id, quantity: 0.25 },
      ],
    });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().amount).toBe(666 + 325);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/projects/${team.project.id}/transactions/${txn.id}`,
      headers: team.owner.auth,
    });
    expect(detail.json()).toMatchObject({ status: 'refunded', amount_refunded: 1649 });
    expect(detail.json().line_items.map((l: { refunded_quantity: number }) => l.refunded_quantity)).toEqual([
      3, 0.5,
    ]);
    // The receipt lists the lines and the VAT per rate, in every shopper language; the email states the same.
    const receiptUrl = detail.json().receipt_url as string;
    const en = await t.app.inject({ method: 'GET', url: `${new URL(receiptUrl).pathname}?lang=en` });
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain('3 × Cola');
    expect(en.body).toContain('0.5 × Cheese');
    expect(en.body).toContain(`incl. VAT 19% on €9.99: €${(cola.tax / 100).toFixed(2)}`);
    expect(en.body).toContain(`incl. VAT 7% on €6.50: €${(cheese.tax / 100).toFixed(2)}`);
    const de = await t.app.inject({ method: 'GET', url: `${new URL(receiptUrl).pathname}?lang=de` });
    expect(de.body).toContain('0,5 × Cheese');
    expect(de.body).toContain('inkl. MwSt. 19');
    const receipt = await getReceipt(t.ctx.database.db, new URL(receiptUrl).pathname.split('/').pop()!);
    for (const locale of SHOPPER_LOCALES) {
      const facts = receiptFacts(receipt, translator('shoppers', locale));
      const items = facts.find((f) => f.label === translator('shoppers', locale).t('receipt.items'));
      expect(items?.lines, locale).toHaveLength(2);
    }
    const rows = await t.ctx.database.db
      .select()
      .from(refundLines)
      .where(eq(refundLines.projectId, team.project.id));
    // VAT given back adds up to the lines' VAT.
    expect(rows.reduce((s, r) => s + r.tax, 0)).toBe(cola.tax + cheese.tax);
  });
});

describe('a close of baskets', () => {
  let t: TestApp;
  let team: Team;
  let device: Awaited<ReturnType<typeof pairedTerminal>>;
  beforeAll(async () => {
    t = await createTestApp();
    team = await makeTeam(t, { currency: 'EUR' });
    await t.ctx.database.db.update(projects).set({ taxRate: '19' }).where(eq(projects.id, team.project.id));
    device = await pairedTerminal(t, team);
  });
  afterAll(() => t.close());

  it('states VAT per rate from the lines, sales per category, and verifies', async () => {
    const item = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${team.project.id}/items`,
      headers: team.owner.auth,
      payload: { name: 'Cheese', category: 'Deli', price: 1299, tax_rate: 7 },
    });
    const sold: { line_items: { id: string; tax: number; tax_rate: number | null; total: number }[] }[] = [];
    for (const line_items of [
      [
        { item_id: item.json().id, quantity: 0.333 },
        { name: 'Cola', unit_price: 333, quantity: 3 },
        { name: 'Bag', unit_price: 10, quantity: 1, tax_rate: 0 },
      ],
      [
        { item_id: item.json().id, quantity: 1.5 },
        { name: 'Water', unit_price: 3, quantity: 7, tax_rate: 7.7 },
      ],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/terminal/v1/transactions',
        headers: { ...device.auth, 'idempotency-key': idemKey() },
        payload: { line_items },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect((await payAsShopper(t.app, res.json().payment_url)).statusCode).toBeLessThan(300);
      sold.push(res.json());
    }
    // A checkout without lines beside them: one row at the project's rate, as before.
    const plain = await t.app.inject({
      method: 'POST',
      url: '/terminal/v1/transactions',
      headers: { ...device.auth, 'idempotency-key': idemKey() },
      payload: { amount: 1000 },
    });
    expect((await payAsShopper(t.app, plain.json().payment_url)).statusCode).toBeLessThan(300);

    const close = await t.app.inject({
      method: 'POST',
      url: `/terminal/v1/projects/${team.project.id}/terminals/${device.terminal.id}/closes`,
      headers: team.owner.auth,
    });
    expect(close.statusCode, close.body).toBe(201);
    const [entry] = close.json().totals;
    const lines = sold.flatMap((s) => s.line_items);
    const expected = new Map<number | null, { gross: number; tax: number }>();
    for (const l of [...lines, { tax_rate: 19, total: 1000, tax: 160 }]) {
      const e = expected.get(l.tax_rate) ?? { gross: 0, tax: 0 };
      expected.set(l.tax_rate, { gross: e.gross + l.total, tax: e.tax + l.tax });
    }
    expect(entry.by_tax_rate).toHaveLength(expected.size);
    for (const r of entry.by_tax_rate) {
      expect(r, String(r.rate)).toMatchObject(expected.get(r.rate)!);
    }
    // The rates add up to the close.
    expect(entry.by_tax_rate.reduce((s: number, r: { gross: number }) => s + r.gross, 0)).toBe(entry.net);
    expect(entry.by_category).toEqual([
      { category: null, quantity: 11, gross: 999 + 10 + 21 + 1000 },
      { category: 'Deli', quantity: 1.833, gross: 433 + 1949 },
    ]);
    expect(await verifyCloses(t.ctx.database.db, { projectId: team.project.id })).toMatchObject({ ok: true });
  });
});
