import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refunds, simulatorCharges, transactions } from '../../../db/schema';
import { makeTeam } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { makeTerminal, makeTransaction, nextIp } from '../../../test/payment-factories';

type Team = Awaited<ReturnType<typeof makeTeam>>;

describe('main API: transactions, refunds, scans, events', () => {
  let t: TestApp;
  let team: Team;
  let other: Team;
  let terminalId: string;
  let keys: { read: string; write: string; otherWrite: string };
  const db = () => t.ctx.database.db;

  const key = async (tm: Team, mode: 'read' | 'write') => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${tm.project.id}/api-keys`,
      headers: tm.owner.auth,
      payload: { name: `k-${mode}`, mode },
    });
    return `Bearer ${res.json().secret}`;
  };

  beforeAll(async () => {
    t = await createTestApp();
    team = await makeTeam(t);
    other = await makeTeam(t);
    terminalId = (await makeTerminal(db(), team.project.id, { label: 'Till A' })).id;
    keys = {
      read: await key(team, 'read'),
      write: await key(team, 'write'),
      otherWrite: await key(other, 'write'),
    };
  });
  afterAll(() => t.close());

  const base = () => `/api/v1/projects/${team.project.id}`;
  const get = (url: string, authorization = team.owner.auth.authorization) =>
    t.app.inject({ method: 'GET', url, headers: { authorization } });

  /** A transaction paid through the mobile API with the simulator. */
  const paid = async (amount = 1000) => {
    const txn = await makeTransaction(db(), team.project.id, terminalId, { amount });
    const scan = await t.app.inject({
      method: 'POST',
      url: '/mobile/v1/scans',
      payload: { token: txn.paymentToken },
      remoteAddress: nextIp(),
    });
    const pay = await t.app.inject({
      method: 'POST',
      url: `/mobile/v1/scans/${scan.json().id}/payments`,
      payload: { payment_method: 'pm_card_visa' },
      remoteAddress: nextIp(),
    });
    expect(pay.json().status).toBe('succeeded');
    return { txn, scanId: scan.json().id as string };
  };
  const refund = (id: string, payload: unknown, authorization = team.owner.auth.authorization) =>
    t.app.inject({
      method: 'POST',
      url: `${base()}/transactions/${id}/refunds`,
      headers: { authorization },
      payload: payload as object,
    });

  describe('security', () => {
    it('outsiders and other projects’ keys get 404; members and read keys read but cannot refund', async () => {
      const { txn } = await paid(500);
      for (const url of [
        `${base()}/transactions`,
        `${base()}/transactions/${txn.id}`,
        `${base()}/scans`,
        `${base()}/events`,
      ]) {
        expect((await get(url, team.outsider.auth.authorization)).statusCode).toBe(404);
        expect((await get(url, keys.otherWrite)).statusCode).toBe(404);
        expect((await get(url, team.member.auth.authorization)).statusCode).toBe(200);
        expect((await get(url, keys.read)).statusCode).toBe(200);
      }
      expect((await refund(txn.id, {}, team.outsider.auth.authorization)).statusCode).toBe(404);
      expect((await refund(txn.id, {}, keys.otherWrite)).statusCode).toBe(404);
      expect((await refund(txn.id, {}, team.member.auth.authorization)).statusCode).toBe(403);
      const readKey = await refund(txn.id, {}, keys.read);
      expect(readKey.statusCode).toBe(403);
      expect(readKey.json().code).toBe('api_key_read_only');
      // Another project's transaction id through this project: 404.
      const theirs = await makeTransaction(
        db(),
        other.project.id,
        (await makeTerminal(db(), other.project.id)).id,
      );
      expect((await get(`${base()}/transactions/${theirs.id}`)).statusCode).toBe(404);
      expect((await refund(theirs.id, {})).statusCode).toBe(404);
      expect((await refund(txn.id, { amount: 100 }, keys.write)).statusCode).toBe(201);
      expect((await refund(txn.id, { amount: 100 }, team.admin.auth.authorization)).statusCode).toBe(201);
    });
  });

  describe('refunds', () => {
    it('partial then full; over-refund is 409; history and events follow', async () => {
      const { txn } = await paid(1000);
      const first = await refund(txn.id, { amount: 300, reason: 'requested_by_customer' });
      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({
        id: expect.stringMatching(/^rfd_/),
        amount: 300,
        status: 'succeeded',
      });
      let detail = (await get(`${base()}/transactions/${txn.id}`)).json();
      expect(detail).toMatchObject({ status: 'partially_refunded', amount_refunded: 300 });
      const over = await refund(txn.id, { amount: 701 });
      expect(over.statusCode).toBe(409);
      expect(over.json().code).toBe('refund_exceeds_amount');
      const rest = await refund(txn.id, {});
      expect(rest.json()).toMatchObject({ amount: 700, status: 'succeeded' });
      detail = (await get(`${base()}/transactions/${txn.id}`)).json();
      expect(detail).toMatchObject({
        status: 'refunded',
        amount_refunded: 1000,
        card_last4: '4242',
        card_brand: 'visa',
      });
      expect(detail.refunds.map((r: { amount: number }) => r.amount)).toEqual([300, 700]);
      expect(detail.status_history.map((h: { status: string }) => h.status)).toEqual([
        'processing',
        'succeeded',
        'partially_refunded',
        'refunded',
      ]);
      expect(detail.payment_attempts).toHaveLength(1);
      expect(detail.scans).toHaveLength(1);
      expect((await refund(txn.id, { amount: 1 })).statusCode).toBe(409);
      const evts = (
        await get(`${base()}/events?object_id[equals]=${txn.id}&type[equals]=transaction.refunded`)
      ).json();
      expect(evts.data).toHaveLength(2);
      const one = (await get(`${base()}/events/${evts.data[0].id}`)).json();
      expect(one).toMatchObject({ type: 'transaction.refunded', object_id: txn.id });
      const [charge] = await db()
        .select()
        .from(simulatorCharges)
        .where(eq(simulatorCharges.idempotencyKey, txn.id));
      expect(charge!.amountRefunded).toBe(1000);
    });

    it('a pending or failed transaction cannot be refunded', async () => {
      const txn = await makeTransaction(db(), team.project.id, terminalId);
      const res = await refund(txn.id, {});
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('transaction_state_conflict');
    });

    it('an Idempotency-Key answers the first refund again; another body with it is 409', async () => {
      const { txn } = await paid(1000);
      const withKey = (payload: object, key: string) =>
        t.app.inject({
          method: 'POST',
          url: `${base()}/transactions/${txn.id}/refunds`,
          headers: { authorization: keys.write, 'idempotency-key': key },
          payload,
        });
      // A retry and a double tap: one refund.
      const [first, tap] = await Promise.all([
        withKey({ amount: 300 }, 'rfd-1'),
        withKey({ amount: 300 }, 'rfd-1'),
      ]);
      const again = await withKey({ amount: 300 }, 'rfd-1');
      expect(first.statusCode, first.body).toBe(201);
      expect(tap.statusCode, tap.body).toBe(201);
      expect(again.statusCode).toBe(201);
      expect(tap.json().id).toBe(first.json().id);
      // The request that lost the race answers the refund as it is now: still pending if the
      // winner had not heard from the provider yet. The retry after both answers it settled.
      const settled = [first, tap].find((r) => r.json().status === 'succeeded');
      expect(settled, `${first.body} ${tap.body}`).toBeDefined();
      expect(again.json()).toEqual(settled!.json());
      const reused = await withKey({ amount: 200 }, 'rfd-1');
      expect(reused.statusCode).toBe(409);
      expect(reused.json().code).toBe('idempotency_key_reused');
      // Another caller's key of the same name is its own.
      const owner = await t.app.inject({
        method: 'POST',
        url: `${base()}/transactions/${txn.id}/refunds`,
        headers: { ...team.owner.auth, 'idempotency-key': 'rfd-1' },
        payload: { amount: 100 },
      });
      expect(owner.statusCode).toBe(201);
      const rows = await db().select().from(refunds).where(eq(refunds.transactionId, txn.id));
      expect(rows.map((r) => r.amount).sort()).toEqual([100, 300]);
      const [row] = await db().select().from(transactions).where(eq(transactions.id, txn.id));
      expect(row!.amountRefunded).toBe(400);
      expect((await withKey({ amount: 300 }, 'é')).statusCode).toBe(400);
    });

    it('concurrent refunds never exceed what was paid', async () => {
      const { txn } = await paid(1000);
      const answers = await Promise.all(Array.from({ length: 8 }, () => refund(txn.id, { amount: 300 })));
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes.filter((c) => c === 201)).toHaveLength(3);
      expect(codes.filter((c) => c === 409)).toHaveLength(5);
      const [row] = await db().select().from(transactions).where(eq(transactions.id, txn.id));
      expect(row).toMatchObject({ amountRefunded: 900, status: 'partially_refunded' });
      const rows = await db().select().from(refunds).where(eq(refunds.transactionId, txn.id));
      expect(rows.reduce((s, r) => s + r.amount, 0)).toBe(900);
    });
  });

  describe('lists', () => {
    let lt: Team;
    let ids: string[];
    beforeAll(async () => {
      lt = await makeTeam(t);
      const term = await makeTerminal(db(), lt.project.id, { label: 'List till' });
      ids = [];
      // 30 transactions over 30 days (New York time), amounts 100…3000, every third failed.
      const start = Date.parse('2026-10-01T16:00:00Z');
      for (let i = 0; i < 30; i++) {
        const row = await makeTransaction(db(), lt.project.id, term.id, {
          amount: (i + 1) * 100,
          status: i % 3 === 0 ? 'failed' : 'succeeded',
          createdAt: new Date(start + i * 86_400_000),
          cardLast4: i % 2 ? '4242' : '4444',
          reference: `order-${i}`,
        });
        ids.push(row.id);
      }
      // Same created_at for two rows: the id breaks the tie.
      await db()
        .update(transactions)
        .set({ createdAt: new Date(start) })
        .where(eq(transactions.id, ids[1]!));
    });
    const list = (q: string) =>
      get(`/api/v1/projects/${lt.project.id}/transactions?${q}`, lt.owner.auth.authorization);

    it('filters by status, amount range and date range, with terminal labels', async () => {
      const res = await list(
        'status[equals]=succeeded&amount[gte]=500&amount[lte]=2000&created_at[dateAfter]=2026-10-04&created_at[dateBefore]=2026-10-20&limit=100',
      );
      expect(res.statusCode).toBe(200);
      const data = res.json().data as {
        amount: number;
        status: string;
        terminal_label: string;
        created_at: string;
      }[];
      // Days 2026-10-05 … 2026-10-19 → i = 4 … 18; amount 500…1900; not i % 3 === 0.
      const expected = Array.from({ length: 15 }, (_, k) => k + 4)
        .filter((i) => i % 3 !== 0)
        .map((i) => (i + 1) * 100)
        .reverse();
      expect(data.map((d) => d.amount)).toEqual(expected);
      expect(new Set(data.map((d) => d.terminal_label))).toEqual(new Set(['List till']));
      const last4 = (await list('card_last4[equals]=4444&limit=100')).json().data;
      expect(last4).toHaveLength(15);
      const ref = (await list('reference[startsWith]=order-2&limit=100')).json().data;
      expect(ref).toHaveLength(11);
    });

    it('takes a date range (`between`, both days included) and refuses a reversed or malformed one', async () => {
      const same = await list(
        'status[equals]=succeeded&amount[gte]=500&amount[lte]=2000&created_at[dateBetween]=2026-10-05,2026-10-19&limit=100',
      );
      expect(same.statusCode, same.body).toBe(200);
      const expected = Array.from({ length: 15 }, (_, k) => k + 4)
        .filter((i) => i % 3 !== 0)
        .map((i) => (i + 1) * 100)
        .reverse();
      expect(same.json().data.map((d: { amount: number }) => d.amount)).toEqual(expected);
      const oneDay = (await list('created_at[dateBetween]=2026-10-05,2026-10-05&limit=100')).json().data;
      expect(oneDay.map((d: { amount: number }) => d.amount)).toEqual([500]);
      for (const bad of ['2026-10-19,2026-10-05', '2026-10-05', '2026-10-05,2026-02-30', '2026-10-05,x,y']) {
        const res = await list(`created_at[dateBetween]=${bad}`);
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().code).toBe('validation_failed');
      }
    });

    it('sorts by amount both ways', async () => {
      const asc = (await list('sort=amount&limit=5')).json().data.map((d: { amount: number }) => d.amount);
      expect(asc).toEqual([100, 200, 300, 400, 500]);
      const desc = (await list('sort=-amount&limit=3')).json().data.map((d: { amount: number }) => d.amount);
      expect(desc).toEqual([3000, 2900, 2800]);
    });

    it('an unknown cursor gives an empty page, not an error', async () => {
      const res = await list('starting_after=txn_unknown');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: [], next_cursor: null });
    });

    it('keyset pages cover every row once, in every sort', async () => {
      for (const sort of ['-created_at', 'created_at', 'amount', '-amount']) {
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const res = await list(`sort=${sort}&limit=7${cursor ? `&starting_after=${cursor}` : ''}`);
          const body = res.json() as { data: { id: string }[]; next_cursor: string | null };
          seen.push(...body.data.map((d) => d.id));
          cursor = body.next_cursor;
        } while (cursor);
        expect(seen).toHaveLength(30);
        expect(new Set(seen).size).toBe(30);
      }
    });

    it('refuses bad filters with 400', async () => {
      for (const q of [
        'amount[contains]=5',
        'status[equals]=bogus',
        'nope[equals]=1',
        'sort=reference',
        'created_at[dateIs]=yesterday',
        'created_at[dateIs]=2026-02-30',
        'created_at[dateAfter]=0000-01-01',
        'amount[gte]=1e3',
        `starting_after=${'x'.repeat(300)}`,
      ]) {
        const res = await list(q);
        expect(res.statusCode, q).toBe(400);
        expect(res.headers['content-type']).toMatch(/problem\+json/);
      }
    });
  });

  it('scans: list with filters and one scan', async () => {
    const { scanId } = await paid(200);
    const all = (
      await get(`${base()}/scans?outcome[equals]=paid&terminal_id[equals]=${terminalId}&limit=100`)
    ).json();
    expect(all.data.map((s: { id: string }) => s.id)).toContain(scanId);
    const one = await get(`${base()}/scans/${scanId}`);
    expect(one.json()).toMatchObject({ id: scanId, outcome: 'paid', terminal_label: 'Till A' });
    expect((await get(`${base()}/scans/${scanId}`, other.owner.auth.authorization)).statusCode).toBe(404);
    expect(
      (await get(`/api/v1/projects/${other.project.id}/scans/${scanId}`, other.owner.auth.authorization))
        .statusCode,
    ).toBe(404);
  });
});
