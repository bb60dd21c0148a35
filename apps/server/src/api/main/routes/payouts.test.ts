import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCommands } from '../../../cli/operator-commands';
import { balanceEntries, businesses, events, payouts, transactions } from '../../../db/schema';
import { payOutProject, runDuePayouts } from '../../../domain/books/run-payouts';
import { makeTeam } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { payAsShopper } from '../../../test/pay-as-shopper';
import { runCommonRouteTests } from '../../../test/security-suite';
import { apiKeyFor, idemKey, pairedTerminal, type Team } from '../../../test/terminal-fixtures';
import { freshSession } from '../../../test/tokens';

// –§3: balance entries, the simulator's fee, payouts over several days (refunds, a
// negative day carried over), items that add up, and every export summed.

const DAY = 86_400_000;

/** Sums a CSV column of major units exactly, in minor units. */
const sumColumn = (csv: string, header: string, digits = 2) => {
  const [head, ...rows] = csv.trim().split('\r\n');
  const i = head!.split(',').indexOf(header);
  expect(i, `${header} in ${head}`).toBeGreaterThanOrEqual(0);
  return rows.reduce((s, r) => s + Math.round(Number(r.split(',')[i]) * 10 ** digits), 0);
};

describe('payouts', () => {
  let t: TestApp;
  let team: Team;
  let device: Awaited<ReturnType<typeof pairedTerminal>>;
  let write: Record<string, string>;
  let read: Record<string, string>;
  const db = () => t.ctx.database.db;
  const base = () => `/api/v1/projects/${team.project.id}`;

  beforeAll(async () => {
    t = await createTestApp({ env: { SIMULATOR_FEE_PERCENT: '1.4', SIMULATOR_FEE_FIXED: '25' } });
    // A shop that charges in euros (a terminal charges in its project's currency).
    team = await makeTeam(t, { currency: 'EUR' });
    device = await pairedTerminal(t, team);
    write = await apiKeyFor(t, team, 'write');
    read = await apiKeyFor(t, team, 'read');
  });
  afterAll(() => t.close());

  const get = (url: string, headers = read) => t.app.inject({ method: 'GET', url, headers });
  const paid = async (amount: number) => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/terminal/v1/transactions',
      headers: { ...device.auth, 'idempotency-key': idemKey() },
      payload: { amount, currency: 'EUR', reference: `order ${amount}` },
    });
    const pay = await payAsShopper(t.app, created.json().payment_url);
    expect(pay.json().status).toBe('succeeded');
    return created.json().id as string;
  };
  const runAsOf = async (day: string) =>
    (await operatorCommands['payouts run']!(t.ctx, ['--project', team.project.id, '--as-of', day])).lines;
  const localDay = async (txnId: string) => {
    const [e] = await db().select().from(balanceEntries).where(eq(balanceEntries.transactionId, txnId));
    return e!;
  };
  const addDays = (day: string, n: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

  describe('security', () => {
    const p = '/api/v1/projects/prj_placeholder';
    for (const r of [
      { method: 'GET' as const, url: `${p}/payouts` },
      { method: 'GET' as const, url: `${p}/payouts/next` },
      { method: 'GET' as const, url: `${p}/payouts/po_x` },
      { method: 'GET' as const, url: `${p}/payouts/po_x/items` },
      { method: 'GET' as const, url: `${p}/payouts/po_x/export.csv` },
      { method: 'GET' as const, url: `${p}/closes/cls_x/export.csv` },
    ])
      runCommonRouteTests(() => t, r);
  });

  it('pays out day by day: fees, refunds, a negative day carried over, items and exports that add up', async () => {
    // Day 1: two payments. Fee = 1.4 % half up + 25: 1000 → 14 + 25 = 39; 2050 → 28.7 → 29 + 25 = 54.
    const a = await paid(1000);
    const b = await paid(2050);
    const entryA = await localDay(a);
    expect(entryA).toMatchObject({ type: 'payment', amount: 1000, fee: 39, net: 961 });
    expect((await localDay(b)).fee).toBe(54);
    const day1Available = entryA.availableOn; // day 1 + payout_delay_days (2)
    const txnA = (await get(`${base()}/transactions/${a}`)).json();
    expect(txnA).toMatchObject({ fee: 39, net: 961, payout_id: null });

    // Day 2: b is refunded in full: that day's balance is negative.
    t.advance(DAY);
    const refund = await t.app.inject({
      method: 'POST',
      url: `${base()}/transactions/${b}/refunds`,
      headers: write,
      payload: {},
    });
    expect(refund.statusCode, refund.body).toBe(201);

    // Nothing is available before day 1 + 2.
    expect((await runAsOf(addDays(day1Available, -1))).at(-1)).toMatch(/^0 payout/);

    // Day 1's entries: 961 + 1996 = 2957, printed as the operator's language writes money.
    const printed = await runAsOf(day1Available);
    const euros = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' }).format(29.57);
    expect(printed[0]).toContain(`  ${euros}  2 payment(s)`);
    expect(printed[0]).not.toContain('EUR 2957');
    const list1 = (await get(`${base()}/payouts`)).json().data;
    expect(list1).toHaveLength(1);
    const po1 = list1[0];
    expect(po1).toMatchObject({
      amount: 961 + 1996,
      currency: 'EUR',
      status: 'paid',
      arrival_date: day1Available,
      payments_count: 2,
      gross: 3050,
      fees: 93,
      refunds: 0,
    });
    expect((await get(`${base()}/transactions/${a}`)).json().payout_id).toBe(po1.id);

    // Day 2's refund alone: −2050, carried over (no payout).
    const day2Available = addDays(day1Available, 1);
    expect((await runAsOf(day2Available)).at(-1)).toMatch(/^0 payout/);

    // Day 3: a payment of 5000 (fee 70 + 25 = 95); paid out with the refund carried over.
    t.advance(DAY);
    const c = await paid(5000);
    const day3Available = (await localDay(c)).availableOn;
    await runAsOf(day3Available);
    const list2 = (await get(`${base()}/payouts`)).json().data;
    expect(list2).toHaveLength(2);
    const po2 = list2[0];
    expect(po2).toMatchObject({
      amount: 4905 - 2050,
      payments_count: 1,
      gross: 5000,
      fees: 95,
      refunds: 2050,
    });
    expect(po2.gross - po2.fees - po2.refunds).toBe(po2.amount);

    // Items: every entry with its transaction; nets add up to the amount, to the cent.
    const items = (await get(`${base()}/payouts/${po2.id}/items`)).json().data;
    expect(items.map((i: { type: string }) => i.type)).toEqual(['refund', 'payment']);
    expect(items.map((i: { transaction_id: string }) => i.transaction_id)).toEqual([b, c]);
    expect(items.reduce((s: number, i: { net: number }) => s + i.net, 0)).toBe(po2.amount);
    const pagedFirst = (await get(`${base()}/payouts/${po2.id}/items?limit=1`)).json();
    expect(pagedFirst.data).toHaveLength(1);
    const pagedNext = (
      await get(`${base()}/payouts/${po2.id}/items?limit=1&starting_after=${pagedFirst.next_cursor}`)
    ).json();
    expect(pagedNext.data[0].transaction_id).toBe(c);

    // Exports: every format adds up to the payout.
    for (const po of [po1, po2]) {
      const csv = await get(`${base()}/payouts/${po.id}/export.csv?format=csv`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.body.split('\r\n')[0]).toBe(
        'date,type,transaction_id,reference,card,gross,fee,net,currency',
      );
      expect(sumColumn(csv.body, 'net')).toBe(po.amount);
      expect(sumColumn(csv.body, 'gross') - sumColumn(csv.body, 'fee')).toBe(po.amount);
      const xero = await get(`${base()}/payouts/${po.id}/export.csv?format=xero`);
      expect(xero.body.split('\r\n')[0]).toBe('*Date,*Amount,Payee,Description,Reference');
      expect(sumColumn(xero.body, '*Amount')).toBe(po.amount);
      const qbo = await get(`${base()}/payouts/${po.id}/export.csv?format=quickbooks`);
      expect(qbo.body.split('\r\n')[0]).toBe('Date,Description,Amount');
      expect(sumColumn(qbo.body, 'Amount')).toBe(po.amount);
    }
    expect((await get(`${base()}/payouts/${po2.id}/export.csv?format=pdf`)).statusCode).toBe(400);

    // Events for each payout.
    const types = (await db().select().from(events).where(eq(events.objectId, po2.id))).map((e) => e.type);
    expect(types.sort()).toEqual(['payout.created', 'payout.paid']);

    // A close's export adds up to its net.
    const closed = await t.app.inject({ method: 'POST', url: '/terminal/v1/closes', headers: device.auth });
    const cls = closed.json();
    for (const format of ['csv', 'xero', 'quickbooks'] as const) {
      const res = await get(`${base()}/closes/${cls.id}/export.csv?format=${format}`);
      expect(res.statusCode, res.body).toBe(200);
      const col = format === 'csv' ? 'net' : format === 'xero' ? '*Amount' : 'Amount';
      expect(sumColumn(res.body, col)).toBe(cls.totals[0].net);
    }

    // The scheduled run pays what is available when payout_time has passed, once.
    await t.app.inject({
      method: 'PATCH',
      url: base(),
      headers: write,
      payload: { payout_time: '00:00', payout_delay_days: 0 },
    });
    await paid(700);
    // The dashboard's next payout: 700 − 35 fee, on the next run's day.
    const next = (await get(`${base()}/payouts/next`)).json();
    expect(next.data).toEqual([
      { currency: 'EUR', amount: 665, date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
    ]);
    t.advance(DAY);
    const due = await runDuePayouts(t.ctx);
    expect(due).toHaveLength(1);
    expect(due[0]!.amount).toBe(700 - 35);
    expect(await runDuePayouts(t.ctx)).toHaveLength(0);
    // Other projects see nothing.
    const outsider = await freshSession(t.ctx, team.outsider.user);
    expect((await get(`${base()}/payouts/${po1.id}`, outsider)).statusCode).toBe(404);
  });

  it('pays out by each entry’s own provider: a switch neither pays Stripe’s entries nor strands the simulator’s', async () => {
    const shop = await makeTeam(t, { currency: 'EUR' });
    const till = await pairedTerminal(t, shop);
    const key = await apiKeyFor(t, shop, 'write');
    const url = `/api/v1/projects/${shop.project.id}`;
    await t.app.inject({
      method: 'PATCH',
      url,
      headers: key,
      payload: { payout_time: '00:00', payout_delay_days: 0 },
    });
    const pay = async (amount: number) => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/terminal/v1/transactions',
        headers: { ...till.auth, 'idempotency-key': idemKey() },
        payload: { amount, currency: 'EUR' },
      });
      expect((await payAsShopper(t.app, created.json().payment_url)).json().status).toBe('succeeded');
      return created.json().id as string;
    };
    const simulated = await pay(1000);
    // A payment Stripe took (before or after a switch): Stripe pays it out, not this job.
    const byStripe = await pay(2000);
    await db().update(transactions).set({ provider: 'stripe' }).where(eq(transactions.id, byStripe));
    const next = (await get(`${url}/payouts/next`, key)).json();
    expect(next.data).toEqual([{ currency: 'EUR', amount: 1000 - 39, date: expect.any(String) }]);
    // The business now takes payments with Stripe: the simulator's entry is still paid out.
    await db()
      .update(businesses)
      .set({ paymentProvider: 'stripe' })
      .where(eq(businesses.id, shop.business.id));
    t.advance(DAY);
    const due = (await runDuePayouts(t.ctx)).filter((p) => p.projectId === shop.project.id);
    expect(due.map((p) => p.amount)).toEqual([1000 - 39]);
    expect((await localDay(simulated)).payoutId).toBe(due[0]!.id);
    expect((await localDay(byStripe)).payoutId).toBeNull();
    expect((await get(`${url}/payouts/next`, key)).json().data).toEqual([]);
  });

  it('two runs at once pay one currency in one payout, never split in two', async () => {
    const shop = await makeTeam(t, { currency: 'EUR' });
    const till = await pairedTerminal(t, shop);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${shop.project.id}`,
      headers: await apiKeyFor(t, shop, 'write'),
      payload: { payout_delay_days: 0 },
    });
    const pay = async (amount: number) => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/terminal/v1/transactions',
        headers: { ...till.auth, 'idempotency-key': idemKey() },
        payload: { amount, currency: 'EUR' },
      });
      expect((await payAsShopper(t.app, created.json().payment_url)).json().status).toBe('succeeded');
      return created.json().id as string;
    };
    const ids = [await pay(1000), await pay(2000), await pay(3000)];
    const asOf = (await localDay(ids[0]!)).availableOn;
    const run = () =>
      payOutProject(db(), { projectId: shop.project.id, asOf, cutoff: null, now: t.ctx.now() });
    const made = async () => db().select().from(payouts).where(eq(payouts.projectId, shop.project.id));

    // One replica's run is in its claim (it holds the first entry) when another's starts.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let claiming!: () => void;
    const started = new Promise<void>((resolve) => {
      claiming = resolve;
    });
    const first = db().transaction(async (tx) => {
      await tx.execute(sql`select id from balance_entries where transaction_id = ${ids[0]!} for update`);
      claiming();
      await held;
    });
    await started;
    const second = run();
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await first;
    await second;
    await run();
    const fees = 3 * 25 + 84; // 1.4 % of 6000 and 25 each
    expect((await made()).map((p) => p.amount)).toEqual([6000 - fees]);

    // And three whole runs at once, on two new payments.
    await pay(500);
    await pay(700);
    await Promise.all([run(), run(), run()]);
    expect((await made()).map((p) => p.amount).sort()).toEqual([1200 - 2 * 25 - 17, 6000 - fees].sort());
  });
});
