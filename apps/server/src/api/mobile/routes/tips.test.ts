import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, simulatorCharges } from '../../../db/schema';
import { refreshRollups } from '../../../domain/dashboard/refresh-rollups';
import { makeTeam } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { nextIp } from '../../../test/payment-factories';
import { apiKeyFor, idemKey, pairedTerminal, type Team } from '../../../test/terminal-fixtures';

describe('tips on the shopper’s phone', () => {
  let t: TestApp;
  let team: Team;
  let device: Awaited<ReturnType<typeof pairedTerminal>>;
  beforeAll(async () => {
    t = await createTestApp();
    team = await makeTeam(t);
    device = await pairedTerminal(t, team);
  });
  afterAll(() => t.close());

  const setTipping = (tipping: Record<string, unknown>, headers = team.owner.auth) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${team.project.id}`,
      headers,
      payload: { tipping },
    });
  const checkout = async (amount: number, extra: Record<string, unknown> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/terminal/v1/transactions',
      headers: { ...device.auth, 'idempotency-key': idemKey() },
      payload: { amount, ...extra },
    });
    expect(res.statusCode, res.body).toBe(201);
    const txn = res.json();
    const scan = await t.app.inject({
      method: 'POST',
      url: '/mobile/v1/scans',
      payload: { token: new URL(txn.payment_url).pathname.split('/').pop() },
      remoteAddress: nextIp(),
    });
    expect(scan.statusCode, scan.body).toBe(201);
    return { txn, scan: scan.json() };
  };
  const pay = (scanId: string, payment_method: string, tip_amount?: number) =>
    t.app.inject({
      method: 'POST',
      url: `/mobile/v1/scans/${scanId}/payments`,
      payload: { payment_method, ...(tip_amount !== undefined ? { tip_amount } : {}) },
      remoteAddress: nextIp(),
    });
  const terminalTxn = async (id: string) =>
    (await t.app.inject({ url: `/terminal/v1/transactions/${id}`, headers: device.auth })).json();
  const consoleTxn = async (id: string) =>
    (
      await t.app.inject({
        url: `/api/v1/projects/${team.project.id}/transactions/${id}`,
        headers: team.owner.auth,
      })
    ).json();

  it('is off by default; admins set it, members cannot, and bad settings are 400', async () => {
    const read = await t.app.inject({
      url: `/api/v1/projects/${team.project.id}`,
      headers: team.member.auth,
    });
    expect(read.json()).toMatchObject({
      tipping: {
        enabled: false,
        percentages: [10, 15, 20],
        fixed_amounts: [100, 200, 300],
        smart_threshold: 1000,
        allow_custom: true,
      },
      cashier_idle_minutes: 5,
    });
    expect((await setTipping({ enabled: true }, team.member.auth)).statusCode).toBe(403);
    for (const bad of [
      { percentages: [10, 15, 20, 25] },
      { percentages: [0] },
      { percentages: [101] },
      { fixed_amounts: [100, 200, 300, 400] },
      { fixed_amounts: [-1] },
      { smart_threshold: -5 },
      { enabled: 'yes' },
      { surprise: true },
    ]) {
      const res = await setTipping(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    const on = await setTipping({ enabled: true }, team.admin.auth);
    expect(on.statusCode, on.body).toBe(200);
    // Only the fields sent change.
    expect(on.json().tipping).toEqual({
      enabled: true,
      percentages: [10, 15, 20],
      fixed_amounts: [100, 200, 300],
      smart_threshold: 1000,
      allow_custom: true,
    });
  });

  it('shows the choices with the amount each adds: percentages from the threshold, fixed amounts below', async () => {
    await setTipping({ enabled: true, percentages: [10, 15, 20], smart_threshold: 1000 });
    const big = await checkout(2475);
    expect(big.scan.tipping).toEqual({
      choices: [
        { kind: 'percent', percent: 10, amount: 248 },
        { kind: 'percent', percent: 15, amount: 371 },
        { kind: 'percent', percent: 20, amount: 495 },
      ],
      allow_custom: true,
      max_amount: 2475,
    });
    expect(big.scan.transaction).toMatchObject({ tip_amount: 0, amount_total: 2475 });
    const small = await checkout(450);
    expect(small.scan.tipping.choices).toEqual([
      { kind: 'fixed', amount: 100 },
      { kind: 'fixed', amount: 200 },
      { kind: 'fixed', amount: 300 },
    ]);
    // A register that skips tipping: no choices.
    const skipped = await checkout(2475, { skip_tipping: true });
    expect(skipped.scan.tipping).toBeNull();
  });

  it('charges amount + tip; the transaction, terminal, CSV, receipt and webhooks show it', async () => {
    await setTipping({ enabled: true, smart_threshold: 1000 });
    const { txn, scan } = await checkout(1005);
    // 15 % of 10.05 = 1.5075 → 1.51 (half up).
    const tip = scan.tipping.choices.find((c: { percent?: number }) => c.percent === 15).amount;
    expect(tip).toBe(151);
    const paid = await pay(scan.id, 'pm_card_visa', tip);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().status).toBe('succeeded');
    const [charge] = await t.ctx.database.db
      .select()
      .from(simulatorCharges)
      .where(eq(simulatorCharges.idempotencyKey, txn.id));
    expect(charge!.amount).toBe(1156);
    expect(await terminalTxn(txn.id)).toMatchObject({ amount: 1005, tip_amount: 151, amount_total: 1156 });
    const detail = await consoleTxn(txn.id);
    expect(detail).toMatchObject({ amount: 1005, tip_amount: 151, amount_total: 1156, status: 'succeeded' });
    const all = await t.ctx.database.db.select().from(events).where(eq(events.objectId, txn.id));
    expect(all.find((e) => e.type === 'transaction.succeeded')!.data).toMatchObject({
      tip_amount: 151,
      amount_total: 1156,
    });
    const csv = await t.app.inject({
      url: `/api/v1/projects/${team.project.id}/transactions/export.csv?reference[equals]=x`,
      headers: team.owner.auth,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body.split('\r\n')[0]).toContain('tip_amount,amount_total,');
    expect(csv.body.split('\r\n')[0]).toContain('cashier_id,cashier_name');
    const csvAll = await t.app.inject({
      url: `/api/v1/projects/${team.project.id}/transactions/export.csv`,
      headers: team.owner.auth,
    });
    const header = csvAll.body.split('\r\n')[0]!.split(',');
    const line = csvAll.body
      .split('\r\n')
      .find((l) => l.startsWith(txn.id))!
      .split(',');
    expect(line[header.indexOf('tip_amount')]).toBe('1.51');
    expect(line[header.indexOf('amount_total')]).toBe('11.56');
    const receipt = await t.app.inject({ url: new URL(detail.receipt_url).pathname });
    expect(receipt.body).toContain('Tip');
    expect(receipt.body).toContain('$11.56');
  });

  it('refunds up to amount_total, not beyond', async () => {
    await setTipping({ enabled: true });
    const { txn, scan } = await checkout(2000);
    expect((await pay(scan.id, 'pm_card_visa', 300)).json().status).toBe('succeeded');
    const refund = (amount?: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/projects/${team.project.id}/transactions/${txn.id}/refunds`,
        headers: team.owner.auth,
        payload: amount === undefined ? {} : { amount },
      });
    expect((await refund(2000)).statusCode).toBe(201);
    expect((await consoleTxn(txn.id)).status).toBe('partially_refunded');
    const over = await refund(301);
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('refund_exceeds_amount');
    const rest = await refund();
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().amount).toBe(300);
    expect(await consoleTxn(txn.id)).toMatchObject({ status: 'refunded', amount_refunded: 2300 });
  });

  it('refuses a tip above the amount, a negative one, and tips when off or skipped (400 tipping_disabled)', async () => {
    await setTipping({ enabled: true });
    const { scan } = await checkout(500);
    const over = await pay(scan.id, 'pm_card_visa', 501);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: 'validation_failed', errors: [{ field: 'tip_amount' }] });
    expect((await pay(scan.id, 'pm_card_visa', -1)).statusCode).toBe(400);
    expect((await pay(scan.id, 'pm_card_visa', 1.5)).statusCode).toBe(400);
    // Exactly the amount is allowed.
    expect((await pay(scan.id, 'pm_card_visa', 500)).json().status).toBe('succeeded');

    const skipped = await checkout(900, { skip_tipping: true });
    const refused = await pay(skipped.scan.id, 'pm_card_visa', 100);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('tipping_disabled');
    // No tip is always fine.
    expect((await pay(skipped.scan.id, 'pm_card_visa', 0)).json().status).toBe('succeeded');

    await setTipping({ enabled: false });
    const off = await checkout(900);
    expect(off.scan.tipping).toBeNull();
    const refusedOff = await pay(off.scan.id, 'pm_card_visa', 100);
    expect(refusedOff.statusCode).toBe(400);
    expect(refusedOff.json().code).toBe('tipping_disabled');
  });

  it('without custom tips, only an offered choice is taken', async () => {
    await setTipping({ enabled: true, allow_custom: false, smart_threshold: null });
    const { scan } = await checkout(1000);
    expect(scan.tipping.allow_custom).toBe(false);
    const custom = await pay(scan.id, 'pm_card_visa', 123);
    expect(custom.statusCode).toBe(400);
    expect((await pay(scan.id, 'pm_card_visa', 150)).json().status).toBe('succeeded');
    await setTipping({ allow_custom: true });
  });

  it('a declined card and a retry may pick another tip; the declined tip is not kept', async () => {
    await setTipping({ enabled: true });
    const { txn, scan } = await checkout(3000);
    const declined = await pay(scan.id, 'pm_card_chargeDeclined', 600);
    expect(declined.json().status).toBe('pending');
    expect(await terminalTxn(txn.id)).toMatchObject({ tip_amount: 0, amount_total: 3000 });
    const retry = await pay(scan.id, 'pm_card_visa', 450);
    expect(retry.json().status).toBe('succeeded');
    expect(await terminalTxn(txn.id)).toMatchObject({ tip_amount: 450, amount_total: 3450 });
  });

  it('the dashboard counts the tips of its range', async () => {
    // The dashboard reads the rollups, which the job brings up to date (within 15 s in a server).
    await refreshRollups(t.ctx.database.db);
    const res = await t.app.inject({
      url: `/api/v1/projects/${team.project.id}/dashboard`,
      headers: team.owner.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // 151 + 300 + 500 + 150 + 450 from the tests above, less the 300 given back by a full refund:
    // tips kept, as the close's by_cashier counts them.
    expect(body.tips).toBe(1251);
    expect(body.by_cashier).toEqual([expect.objectContaining({ cashier_id: null, name: null, tips: 1251 })]);
  });

  it('a refund may give back just the tip: the transaction, receipt, close and dashboard follow', async () => {
    const { txn, scan } = await checkout(2000);
    expect((await pay(scan.id, 'pm_card_visa', 145)).json().status).toBe('succeeded');
    const refund = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/projects/${team.project.id}/transactions/${txn.id}/refunds`,
        headers: team.owner.auth,
        payload,
      });
    const back = await refund({ tip_amount: 145 });
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json()).toMatchObject({ amount: 145, tip_amount: 145 });
    expect((await refund({ tip_amount: 1 })).json().code).toBe('refund_exceeds_amount');
    expect((await refund({ amount: 100, tip_amount: 101 })).statusCode).toBe(400);
    const after = await consoleTxn(txn.id);
    expect(after).toMatchObject({
      status: 'partially_refunded',
      tip_amount: 0,
      tip_refunded: 145,
      amount_total: 2145,
      amount_refunded: 145,
    });
    const receipt = await t.app.inject({ url: new URL(after.receipt_url).pathname });
    // The amount given back is written as the shopper's language writes a negative amount.
    const minus = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(-1.45);
    expect(receipt.body).toContain(` · Tip $1.45</th><td>${minus}`);
    expect(receipt.body).toMatch(/Refund, [^<]* · Tip/);
    const close = await t.app.inject({ method: 'POST', url: '/terminal/v1/closes', headers: device.auth });
    expect(close.statusCode, close.body).toBe(201);
    // Every tip of this file so far, less the 300 refunded in full and the 145 given back.
    expect(close.json().totals[0].tips).toBe(1251);
    await refreshRollups(t.ctx.database.db);
    const dashboard = await t.app.inject({
      url: `/api/v1/projects/${team.project.id}/dashboard`,
      headers: team.owner.auth,
    });
    expect(dashboard.json().tips).toBe(1251);
    expect(dashboard.json().by_cashier).toEqual([expect.objectContaining({ cashier_id: null, tips: 1251 })]);
  });

  it('an API key register may create with skip_tipping', async () => {
    const key = await apiKeyFor(t, team, 'write');
    const res = await t.app.inject({
      method: 'POST',
      url: '/terminal/v1/transactions',
      headers: { ...key, 'idempotency-key': idemKey() },
      payload: { amount: 1200, terminal_id: device.terminal.id, skip_tipping: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ tip_amount: 0, amount_total: 1200, cashier_id: null });
  });
});
