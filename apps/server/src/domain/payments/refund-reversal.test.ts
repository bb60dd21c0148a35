import { and, desc, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balanceEntries,
  closes,
  events,
  lineItems,
  refundLines,
  refunds,
  transactions,
} from '../../db/schema';
import { newId } from '../../platform/ids';
import { rowsOf } from '../../platform/sql-rows';
import { makeTeam } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { makeTerminal, makeTransaction, nextIp } from '../../test/payment-factories';
import { type StripeStandIn, startStripeStandIn } from '../../test/stripe-stand-in';
import { runScheduledCloses } from '../books/run-scheduled-closes';
import { refreshRollups } from '../dashboard/refresh-rollups';
import { askRefundAgain, refundsWithBusiness } from './reconcile-processing';

const WEBHOOK_SECRET = 'whsec_standin0123456789abcdef';

/** RFC 4180 enough for our exports: quoted fields may hold commas and doubled quotes. */
function csvRows(text: string): Record<string, string>[] {
  const lines = text.split('\r\n').filter((l) => l !== '');
  const split = (line: string) => {
    const out: string[] = [];
    let field = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const c = line[i]!;
      if (quoted && c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = !quoted;
      else if (c === ',' && !quoted) {
        out.push(field);
        field = '';
      } else field += c;
    }
    out.push(field);
    return out;
  };
  const [head, ...rows] = lines.map(split);
  return rows.map((r) => Object.fromEntries(head!.map((h, i) => [h, r[i] ?? ''])));
}
/** "12.34" → 1234 (two-digit currencies). */
const minor = (major: string) => {
  const [whole, frac = ''] = major.replace('-', '').split('.');
  const value = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return major.startsWith('-') ? -value : value;
};
const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

// A Stripe refund that had succeeded and later fails (docs/guide/closes.md#refunds-that-fail-after-succeeding):
// reversed once, everywhere, and counted in the close of the period in which it failed.
describe('a succeeded Stripe refund that later fails', () => {
  let stripe: StripeStandIn;
  let t: TestApp;
  let team: Awaited<ReturnType<typeof makeTeam>>;
  let terminalId: string;
  const db = () => t.ctx.database.db;
  const base = () => `/api/v1/projects/${team.project.id}`;
  const till = () => `/terminal/v1/projects/${team.project.id}/terminals/${terminalId}`;
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: team.owner.auth });
  const webhook = (payload: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/providers/stripe/webhook',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
  const refundFor = (txnId: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `${base()}/transactions/${txnId}/refunds`,
      headers: team.owner.auth,
      payload,
    });
  const makeClose = async () => {
    t.advance(60_000);
    const res = await t.app.inject({ method: 'POST', url: `${till()}/closes`, headers: team.owner.auth });
    expect(res.statusCode, res.body).toBe(201);
    t.advance(60_000);
    return res.json();
  };
  const closeRow = async (id: string) => (await db().select().from(closes).where(eq(closes.id, id)))[0]!;
  const row = async (id: string) =>
    (await db().select().from(transactions).where(eq(transactions.id, id)))[0]!;
  /** The export of a close, per format, added up (csv's gross column; the bank files' amounts). */
  const exported = async (closeId: string) => {
    const columns = { csv: 'gross', xero: '*Amount', quickbooks: 'Amount' } as const;
    const out: Record<string, number> = {};
    for (const format of ['csv', 'xero', 'quickbooks'] as const) {
      const res = await get(`${base()}/closes/${closeId}/export.csv?format=${format}`);
      expect(res.statusCode, res.body).toBe(200);
      out[format] = sum(csvRows(res.body).map((r) => minor(r[columns[format]]!)));
    }
    return out;
  };

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    t = await createTestApp({ env: { STRIPE_API_BASE: stripe.url } });
    team = await makeTeam(t, { currency: 'EUR' });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/businesses/${team.business.id}`,
      headers: team.owner.auth,
      payload: {
        payment_provider: 'stripe',
        stripe_secret_key: 'sk_test_standin4242',
        stripe_publishable_key: 'pk_test_standin4242',
        stripe_webhook_secret: WEBHOOK_SECRET,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const on = await t.app.inject({
      method: 'PATCH',
      url: base(),
      headers: team.owner.auth,
      payload: { tipping: { enabled: true } },
    });
    expect(on.statusCode, on.body).toBe(200);
    terminalId = (await makeTerminal(db(), team.project.id)).id;
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it('reverses once: old close as made, next close counts it back, export, balance, payout, rollups, refund again', async () => {
    // A 20.00 payment at 19 % VAT with a 3.00 tip (outside VAT), through Stripe.
    const txn = await makeTransaction(db(), team.project.id, terminalId, {
      amount: 2000,
      provider: 'stripe',
      currency: 'EUR',
    });
    await db().update(transactions).set({ taxRate: '19' }).where(eq(transactions.id, txn.id));
    const scan = await t.app.inject({
      method: 'POST',
      url: '/mobile/v1/scans',
      payload: { token: txn.paymentToken },
      remoteAddress: nextIp(),
    });
    const paid = await t.app.inject({
      method: 'POST',
      url: `/mobile/v1/scans/${scan.json().id}/payments`,
      payload: { payment_method: 'pm_card_visa', tip_amount: 300 },
      remoteAddress: nextIp(),
    });
    expect(paid.json().status).toBe('succeeded');
    t.advance(1000);

    // Refunded in part: 7.00 of the order and 1.00 of the tip.
    const refund = await refundFor(txn.id, { amount: 800, tip_amount: 100 });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(refund.json().status).toBe('succeeded');
    expect(await row(txn.id)).toMatchObject({
      status: 'partially_refunded',
      amountRefunded: 800,
      tipRefunded: 100,
    });
    await refreshRollups(db());
    const rolled = async () =>
      (
        await rowsOf<{ refunds: number; amount: number }>(
          db(),
          sql`select coalesce(sum(refunds), 0)::int as refunds, coalesce(sum(refunded_amount), 0)::int as amount
              from dashboard_rollups where project_id = ${team.project.id} and grain = 'day' and terminal_id = ''`,
        )
      )[0]!;
    expect(await rolled()).toEqual({ refunds: 1, amount: 800 });

    // Close 1 counts the refund.
    const one = await makeClose();
    expect(one.totals[0]).toMatchObject({
      currency: 'EUR',
      gross: 2300,
      refunds_count: 1,
      refunds: 800,
      net: 1500,
      tips: 200,
      grand_total: 1500,
      by_tax_rate: [
        { rate: null, gross: 200, net: 200, tax: 0 },
        { rate: 19, gross: 1300, net: 1093, tax: 207 },
      ],
    });
    expect(await exported(one.id)).toEqual({ csv: 1500, xero: 1500, quickbooks: 1500 });
    const asMade = await closeRow(one.id);

    // Stripe: the refund fails after all (the card's account was closed); the money is back.
    const [ours] = await db().select().from(refunds).where(eq(refunds.id, refund.json().id));
    const reId = ours!.providerReference!;
    stripe.failSucceededRefund(reId);
    const event = stripe.signedRefundEvent('charge.refund.updated', reId, WEBHOOK_SECRET);
    // The webhook and the reconcile's ask-again race: one reversal.
    const [found] = await refundsWithBusiness(db()).where(eq(refunds.id, ours!.id));
    const [hook, asked] = await Promise.all([
      webhook(event.payload, event.signature),
      askRefundAgain(t.ctx, found!.refund, found!.txn, found!.business),
    ]);
    expect(hook.statusCode, hook.body).toBe(200);
    expect(asked.status).toBe('failed');
    // The same event again, and Stripe's `refund.failed` for it: nothing more.
    expect((await webhook(event.payload, event.signature)).json()).toMatchObject({ handled: false });
    const failedEvent = stripe.signedRefundEvent('refund.failed', reId, WEBHOOK_SECRET);
    expect((await webhook(failedEvent.payload, failedEvent.signature)).json()).toMatchObject({
      handled: false,
    });

    const [reversed] = await db().select().from(refunds).where(eq(refunds.id, ours!.id));
    expect(reversed).toMatchObject({ status: 'failed', failureCode: 'expired_or_canceled_card' });
    expect(reversed!.reversedAt).toBeInstanceOf(Date);
    expect(reversed!.succeededAt).toEqual(ours!.succeededAt);
    expect(await row(txn.id)).toMatchObject({ status: 'succeeded', amountRefunded: 0, tipRefunded: 0 });
    const entries = await db().select().from(balanceEntries).where(eq(balanceEntries.transactionId, txn.id));
    expect(entries.map((e) => [e.type, e.amount]).sort()).toEqual([
      ['payment', 2300],
      ['refund', -800],
      ['refund_reversal', 800],
    ]);
    const intentId = (await row(txn.id)).providerReference!;
    const chargeId = stripe.charges.find((c) => c.payment_intent === intentId)!.id;
    const atStripe = stripe.balanceTransactions.filter((b) => b.source === chargeId || b.source === reId);
    expect(sum(entries.map((e) => e.amount))).toBe(sum(atStripe.map((b) => b.amount)));
    const told = await db()
      .select()
      .from(events)
      .where(and(eq(events.objectId, txn.id), eq(events.type, 'transaction.refund_failed')));
    expect(told).toHaveLength(1);
    expect(told[0]!.data).toMatchObject({
      status: 'succeeded',
      amount_refunded: 0,
      refund: { id: ours!.id, status: 'failed' },
    });
    await refreshRollups(db());
    expect(await rolled()).toEqual({ refunds: 0, amount: 0 });

    // The console's transaction page lists it as failed.
    const detail = await get(`${base()}/transactions/${txn.id}`);
    expect(detail.json().refunds).toEqual([expect.objectContaining({ id: ours!.id, status: 'failed' })]);

    // The X report shows the reversal: a negative refund, net up, VAT back.
    const x = await get(`${till()}/closes/current`);
    expect(x.statusCode, x.body).toBe(200);
    expect(x.json().totals[0]).toMatchObject({ refunds_count: 0, refunds: -800, net: 800 });

    // Close 1 is as made and still verifies; close 2 counts the reversal.
    const two = await makeClose();
    expect(await closeRow(one.id)).toEqual(asMade);
    expect(two.totals[0]).toMatchObject({
      gross: 0,
      payments_count: 0,
      refunds_count: 0,
      refunds: -800,
      net: 800,
      tips: 100,
      grand_total: 2300,
      by_tax_rate: [
        { rate: null, gross: 100, net: 100, tax: 0 },
        { rate: 19, gross: 700, net: 588, tax: 112 },
      ],
    });
    expect(await exported(two.id)).toEqual({ csv: 800, xero: 800, quickbooks: 800 });
    const csv = csvRows((await get(`${base()}/closes/${two.id}/export.csv?format=csv`)).body);
    expect(csv).toEqual([
      expect.objectContaining({ type: 'refund_reversal', transaction_id: txn.id, gross: '8.00' }),
    ]);
    expect((await get(`${base()}/closes/${one.id}`)).json().refund_ids).toEqual([ours!.id]);
    expect((await get(`${base()}/closes/${two.id}`)).json().refund_ids).toEqual([ours!.id]);

    // Stripe pays out: the refund_failure is our reversal's entry, not an adjustment.
    const payout = stripe.createPayout('paid');
    const paidOut = stripe.signedPayoutEvent('payout.paid', payout.id, WEBHOOK_SECRET);
    expect((await webhook(paidOut.payload, paidOut.signature)).json()).toMatchObject({ handled: true });
    const after = await db()
      .select()
      .from(balanceEntries)
      .where(eq(balanceEntries.projectId, team.project.id));
    expect(after.filter((e) => e.type === 'adjustment')).toEqual([]);
    expect(after).toHaveLength(3);
    expect(sum(after.map((e) => e.settlementNet ?? e.net))).toBe(payout.amount);
    const items = await get(`${base()}/payouts`);
    const po = items.json().data[0];
    expect(po).toMatchObject({ amount: payout.amount, refunds: 0, payments_count: 1 });

    // The whole payment can be refunded again, its tip included.
    const again = await refundFor(txn.id, {});
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ amount: 2300, tip_amount: 300, status: 'succeeded' });
    expect(await row(txn.id)).toMatchObject({ status: 'refunded', amountRefunded: 2300, tipRefunded: 300 });

    const three = await makeClose();
    expect(three.totals[0]).toMatchObject({
      refunds_count: 1,
      refunds: 2300,
      net: -2300,
      grand_total: 0,
      by_tax_rate: [
        { rate: null, gross: -300, net: -300, tax: 0 },
        { rate: 19, gross: -2000, net: -1681, tax: -319 },
      ],
    });
    expect(await exported(three.id)).toEqual({ csv: -2300, xero: -2300, quickbooks: -2300 });
    // VAT over the three closes: what was charged less what was given back, none.
    const vat = [one, two, three].map((c) => sum(c.totals[0].by_tax_rate.map((r: { tax: number }) => r.tax)));
    expect(sum(vat)).toBe(0);

    const verify = await get(`${base()}/closes/verify`);
    expect(verify.json()).toMatchObject({ ok: true, checked: 3 });
  });

  it('a refund by line that fails frees its lines and gives their VAT back in the next close', async () => {
    const txn = await makeTransaction(db(), team.project.id, terminalId, {
      amount: 1500,
      provider: 'stripe',
      currency: 'EUR',
    });
    const line = (position: number, name: string, quantity: number, unitPrice: number, rate: number) => ({
      id: newId('li'),
      projectId: team.project.id,
      transactionId: txn.id,
      position,
      name,
      category: name,
      quantity: String(quantity),
      unitPrice,
      taxRate: String(rate),
      total: quantity * unitPrice,
      tax: Math.round((quantity * unitPrice * rate) / (100 + rate)),
    });
    const [bread, tea] = [line(0, 'bread', 2, 500, 19), line(1, 'tea', 1, 500, 7)];
    await db().insert(lineItems).values([bread, tea]);
    const scan = await t.app.inject({
      method: 'POST',
      url: '/mobile/v1/scans',
      payload: { token: txn.paymentToken },
      remoteAddress: nextIp(),
    });
    const paid = await t.app.inject({
      method: 'POST',
      url: `/mobile/v1/scans/${scan.json().id}/payments`,
      payload: { payment_method: 'pm_card_visa' },
      remoteAddress: nextIp(),
    });
    expect(paid.json().status).toBe('succeeded');
    t.advance(1000);
    const byLine = await refundFor(txn.id, { line_items: [{ line_id: bread.id, quantity: 1 }] });
    expect(byLine.statusCode, byLine.body).toBe(201);
    expect(byLine.json()).toMatchObject({ amount: 500, status: 'succeeded' });
    // Both loaves cannot be refunded while one is.
    expect((await refundFor(txn.id, { line_items: [{ line_id: bread.id, quantity: 2 }] })).statusCode).toBe(
      409,
    );
    const [given] = await db().select().from(refundLines).where(eq(refundLines.refundId, byLine.json().id));
    const before = await makeClose();
    expect(before.totals[0].refunds).toBe(500);

    const [ours] = await db().select().from(refunds).where(eq(refunds.id, byLine.json().id));
    stripe.failSucceededRefund(ours!.providerReference!);
    const event = stripe.signedRefundEvent('refund.updated', ours!.providerReference!, WEBHOOK_SECRET);
    expect((await webhook(event.payload, event.signature)).json()).toMatchObject({ handled: true });
    expect(await row(txn.id)).toMatchObject({ status: 'succeeded', amountRefunded: 0 });

    const next = await makeClose();
    expect(next.totals[0]).toMatchObject({ payments_count: 0, refunds_count: 0, refunds: -500, net: 500 });
    expect(next.totals[0].by_tax_rate).toEqual([
      { rate: 19, gross: 500, net: 500 - given!.tax, tax: given!.tax },
    ]);
    expect(await exported(next.id)).toEqual({ csv: 500, xero: 500, quickbooks: 500 });

    // The loaf is free again: both can be refunded now.
    const again = await refundFor(txn.id, { line_items: [{ line_id: bread.id, quantity: 2 }] });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ amount: 1000, status: 'succeeded' });
    await refreshRollups(db());
    const [items] = await rowsOf<{ refunded: number }>(
      db(),
      sql`select coalesce(sum(refunded_quantity), 0)::float8 as refunded from item_rollups
          where project_id = ${team.project.id} and level = 3 and category = 'bread'`,
    );
    expect(Number(items!.refunded)).toBe(2);
    expect((await get(`${base()}/closes/verify`)).json()).toMatchObject({ ok: true });
  });

  it('the daily schedule makes a close for a period that holds only a reversal', async () => {
    const txn = await makeTransaction(db(), team.project.id, terminalId, {
      amount: 1200,
      provider: 'stripe',
      currency: 'EUR',
    });
    const scan = await t.app.inject({
      method: 'POST',
      url: '/mobile/v1/scans',
      payload: { token: txn.paymentToken },
      remoteAddress: nextIp(),
    });
    await t.app.inject({
      method: 'POST',
      url: `/mobile/v1/scans/${scan.json().id}/payments`,
      payload: { payment_method: 'pm_card_visa' },
      remoteAddress: nextIp(),
    });
    t.advance(1000);
    const refund = await refundFor(txn.id, { amount: 200 });
    expect(refund.json().status).toBe('succeeded');
    await makeClose();
    const [ours] = await db().select().from(refunds).where(eq(refunds.id, refund.json().id));
    stripe.failSucceededRefund(ours!.providerReference!);
    const event = stripe.signedRefundEvent('refund.failed', ours!.providerReference!, WEBHOOK_SECRET);
    expect((await webhook(event.payload, event.signature)).json()).toMatchObject({ handled: true });

    const [{ time_zone }] = (await rowsOf<{ time_zone: string }>(
      db(),
      sql`select time_zone from projects where id = ${team.project.id}`,
    )) as [{ time_zone: string }];
    const hhmm = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: time_zone,
    }).format(new Date(t.ctx.now().getTime() + 60_000));
    const set = await t.app.inject({
      method: 'PATCH',
      url: base(),
      headers: team.owner.auth,
      payload: { daily_close_time: hhmm },
    });
    expect(set.statusCode, set.body).toBe(200);
    t.advance(61_000);
    expect(await runScheduledCloses(t.ctx)).toBe(1);
    const [last] = await db()
      .select()
      .from(closes)
      .where(eq(closes.terminalId, terminalId))
      .orderBy(desc(closes.number))
      .limit(1);
    expect(last!.closedBy).toMatchObject({ kind: 'schedule' });
    expect(last!.totals[0]).toMatchObject({ payments_count: 0, refunds_count: 0, refunds: -200, net: 200 });
    await t.app.inject({
      method: 'PATCH',
      url: base(),
      headers: team.owner.auth,
      payload: { daily_close_time: null },
    });
  });

  it('a failed event for a refund we never had, or one already failed, does nothing', async () => {
    const payload = JSON.stringify({
      id: 'evt_unknown',
      object: 'event',
      type: 'charge.refund.updated',
      data: { object: { id: 're_neverours', object: 'refund', status: 'failed' } },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const res = await webhook(payload, signature);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ handled: false });

    // A pending refund that failed (never succeeded) is not reversed: nothing was booked.
    const txn = await makeTransaction(db(), team.project.id, terminalId, {
      amount: 1000,
      provider: 'stripe',
      currency: 'EUR',
    });
    const scan = await t.app.inject({
      method: 'POST',
      url: '/mobile/v1/scans',
      payload: { token: txn.paymentToken },
      remoteAddress: nextIp(),
    });
    await t.app.inject({
      method: 'POST',
      url: `/mobile/v1/scans/${scan.json().id}/payments`,
      payload: { payment_method: 'pm_card_visa' },
      remoteAddress: nextIp(),
    });
    stripe.nextRefundStatus = 'pending';
    let pendingId: string;
    try {
      const pending = await refundFor(txn.id, { amount: 400 });
      expect(pending.json().status).toBe('pending');
      pendingId = pending.json().id;
    } finally {
      stripe.nextRefundStatus = 'succeeded';
    }
    const [pendingRow] = await db().select().from(refunds).where(eq(refunds.id, pendingId));
    stripe.settleRefund(pendingRow!.providerReference!, 'failed');
    const failed = stripe.signedRefundEvent('refund.failed', pendingRow!.providerReference!, WEBHOOK_SECRET);
    expect((await webhook(failed.payload, failed.signature)).json()).toMatchObject({ handled: true });
    expect((await webhook(failed.payload, failed.signature)).json()).toMatchObject({ handled: false });
    const [after] = await db().select().from(refunds).where(eq(refunds.id, pendingId));
    expect(after).toMatchObject({ status: 'failed', reversedAt: null, succeededAt: null });
    const entries = await db().select().from(balanceEntries).where(eq(balanceEntries.transactionId, txn.id));
    expect(entries.map((e) => e.type)).toEqual(['payment']);
    expect(await row(txn.id)).toMatchObject({ status: 'succeeded', amountRefunded: 0 });
  });
});
