import { GENESIS_HASH } from '@scanline/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceEntries, closes, projects } from '../../../db/schema';
import { closeHash } from '../../../domain/books/close-hash';
import { closeFigures, withGrandTotals } from '../../../domain/books/close-totals';
import { runScheduledCloses } from '../../../domain/books/run-scheduled-closes';
import { hashedFieldsOf } from '../../../domain/presenters/books';
import { newId } from '../../../platform/ids';
import { makeTeam } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import {
  apiKeyFor,
  cashierSignedIn,
  idemKey,
  pairedTerminal,
  staffFor,
} from '../../../test/terminal-fixtures';

// The cash drawer (docs/guide/drawer.md): a float, cash sales and refunds, paid in and out,
// counted at the close, which ends it; the close's cash is hashed, exported and verified.
describe('the cash drawer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const inject = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    headers: Record<string, string>,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const sale = async (
    auth: Record<string, string>,
    amount: number,
    cash: { amount: number; given: number },
  ) => {
    const created = await inject(
      'POST',
      '/terminal/v1/transactions',
      { ...auth, 'idempotency-key': idemKey() },
      { amount, currency: 'USD' },
    );
    expect(created.statusCode, created.body).toBe(201);
    const paid = await inject(
      'POST',
      `/terminal/v1/transactions/${created.json().id}/tenders`,
      { ...auth, 'idempotency-key': idemKey() },
      { method: 'cash', amount: cash.amount, cash_given: cash.given },
    );
    expect(paid.statusCode, paid.body).toBe(201);
    return created.json().id as string;
  };

  it('opens with a float, counts cash sales, refunds and movements into expected', async () => {
    const team = await makeTeam(t);
    const till = await pairedTerminal(t, team);
    const closed = await inject('GET', '/terminal/v1/drawer', till.auth);
    expect(closed.json()).toMatchObject({ status: 'closed', opened_at: null, currency: 'USD', expected: 0 });
    const noFloat = await inject('POST', '/terminal/v1/drawer/open', till.auth, { float: -1 });
    expect(noFloat.statusCode).toBe(400);

    const opened = await inject('POST', '/terminal/v1/drawer/open', till.auth, { float: 10000 });
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json()).toMatchObject({ status: 'open', float: 10000, expected: 10000, movements: [] });
    const twice = await inject('POST', '/terminal/v1/drawer/open', till.auth, { float: 1 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('drawer_already_open');

    await sale(till.auth, 1250, { amount: 1250, given: 2000 });
    // A partly paid checkout canceled: its cash goes back out of the drawer.
    const partly = await sale(till.auth, 800, { amount: 300, given: 500 });
    const canceled = await inject('POST', `/terminal/v1/transactions/${partly}/cancel`, till.auth);
    expect(canceled.statusCode, canceled.body).toBe(200);
    const paidIn = await inject('POST', '/terminal/v1/drawer/movements', till.auth, {
      type: 'paid_in',
      amount: 500,
      reason: 'More coins',
    });
    expect(paidIn.statusCode, paidIn.body).toBe(201);
    const noAmount = await inject('POST', '/terminal/v1/drawer/movements', till.auth, {
      type: 'paid_out',
      reason: 'Milk',
    });
    expect(noAmount.statusCode).toBe(400);
    await inject('POST', '/terminal/v1/drawer/movements', till.auth, {
      type: 'paid_out',
      amount: 300,
      reason: 'Milk',
    });
    await inject('POST', '/terminal/v1/drawer/movements', till.auth, {
      type: 'no_sale',
      reason: 'Change for a note',
    });

    const drawer = (await inject('GET', '/terminal/v1/drawer', till.auth)).json();
    expect(drawer).toMatchObject({
      status: 'open',
      float: 10000,
      cash_sales: 1250 + 300,
      cash_refunds: 300,
      paid_in: 500,
      paid_out: 300,
      expected: 10000 + 1550 - 300 + 500 - 300,
    });
    expect(drawer.movements.map((m: { type: string; amount: number }) => [m.type, m.amount])).toEqual(
      expect.arrayContaining([
        ['paid_in', 500],
        ['paid_out', 300],
        ['no_sale', 0],
      ]),
    );
    // People and keys read it through the terminal's path; a read key cannot act.
    const base = `/terminal/v1/projects/${team.project.id}/terminals/${till.terminal.id}/drawer`;
    expect((await inject('GET', base, team.owner.auth)).json().expected).toBe(drawer.expected);
    const readKey = await apiKeyFor(t, team, 'read');
    expect((await inject('GET', base, readKey)).statusCode).toBe(200);
    const refused = await inject('POST', `${base}/movements`, readKey, {
      type: 'paid_in',
      amount: 1,
      reason: 'x',
    });
    expect(refused.json().code).toBe('api_key_read_only');
    const writeKey = await apiKeyFor(t, team, 'write');
    const byKey = await inject('POST', `${base}/movements`, writeKey, {
      type: 'paid_in',
      amount: 100,
      reason: 'Tips jar',
    });
    expect(byKey.statusCode, byKey.body).toBe(201);
    expect(byKey.json().movements.at(-1)).toMatchObject({ actor: { kind: 'api_key' }, amount: 100 });
  });

  it('where staff sign in, paid out and no sale need a manager', async () => {
    const team = await makeTeam(t);
    const till = await pairedTerminal(t, team);
    await staffFor(t, team, { name: 'Ana', pin: '4821', role: 'cashier' });
    await staffFor(t, team, { name: 'Max', pin: '7395', role: 'manager' });
    const noOne = await inject('POST', '/terminal/v1/drawer/open', till.auth, { float: 100 });
    expect(noOne.json().code).toBe('cashier_required');
    const ana = await cashierSignedIn(t, till.auth, '4821');
    const opened = await inject(
      'POST',
      '/terminal/v1/drawer/open',
      { ...till.auth, ...ana.header },
      { float: 100 },
    );
    expect(opened.statusCode, opened.body).toBe(201);
    const paidIn = await inject(
      'POST',
      '/terminal/v1/drawer/movements',
      { ...till.auth, ...ana.header },
      { type: 'paid_in', amount: 50, reason: 'Coins' },
    );
    expect(paidIn.statusCode).toBe(201);
    expect(paidIn.json().movements[0]).toMatchObject({ cashier_name: 'Ana', actor: { kind: 'device' } });
    for (const body of [
      { type: 'paid_out', amount: 50, reason: 'Milk' },
      { type: 'no_sale', reason: 'Change' },
    ]) {
      const res = await inject(
        'POST',
        '/terminal/v1/drawer/movements',
        { ...till.auth, ...ana.header },
        body,
      );
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('manager_required');
    }
    const max = await cashierSignedIn(t, till.auth, '7395');
    const out = await inject(
      'POST',
      '/terminal/v1/drawer/movements',
      { ...till.auth, ...max.header },
      { type: 'paid_out', amount: 50, reason: 'Milk' },
    );
    expect(out.statusCode, out.body).toBe(201);
    expect(out.json()).toMatchObject({ paid_in: 50, paid_out: 50, expected: 100 });
  });

  it('the close counts the drawer: a variance, hashed, exported to its net, verified; the drawer ends', async () => {
    const team = await makeTeam(t);
    const till = await pairedTerminal(t, team);
    const base = `/terminal/v1/projects/${team.project.id}/terminals/${till.terminal.id}`;
    await inject('POST', '/terminal/v1/drawer/open', till.auth, { float: 5000 });
    await sale(till.auth, 1250, { amount: 1250, given: 2000 });
    const second = await sale(till.auth, 999, { amount: 999, given: 1000 });
    // A cash payment refunded from the console: cash out of the drawer, never a balance entry.
    const main = `/api/v1/projects/${team.project.id}`;
    const refund = await inject('POST', `${main}/transactions/${second}/refunds`, team.owner.auth, {
      amount: 199,
    });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(refund.json().status).toBe('succeeded');
    const entries = await t.ctx.database.db
      .select()
      .from(balanceEntries)
      .where(eq(balanceEntries.projectId, team.project.id));
    expect(entries).toEqual([]);
    await inject('POST', '/terminal/v1/drawer/movements', till.auth, {
      type: 'paid_out',
      amount: 400,
      reason: 'Window cleaner',
    });

    const current = (await inject('GET', `${base}/closes/current`, till.auth)).json();
    expect(current.totals[0].cash).toMatchObject({
      expected: 5000 + 2249 - 199 - 400,
      counted: null,
      variance: null,
    });

    const uncounted = await inject('POST', '/terminal/v1/closes', till.auth);
    expect(uncounted.statusCode).toBe(422);
    expect(uncounted.json().code).toBe('counted_cash_required');

    const made = await inject('POST', '/terminal/v1/closes', till.auth, { counted_cash: 6600 });
    expect(made.statusCode, made.body).toBe(201);
    const usd = made.json().totals[0];
    expect(usd).toMatchObject({ currency: 'USD', gross: 2249, refunds: 199, net: 2050, payments_count: 2 });
    expect(usd.by_tender).toEqual([{ method: 'cash', count: 2, amount: 2249 }]);
    expect(usd.cash).toEqual({
      float: 5000,
      sales: 2249,
      refunds: 199,
      paid_in: 0,
      paid_out: 400,
      expected: 6650,
      counted: 6600,
      variance: -50,
    });
    // The drawer ended with the close; cash waits for the next one.
    expect((await inject('GET', '/terminal/v1/drawer', till.auth)).json().status).toBe('closed');

    const cents = (v: string) => Math.round(Number(v) * 100);
    const exported = await inject(
      'GET',
      `${main}/closes/${made.json().id}/export.csv?format=csv`,
      team.owner.auth,
    );
    expect(exported.statusCode, exported.body).toBe(200);
    const [head, ...rows] = exported.body
      .trim()
      .split('\r\n')
      .map((l) => l.split(','));
    const type = head!.indexOf('type');
    const gross = head!.indexOf('gross');
    expect(rows.map((r) => r[type])).toEqual(['cash_payment', 'cash_payment', 'cash_refund']);
    expect(rows.reduce((sum, r) => sum + cents(r[gross]!), 0)).toBe(usd.net);
    for (const format of ['xero', 'quickbooks'] as const) {
      const res = await inject(
        'GET',
        `${main}/closes/${made.json().id}/export.csv?format=${format}`,
        team.owner.auth,
      );
      expect(res.body).toContain('Cash payment');
    }
    const verify = await inject('GET', `${main}/closes/verify`, team.owner.auth);
    expect(verify.json(), verify.body).toMatchObject({ ok: true, checked: 1 });

    // Without a drawer, no count is asked for and the close's cash is null.
    const next = await inject('POST', '/terminal/v1/closes', till.auth);
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json().totals[0]).toMatchObject({ by_tender: [], cash: null });
    expect((await inject('GET', `${main}/closes/verify`, team.owner.auth)).json()).toMatchObject({
      ok: true,
      checked: 2,
    });
  });

  it('a scheduled close ends the drawer uncounted: counted and variance null', async () => {
    const team = await makeTeam(t);
    const till = await pairedTerminal(t, team);
    await inject('POST', '/terminal/v1/drawer/open', till.auth, { float: 2000 });
    await sale(till.auth, 700, { amount: 700, given: 1000 });
    const [project] = await t.ctx.database.db.select().from(projects).where(eq(projects.id, team.project.id));
    const hhmm = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: project!.timeZone,
    }).format(new Date(t.ctx.now().getTime() + 60_000));
    await inject('PATCH', `/api/v1/projects/${team.project.id}`, team.owner.auth, { daily_close_time: hhmm });
    t.advance(61_000);
    expect(await runScheduledCloses(t.ctx)).toBeGreaterThanOrEqual(1);
    const [made] = await t.ctx.database.db
      .select()
      .from(closes)
      .where(and(eq(closes.projectId, team.project.id), eq(closes.terminalId, till.terminal.id)));
    expect(made!.totals[0]!.cash).toEqual({
      float: 2000,
      sales: 700,
      refunds: 0,
      paid_in: 0,
      paid_out: 0,
      expected: 2700,
      counted: null,
      variance: null,
    });
    expect((await inject('GET', '/terminal/v1/drawer', till.auth)).json().status).toBe('closed');
    const verify = await inject('GET', `/api/v1/projects/${team.project.id}/closes/verify`, team.owner.auth);
    expect(verify.json()).toMatchObject({ ok: true, checked: 1 });
  });

  it('a close made before tenders (rules 2: no by_tender, no cash) still verifies by its own hash', async () => {
    const team = await makeTeam(t);
    const till = await pairedTerminal(t, team);
    const db = t.ctx.database.db;
    const closedAt = t.ctx.now();
    const totals = withGrandTotals(
      await closeFigures(db, {
        projectId: team.project.id,
        terminalId: till.terminal.id,
        from: null,
        to: closedAt,
        rules: 2,
      }),
      null,
      'USD',
    );
    expect(totals[0]).not.toHaveProperty('by_tender');
    const draft = {
      id: newId('cls'),
      projectId: team.project.id,
      terminalId: till.terminal.id,
      number: 1,
      openedAt: closedAt,
      closedAt,
      closedBy: { kind: 'user' as const, id: team.owner.user.uid, label: null },
      totals,
      previousHash: GENESIS_HASH,
      hash: '',
      rules: 2,
      createdAt: closedAt,
    };
    draft.hash = closeHash(hashedFieldsOf(draft));
    await db.insert(closes).values(draft);
    t.advance(1000);
    // The next close, by rules 3, chains from it.
    const next = await inject('POST', '/terminal/v1/closes', till.auth);
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json().totals[0]).toMatchObject({ by_tender: [], cash: null });
    const verify = await inject('GET', `/api/v1/projects/${team.project.id}/closes/verify`, team.owner.auth);
    expect(verify.json(), verify.body).toMatchObject({ ok: true, checked: 2 });
  });
});
