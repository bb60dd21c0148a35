import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/sql-rows';
import { makeTeam } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { payAsShopper } from '../../test/pay-as-shopper';
import { idemKey, pairedTerminal } from '../../test/terminal-fixtures';
import { freshSession } from '../../test/tokens';
import { payOutProject } from './run-payouts';
import { runScheduledCloses } from './run-scheduled-closes';

// The books' invariants over random days (docs/guide/closes.md, docs/guide/payouts.md): every
// view of the same money agrees. Each run is a shop of its own with two tills: payments with and
// without tips in two currencies, declined and abandoned checkouts, partial and full refunds (tip
// parts included), closes by hand and on the schedule (late), payout runs with a delay, negative
// days carried over. Then, from the server's own answers and from plain SQL:
// - every close's net = Σ each export's rows of it (csv, Xero, QuickBooks; per currency);
// - Σ closes' net = Σ (amount + tip) of the payments − Σ refunds, per currency;
// - by_tax_rate adds up to the net, and gross = net + tax on each line;
// - each transaction's `net` = Σ its balance entries' net;
// - each payout's amount = Σ its items' net = Σ each export; paid + carried = Σ entries;
// - verify is ok.
// BOOKS_INVARIANT_RUNS sets how many random days run (default 10); the figures are printed.

const RUNS = Number(process.env.BOOKS_INVARIANT_RUNS ?? 10);
const DAY = 86_400_000;
const CURRENCIES = ['EUR', 'USD'] as const;
type Currency = (typeof CURRENCIES)[number];

type Op =
  | { kind: 'pay'; till: number; amount: number; tipShare: number; currency: Currency; card: string }
  | { kind: 'abandon'; till: number; amount: number }
  | { kind: 'refund'; pick: number; whole: boolean; share: number; tipShare: number }
  | { kind: 'close'; till: number }
  | { kind: 'scheduled'; lateMinutes: number }
  | { kind: 'advance'; hours: number }
  | { kind: 'payouts' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      till: fc.integer({ min: 0, max: 1 }),
      amount: fc.integer({ min: 1, max: 50_000 }),
      tipShare: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 0.3, noNaN: true })),
      currency: fc.constantFrom(...CURRENCIES),
      card: fc.constantFrom('pm_card_visa', 'pm_card_mastercard', 'pm_card_chargeDeclined'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('abandon' as const),
      till: fc.integer({ min: 0, max: 1 }),
      amount: fc.integer({ min: 1, max: 5_000 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      pick: fc.nat(),
      whole: fc.boolean(),
      share: fc.double({ min: 0.01, max: 1, noNaN: true }),
      tipShare: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('close' as const), till: fc.integer({ min: 0, max: 1 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('scheduled' as const),
      lateMinutes: fc.integer({ min: 0, max: 30 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('advance' as const), hours: fc.integer({ min: 1, max: 30 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('payouts' as const) }) },
);

const dayArb = fc.record({
  taxRate: fc.constantFrom(null, 7, 19, 20),
  tipsTaxable: fc.boolean(),
  payoutDelayDays: fc.integer({ min: 0, max: 3 }),
  ops: fc.array(opArb, { minLength: 4, maxLength: 24 }),
});

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
/** "12.34" → 1234, exactly (both currencies here have two digits). */
const minor = (major: string) => {
  const [whole, frac = ''] = major.replace('-', '').split('.');
  const value = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return major.startsWith('-') ? -value : value;
};
const sumBy = <T>(xs: T[], f: (x: T) => number) => xs.reduce((s, x) => s + f(x), 0);

describe('the books agree with themselves over random days', () => {
  let t: TestApp;
  const figures = { days: 0, payments: 0, refunds: 0, refused: 0, closes: 0, payouts: 0, disagreements: 0 };

  beforeAll(async () => {
    t = await createTestApp({ env: { SIMULATOR_FEE_PERCENT: '1.4', SIMULATOR_FEE_FIXED: '25' } });
  });
  afterAll(async () => {
    console.log(
      `books invariants on ${t?.ctx.database.kind}: ${figures.days} random days, ${figures.payments} payments, ` +
        `${figures.refunds} refunds (${figures.refused} refused as over what was left), ${figures.closes} closes, ` +
        `${figures.payouts} payouts; ${figures.disagreements} disagreements`,
    );
    await t?.close();
  });

  it('closes, exports, transactions, balance entries and payouts add up, and verify is ok', async () => {
    await fc.assert(
      fc.asyncProperty(dayArb, async (day) => {
        figures.days++;
        try {
          await dayProperty(day);
        } catch (error) {
          figures.disagreements++;
          throw error;
        }
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  }, 600_000);

  async function dayProperty(day: {
    taxRate: number | null;
    tipsTaxable: boolean;
    payoutDelayDays: number;
    ops: Op[];
  }) {
    const team = await makeTeam(t, { currency: 'EUR' });
    const db = t.ctx.database.db;
    const base = `/api/v1/projects/${team.project.id}`;
    // The clock moves by days: a fresh ID token for every request, as a signed-in console has.
    const owner = () => freshSession(t.ctx, team.owner.user);
    const settings = await t.app.inject({
      method: 'PATCH',
      url: base,
      headers: await owner(),
      payload: {
        tax_rate: day.taxRate,
        tips_taxable: day.tipsTaxable,
        allow_other_currencies: true,
        tipping: { enabled: true, percentages: [10, 15, 20], allow_custom: true },
        payout_delay_days: day.payoutDelayDays,
      },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const tills = [
      await pairedTerminal(t, team, { label: 'Till A' }),
      await pairedTerminal(t, team, { label: 'Till B' }),
    ];
    const paidIds: string[] = [];
    const closeIds: string[] = [];
    const localDay = () => new Date(t.ctx.now().getTime()).toISOString().slice(0, 10);

    for (const op of day.ops) {
      if (op.kind === 'pay' || op.kind === 'abandon') {
        const created = await t.app.inject({
          method: 'POST',
          url: '/terminal/v1/transactions',
          headers: { ...tills[op.till]!.auth, 'idempotency-key': idemKey() },
          payload: { amount: op.amount, ...(op.kind === 'pay' ? { currency: op.currency } : {}) },
        });
        expect(created.statusCode, created.body).toBe(201);
        if (op.kind === 'abandon') continue;
        const tip = Math.floor(op.amount * op.tipShare);
        const res = await payAsShopper(t.app, created.json().payment_url, {
          payment_method: op.card,
          ...(tip > 0 ? { tip_amount: tip } : {}),
        });
        expect(res.statusCode, res.body).toBeLessThan(500);
        if (res.json().status === 'succeeded') {
          paidIds.push(created.json().id);
          figures.payments++;
        }
      } else if (op.kind === 'refund') {
        if (!paidIds.length) continue;
        const id = paidIds[op.pick % paidIds.length]!;
        const txn = (
          await t.app.inject({ method: 'GET', url: `${base}/transactions/${id}`, headers: await owner() })
        ).json();
        const left = txn.amount_total - txn.amount_refunded;
        if (left <= 0) continue;
        const amount = Math.max(1, Math.floor(left * op.share));
        const tipLeft = txn.tip_amount;
        const tipPart = Math.min(amount, Math.floor(tipLeft * op.tipShare));
        const res = await t.app.inject({
          method: 'POST',
          url: `${base}/transactions/${id}/refunds`,
          headers: await owner(),
          payload: op.whole ? {} : { amount, ...(tipPart > 0 ? { tip_amount: tipPart } : {}) },
        });
        expect(res.statusCode, res.body).toBeLessThan(500);
        if (res.statusCode === 201) figures.refunds++;
        else {
          // Only a refund over what is left (of the order or of the tip) may be refused.
          expect([409, 422], res.body).toContain(res.statusCode);
          figures.refused++;
        }
      } else if (op.kind === 'close') {
        const res = await t.app.inject({
          method: 'POST',
          url: `/terminal/v1/projects/${team.project.id}/terminals/${tills[op.till]!.terminal.id}/closes`,
          headers: await owner(),
        });
        expect(res.statusCode, res.body).toBe(201);
        closeIds.push(res.json().id);
      } else if (op.kind === 'scheduled') {
        // The close time is the next minute in the project's zone; the job runs late.
        const [{ time_zone }] = (await rowsOf<{ time_zone: string }>(
          db,
          sql`select time_zone from projects where id = ${team.project.id}`,
        )) as [{ time_zone: string }];
        const hhmm = new Intl.DateTimeFormat('en-GB', {
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
          timeZone: time_zone,
        }).format(new Date(t.ctx.now().getTime() + 60_000));
        await t.app.inject({
          method: 'PATCH',
          url: base,
          headers: await owner(),
          payload: { daily_close_time: hhmm },
        });
        t.advance(61_000 + op.lateMinutes * 60_000);
        await runScheduledCloses(t.ctx);
      } else if (op.kind === 'advance') {
        t.advance(op.hours * 3_600_000);
      } else {
        const made = await payOutProject(db, {
          projectId: team.project.id,
          asOf: localDay(),
          cutoff: null,
          now: t.ctx.now(),
        });
        figures.payouts += made.length;
      }
    }

    // The end of the day: each till closes (a till with nothing new makes a zero close).
    for (const till of tills) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/terminal/v1/projects/${team.project.id}/terminals/${till.terminal.id}/closes`,
        headers: await owner(),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    // Then every balance entry becomes available and is paid out (or carried, if negative).
    t.advance(5 * DAY);
    figures.payouts += (
      await payOutProject(db, {
        projectId: team.project.id,
        asOf: new Date(t.ctx.now().getTime() + 5 * DAY).toISOString().slice(0, 10),
        cutoff: null,
        now: t.ctx.now(),
      })
    ).length;

    // --- closes and their exports -------------------------------------------------------------
    const closeList = await rowsOf<{ id: string }>(
      db,
      sql`select id from closes where project_id = ${team.project.id} order by terminal_id, number`,
    );
    figures.closes += closeList.length;
    const closedNet = new Map<string, number>();
    for (const { id } of closeList) {
      const close = (
        await t.app.inject({ method: 'GET', url: `${base}/closes/${id}`, headers: await owner() })
      ).json();
      for (const totals of close.totals as {
        currency: string;
        net: number;
        by_tax_rate: { rate: number | null; gross: number; net: number; tax: number }[];
      }[]) {
        closedNet.set(totals.currency, (closedNet.get(totals.currency) ?? 0) + totals.net);
        expect(
          sumBy(totals.by_tax_rate, (r) => r.gross),
          `by_tax_rate of ${id}`,
        ).toBe(totals.net);
        for (const line of totals.by_tax_rate)
          expect(line.gross, `${id} ${line.rate}`).toBe(line.net + line.tax);
        const columns = { csv: 'gross', xero: '*Amount', quickbooks: 'Amount' } as const;
        for (const format of ['csv', 'xero', 'quickbooks'] as const) {
          const res = await t.app.inject({
            method: 'GET',
            url: `${base}/closes/${id}/export.csv?format=${format}&currency=${totals.currency}`,
            headers: await owner(),
          });
          expect(res.statusCode, res.body).toBe(200);
          const rows = csvRows(res.body);
          expect(
            sumBy(rows, (r) => minor(r[columns[format]]!)),
            `${format} of ${id} ${totals.currency}`,
          ).toBe(totals.net);
        }
      }
    }

    // --- Σ closes = what was paid less what was refunded --------------------------------------
    const facts = await rowsOf<{ currency: string; paid: number; refunded: number }>(
      db,
      sql`select t.currency,
                 coalesce(sum(t.amount + t.tip_amount), 0)::int as paid,
                 coalesce((select sum(r.amount) from refunds r join transactions x on x.id = r.transaction_id
                           where x.project_id = ${team.project.id} and x.currency = t.currency
                             and r.status = 'succeeded'), 0)::int as refunded
          from transactions t
          where t.project_id = ${team.project.id} and t.succeeded_at is not null
          group by t.currency`,
    );
    for (const currency of CURRENCIES) {
      const fact = facts.find((f) => f.currency === currency);
      expect(closedNet.get(currency) ?? 0, `Σ closes' net in ${currency}`).toBe(
        fact ? fact.paid - fact.refunded : 0,
      );
    }

    // --- each transaction's net = Σ its balance entries ---------------------------------------
    const perTransaction = await rowsOf<{ id: string; entries: number }>(
      db,
      sql`select t.id, coalesce(sum(e.net), 0)::int as entries
          from transactions t left join balance_entries e on e.transaction_id = t.id
          where t.project_id = ${team.project.id} and t.succeeded_at is not null
          group by t.id`,
    );
    for (const { id, entries } of perTransaction) {
      const txn = (
        await t.app.inject({ method: 'GET', url: `${base}/transactions/${id}`, headers: await owner() })
      ).json();
      expect(txn.net, `net of ${id}`).toBe(entries);
    }

    // --- payouts: amount = Σ items = Σ each export; paid + carried = Σ entries ----------------
    const payoutList = await rowsOf<{ id: string; amount: number; currency: string }>(
      db,
      sql`select id, amount::int as amount, currency from payouts where project_id = ${team.project.id}`,
    );
    for (const po of payoutList) {
      const items = await rowsOf<{ net: number }>(
        db,
        sql`select net::int as net from balance_entries where payout_id = ${po.id}`,
      );
      expect(
        sumBy(items, (i) => i.net),
        `items of ${po.id}`,
      ).toBe(po.amount);
      const columns = { csv: 'net', xero: '*Amount', quickbooks: 'Amount' } as const;
      for (const format of ['csv', 'xero', 'quickbooks'] as const) {
        const res = await t.app.inject({
          method: 'GET',
          url: `${base}/payouts/${po.id}/export.csv?format=${format}`,
          headers: await owner(),
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(
          sumBy(csvRows(res.body), (r) => minor(r[columns[format]]!)),
          `${format} of ${po.id}`,
        ).toBe(po.amount);
      }
    }
    const entries = await rowsOf<{ currency: string; total: number; carried: number }>(
      db,
      sql`select currency, sum(net)::int as total, coalesce(sum(net) filter (where payout_id is null), 0)::int as carried
          from balance_entries where project_id = ${team.project.id} group by currency`,
    );
    for (const e of entries) {
      const paidOut = sumBy(
        payoutList.filter((p) => p.currency === e.currency),
        (p) => p.amount,
      );
      expect(paidOut + e.carried, `payouts + carried in ${e.currency}`).toBe(e.total);
      // What stays unpaid after everything became available is a negative balance, carried.
      expect(e.carried, `carried in ${e.currency}`).toBeLessThanOrEqual(0);
    }

    const verified = (
      await t.app.inject({ method: 'GET', url: `${base}/closes/verify`, headers: await owner() })
    ).json();
    expect(verified, JSON.stringify(verified)).toMatchObject({ ok: true, broken: [] });
  }
});
