import { createHash } from 'node:crypto';
import { closeSchema, closeTotalsSchema } from '@scanline/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCommands } from '../../../cli/operator-commands';
import { closes, events, mailOutbox, projects } from '../../../db/schema';
import { HASHED_CLOSE_FIELDS } from '../../../domain/books/close-hash';
import { runScheduledCloses } from '../../../domain/books/run-scheduled-closes';
import { verifyCloses } from '../../../domain/books/verify-closes';
import { purgeDeletedProjects } from '../../../domain/projects/purge-deleted-projects';
import { makeTeam } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { payAsShopper } from '../../../test/pay-as-shopper';
import { runCommonRouteTests } from '../../../test/security-suite';
import {
  apiKeyFor,
  createTerminalVia,
  idemKey,
  pairedTerminal,
  type Team,
} from '../../../test/terminal-fixtures';

// Closes (Z reports), the X report, the hash chain, verify, the schedule, VAT.

/** Canonical JSON written again here, independently of the server's, as docs/guide/closes.md#the-hash-rule states it. */
const canonical = (v: unknown): string => {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  return `{${Object.keys(v)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
    .join(',')}}`;
};
const recompute = (close: Record<string, unknown>) => {
  const { hash: _hash, terminal_label: _label, transaction_ids: _t, refund_ids: _r, ...hashed } = close;
  return createHash('sha256').update(canonical(hashed), 'utf8').digest('hex');
};

describe('closes', () => {
  let t: TestApp;
  let team: Team;
  let device: Awaited<ReturnType<typeof pairedTerminal>>;
  let keys: { read: Record<string, string>; write: Record<string, string> };
  const db = () => t.ctx.database.db;

  beforeAll(async () => {
    t = await createTestApp();
    // A shop that charges in euros (a terminal charges in its project's currency).
    team = await makeTeam(t, { currency: 'EUR' });
    device = await pairedTerminal(t, team, { label: 'Till 1' });
    keys = { read: await apiKeyFor(t, team, 'read'), write: await apiKeyFor(t, team, 'write') };
  });
  afterAll(() => t.close());

  const termBase = (terminalId: string) => `/terminal/v1/projects/${team.project.id}/terminals/${terminalId}`;
  const mainBase = () => `/api/v1/projects/${team.project.id}`;

  /** A transaction created by the device and paid through the mobile API with the simulator. */
  const paid = async (
    auth: Record<string, string>,
    amount: number,
    extra: Record<string, unknown> = {},
    card = 'pm_card_visa',
  ) => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/terminal/v1/transactions',
      headers: { ...auth, 'idempotency-key': idemKey() },
      payload: { amount, currency: 'EUR', ...extra },
    });
    expect(created.statusCode, created.body).toBe(201);
    const pay = await payAsShopper(t.app, created.json().payment_url, { payment_method: card });
    expect(pay.json().status, pay.body).toBe('succeeded');
    return created.json().id as string;
  };
  const refund = async (txnId: string, amount: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${mainBase()}/transactions/${txnId}/refunds`,
      headers: team.owner.auth,
      payload: { amount },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const close = (terminalId: string, headers: Record<string, string> = team.owner.auth) =>
    t.app.inject({ method: 'POST', url: `${termBase(terminalId)}/closes`, headers });
  const get = (url: string, headers: Record<string, string> = team.owner.auth) =>
    t.app.inject({ method: 'GET', url, headers });

  describe('security', () => {
    const p = '/api/v1/projects/prj_placeholder';
    const tp = '/terminal/v1/projects/prj_placeholder/terminals/trm_x';
    for (const r of [
      { method: 'GET' as const, url: `${p}/closes` },
      { method: 'GET' as const, url: `${p}/closes/verify` },
      { method: 'GET' as const, url: `${p}/closes/cls_x` },
      { method: 'POST' as const, url: `${tp}/closes` },
      { method: 'GET' as const, url: `${tp}/closes/current` },
      { method: 'POST' as const, url: '/terminal/v1/closes' },
    ])
      runCommonRouteTests(() => t, r);

    it('admins, owners, write keys and the device close; members and read keys cannot; outsiders see nothing', async () => {
      const terminal = await createTerminalVia(t, team, { label: 'Perm till' });
      expect((await close(terminal.id, team.member.auth)).statusCode).toBe(403);
      const readOnly = await close(terminal.id, keys.read);
      expect(readOnly.statusCode).toBe(403);
      expect(readOnly.json().code).toBe('api_key_read_only');
      expect((await close(terminal.id, team.outsider.auth)).statusCode).toBe(404);
      // A device reaches only its own terminal.
      expect((await close(terminal.id, device.auth)).statusCode).toBe(404);
      expect((await get(`${termBase(terminal.id)}/closes/current`, device.auth)).statusCode).toBe(404);
      expect((await get(`${termBase(terminal.id)}/closes/current`, team.member.auth)).statusCode).toBe(200);
      const byAdmin = await close(terminal.id, team.admin.auth);
      expect(byAdmin.statusCode, byAdmin.body).toBe(201);
      expect(byAdmin.json().closed_by).toMatchObject({ kind: 'user', id: team.admin.user.uid });
      const byKey = await close(terminal.id, keys.write);
      expect(byKey.json().closed_by).toMatchObject({ kind: 'api_key', label: 'write key' });
      // People and keys only on the device route.
      const asPerson = await t.app.inject({
        method: 'POST',
        url: '/terminal/v1/closes',
        headers: team.owner.auth,
      });
      expect(asPerson.statusCode).toBe(403);
      // Main API reads: members yes, outsiders 404.
      expect((await get(`${mainBase()}/closes/${byAdmin.json().id}`, team.member.auth)).statusCode).toBe(200);
      expect((await get(`${mainBase()}/closes/${byAdmin.json().id}`, team.outsider.auth)).statusCode).toBe(
        404,
      );
    });
  });

  it('counts payments, refunds, brands and VAT; chains hashes; keeps the grand total; numbers without gaps', async () => {
    const till = await pairedTerminal(t, team, { label: 'VAT till' });
    const tid = till.terminal.id;
    // Project VAT 19 %; one create overrides it with 7 %.
    const patch = await t.app.inject({
      method: 'PATCH',
      url: mainBase(),
      headers: team.owner.auth,
      payload: { tax_rate: 19, close_report_email: true },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(patch.json()).toMatchObject({ tax_rate: 19, close_report_email: true, payout_delay_days: 2 });

    const a = await paid(till.auth, 1000);
    const b = await paid(till.auth, 2000, { tax_rate: 7 });
    const c = await paid(till.auth, 1190, {}, 'pm_card_mastercard');
    const r1 = await refund(a, 400);

    // The X report shows what the close will hold; nothing is written.
    const x = await get(`${termBase(tid)}/closes/current`);
    expect(x.statusCode, x.body).toBe(200);
    expect(x.json()).toMatchObject({ terminal_id: tid, number: 1 });

    const first = await t.app.inject({ method: 'POST', url: '/terminal/v1/closes', headers: till.auth });
    expect(first.statusCode, first.body).toBe(201);
    const one = first.json();
    expect(one.id).toMatch(/^cls_/);
    expect(one).toMatchObject({
      terminal_id: tid,
      number: 1,
      closed_by: { kind: 'device', id: tid, label: 'VAT till' },
    });
    expect(one.previous_hash).toBe('0'.repeat(64));
    const eur = one.totals[0];
    expect(eur).toMatchObject({
      currency: 'EUR',
      payments_count: 3,
      gross: 4190,
      refunds_count: 1,
      refunds: 400,
      net: 3790,
      tips: 0,
      grand_total: 3790,
      by_cashier: [],
    });
    expect(x.json().totals).toEqual(one.totals);
    // A close by the current rules fills every figure the contract names, and the hash covers
    // every field but the two it leaves out (docs/develop/adding-a-close-field.md).
    expect(Object.keys(eur).sort()).toEqual(Object.keys(closeTotalsSchema.shape).sort());
    expect(Object.keys(one)).toEqual(expect.arrayContaining(Object.keys(closeSchema.shape)));
    expect([...HASHED_CLOSE_FIELDS, 'hash', 'terminal_label'].sort()).toEqual(
      Object.keys(closeSchema.shape).sort(),
    );
    expect(eur.by_brand.reduce((s: number, x: { amount: number }) => s + x.amount, 0)).toBe(eur.gross);
    expect(eur.by_brand).toEqual([
      { card_brand: 'mastercard', count: 1, amount: 1190 },
      { card_brand: 'visa', count: 2, amount: 3000 },
    ]);
    // 7 %: 2000 → tax 131 (130.84 half up); 19 %: 1000 − 400 refunded and 1190 → 160 − 64 + 190.
    expect(eur.by_tax_rate).toEqual([
      { rate: 7, gross: 2000, net: 1869, tax: 131 },
      { rate: 19, gross: 1790, net: 1504, tax: 286 },
    ]);
    expect(eur.by_tax_rate.reduce((s: number, x: { gross: number }) => s + x.gross, 0)).toBe(eur.net);
    expect(recompute(one)).toBe(one.hash);

    // The detail lists what it holds.
    const detail = (await get(`${mainBase()}/closes/${one.id}`)).json();
    expect(detail.transaction_ids.sort()).toEqual([a, b, c].sort());
    expect(detail.refund_ids).toEqual([r1]);

    // A zero report by hand; then more activity: grand total carries on, the chain links.
    const zero = (await close(tid)).json();
    expect(zero).toMatchObject({ number: 2, previous_hash: one.hash });
    expect(zero.totals[0]).toMatchObject({ payments_count: 0, net: 0, grand_total: 3790 });
    await refund(b, 500); // refunded now: belongs to close 3, though the payment was in close 1
    const d = await paid(till.auth, 300);
    const three = (await close(tid)).json();
    expect(three).toMatchObject({ number: 3, previous_hash: zero.hash });
    expect(three.totals[0]).toMatchObject({
      payments_count: 1,
      gross: 300,
      refunds: 500,
      net: -200,
      grand_total: 3590,
    });
    expect(recompute(three)).toBe(three.hash);
    expect((await get(`${mainBase()}/closes/${three.id}`)).json().transaction_ids).toEqual([d]);

    // Event and report email.
    const [event] = await db().select().from(events).where(eq(events.objectId, three.id));
    expect(event?.type).toBe('close.created');
    expect(event?.data).toMatchObject({ id: three.id, hash: three.hash });
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.kind, 'close_report'));
    expect(mails.map((m) => m.to)).toEqual(
      expect.arrayContaining([team.owner.user.email, team.admin.user.email]),
    );
    expect(mails.some((m) => m.to === team.member.user.email)).toBe(false);

    // Lists: keyset pages, filter by terminal.
    const page1 = (await get(`${mainBase()}/closes?terminal_id[equals]=${tid}&limit=2`)).json();
    expect(page1.data.map((x: { number: number }) => x.number)).toEqual([3, 2]);
    const page2 = (
      await get(`${mainBase()}/closes?terminal_id[equals]=${tid}&limit=2&starting_after=${page1.next_cursor}`)
    ).json();
    expect(page2.data.map((x: { number: number }) => x.number)).toEqual([1]);

    // Receipts show the VAT included.
    const receipt = await get(`/api/v1/projects/${team.project.id}/transactions/${a}`);
    const page = await t.app.inject({ method: 'GET', url: new URL(receipt.json().receipt_url).pathname });
    expect(page.body).toContain('incl. VAT 19%: €1.60');
    await t.app.inject({
      method: 'PATCH',
      url: mainBase(),
      headers: team.owner.auth,
      payload: { close_report_email: false },
    });
  });

  it('tips: outside VAT unless tips_taxable, in every export, in net; refund VAT by the running total', async () => {
    const shop = await makeTeam(t, { currency: 'EUR' });
    const till = await pairedTerminal(t, shop, { label: 'Tip till' });
    const base = `/api/v1/projects/${shop.project.id}`;
    const patch = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url: base, headers: shop.owner.auth, payload });
    const set = await patch({
      tax_rate: 19,
      tipping: { enabled: true, percentages: [10, 15, 20], allow_custom: true },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().tips_taxable).toBe(false);
    const pay = async (amount: number, tip: number) => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/terminal/v1/transactions',
        headers: { ...till.auth, 'idempotency-key': idemKey() },
        payload: { amount },
      });
      const res = await payAsShopper(t.app, created.json().payment_url, {
        payment_method: 'pm_card_visa',
        ...(tip ? { tip_amount: tip } : {}),
      });
      expect(res.json().status, res.body).toBe('succeeded');
      return created.json().id as string;
    };
    const refundOf = async (id: string, amount?: number) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `${base}/transactions/${id}/refunds`,
        headers: shop.owner.auth,
        payload: amount === undefined ? {} : { amount },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    const a = await pay(2475, 371);
    const b = await pay(1000, 0);
    for (const part of [333, 333, 334]) await refundOf(b, part);
    const c = await pay(1000, 100);
    await refundOf(c); // the whole of it, tip included

    const txn = (await get(`${base}/transactions/${a}`, shop.owner.auth)).json();
    expect(txn.net).toBe(2475 + 371 - txn.fee);

    const made = await t.app.inject({ method: 'POST', url: '/terminal/v1/closes', headers: till.auth });
    expect(made.statusCode, made.body).toBe(201);
    const eur = made.json().totals[0];
    expect(eur).toMatchObject({ gross: 2846 + 1000 + 1100, refunds: 2100, net: 2846, tips: 371 });
    // The tip is outside VAT (rate null); 1000 refunded as 333 + 333 + 334 gives back its 160.
    expect(eur.by_tax_rate).toEqual([
      { rate: null, gross: 371, net: 371, tax: 0 },
      { rate: 19, gross: 2475, net: 2080, tax: 395 },
    ]);
    // Every export adds up to the close's net, 28.46.
    const cents = (v: string) => Math.round(Number(v) * 100);
    const column = { csv: 'gross', xero: '*Amount', quickbooks: 'Amount' } as const;
    for (const format of ['csv', 'xero', 'quickbooks'] as const) {
      const res = await get(`${base}/closes/${made.json().id}/export.csv?format=${format}`, shop.owner.auth);
      expect(res.statusCode, res.body).toBe(200);
      const [head, ...rows] = res.body
        .trim()
        .split('\r\n')
        .map((l) => l.split(','));
      const at = head!.indexOf(column[format]);
      expect(
        rows.reduce((sum, r) => sum + cents(r[at]!), 0),
        format,
      ).toBe(eur.net);
    }
    expect((await get(`${base}/closes/verify`, shop.owner.auth)).json()).toMatchObject({ ok: true });

    // With tips_taxable, the tip carries the payment's rate.
    expect((await patch({ tips_taxable: true })).json().tips_taxable).toBe(true);
    await pay(1000, 100);
    const next = (
      await t.app.inject({ method: 'POST', url: '/terminal/v1/closes', headers: till.auth })
    ).json();
    expect(next.totals[0].by_tax_rate).toEqual([{ rate: 19, gross: 1100, net: 924, tax: 176 }]);
  });

  it('a double tap with one Idempotency-Key makes one close; another terminal with it is 409', async () => {
    const till = await pairedTerminal(t, team, { label: 'Tap till' });
    await paid(till.auth, 400);
    const key = idemKey();
    const tap = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/terminal/v1/closes',
        headers: { ...headers, 'idempotency-key': key },
      });
    const [first, second] = await Promise.all([tap(till.auth), tap(till.auth)]);
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().id).toBe(first.json().id);
    const again = await tap(till.auth);
    expect(again.json()).toEqual(first.json());
    const made = await db().select().from(closes).where(eq(closes.terminalId, till.terminal.id));
    expect(made).toHaveLength(1);
    // Without a key, each tap is a close of its own (a zero report is allowed by hand).
    expect((await close(till.terminal.id)).json().number).toBe(2);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/terminal/v1/closes',
      headers: { ...till.auth, 'idempotency-key': 'é' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('a close in two currencies: Xero and QuickBooks need currency= (422 currency_required naming them)', async () => {
    const shop = await makeTeam(t, { currency: 'EUR' });
    const base = `/api/v1/projects/${shop.project.id}`;
    const allow = await t.app.inject({
      method: 'PATCH',
      url: base,
      headers: shop.owner.auth,
      payload: { allow_other_currencies: true },
    });
    expect(allow.statusCode, allow.body).toBe(200);
    const till = await pairedTerminal(t, shop, { label: 'Two-currency till' });
    await paid(till.auth, 1000);
    await paid(till.auth, 700, { currency: 'USD' });
    const made = (
      await t.app.inject({ method: 'POST', url: '/terminal/v1/closes', headers: till.auth })
    ).json();
    const exportOf = (query: string) => get(`${base}/closes/${made.id}/export.csv?${query}`, shop.owner.auth);
    for (const format of ['xero', 'quickbooks']) {
      const refused = await exportOf(`format=${format}`);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().code).toBe('currency_required');
      expect(refused.json().detail).toContain('EUR, USD');
      const usd = await exportOf(`format=${format}&currency=USD`);
      expect(usd.statusCode, usd.body).toBe(200);
      const rows = usd.body.trim().split('\r\n').slice(1);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toContain('7.00');
    }
    // The csv has a currency column: both, unless one is asked for.
    expect((await exportOf('format=csv')).body.trim().split('\r\n')).toHaveLength(3);
    expect((await exportOf('format=csv&currency=EUR')).body.trim().split('\r\n')).toHaveLength(2);
  });

  it('refuses UPDATE and DELETE in the database; verify finds a chain edited behind the trigger', async () => {
    const till = await pairedTerminal(t, team, { label: 'Tamper till' });
    await paid(till.auth, 500);
    const c1 = (await close(till.terminal.id)).json();
    await paid(till.auth, 700);
    const c2 = (await close(till.terminal.id)).json();
    await expect(db().execute(sql`update closes set totals = '[]' where id = ${c1.id}`)).rejects.toThrow();
    await expect(db().execute(sql`delete from closes where id = ${c1.id}`)).rejects.toThrow();

    const ok = (await get(`${mainBase()}/closes/verify`)).json();
    expect(ok).toMatchObject({ ok: true, first_broken: null });
    expect(ok.checked).toBeGreaterThanOrEqual(2);
    expect(
      (await operatorCommands['closes verify']!(t.ctx, ['--project', team.project.id])).lines[0],
    ).toMatch(/^OK: /);

    // Someone drops the trigger and lowers the first close's gross.
    await db().execute(sql`alter table closes disable trigger closes_immutable`);
    try {
      await db().execute(
        sql`update closes set totals = jsonb_set(totals, '{0,gross}', '1') where id = ${c1.id}`,
      );
    } finally {
      await db().execute(sql`alter table closes enable trigger closes_immutable`);
    }
    const broken = (await get(`${mainBase()}/closes/verify`)).json();
    expect(broken).toMatchObject({
      ok: false,
      first_broken: { close_id: c1.id, terminal_id: till.terminal.id, number: 1, reason: 'hash_mismatch' },
    });
    await expect(operatorCommands['closes verify']!(t.ctx, ['--project', team.project.id])).rejects.toThrow(
      /BROKEN: close .* hash_mismatch/,
    );
    // Rewriting the hash to match hides nothing: the next close no longer chains, and the
    // figures no longer match the payments.
    await db().execute(sql`alter table closes disable trigger closes_immutable`);
    try {
      const [row] = await db().select().from(closes).where(eq(closes.id, c1.id));
      const edited = { ...c1, totals: row!.totals };
      await db().execute(sql`update closes set hash = ${recompute(edited)} where id = ${c1.id}`);
    } finally {
      await db().execute(sql`alter table closes enable trigger closes_immutable`);
    }
    const still = (await get(`${mainBase()}/closes/verify`)).json();
    expect(still.first_broken).toMatchObject({ close_id: c1.id, reason: 'totals_mismatch' });
    // Every break is listed, not only the first: the next close no longer chains.
    expect(still.broken).toEqual([
      { close_id: c1.id, terminal_id: till.terminal.id, number: 1, reason: 'totals_mismatch', purged: false },
      { close_id: c2.id, terminal_id: till.terminal.id, number: 2, reason: 'chain_broken', purged: false },
    ]);
    expect(c2.previous_hash).toBe(c1.hash);
    // Leave this project's books whole for the other tests: they run against a fresh terminal.
    await db().execute(sql`alter table closes disable trigger closes_immutable`);
    await db().execute(sql`delete from closes where terminal_id = ${till.terminal.id}`);
    await db().execute(sql`alter table closes enable trigger closes_immutable`);
  });

  it('purging a deleted project keeps its closes (fiscal retention); verify checks them by chain and hash', async () => {
    const gone = await makeTeam(t, { currency: 'EUR' });
    const device = await pairedTerminal(t, gone, { label: 'Closing shop' });
    const till = device.terminal;
    await paid(device.auth, 800);
    const made = await t.app.inject({
      method: 'POST',
      url: `/terminal/v1/projects/${gone.project.id}/terminals/${till.id}/closes`,
      headers: gone.owner.auth,
    });
    expect(made.statusCode).toBe(201);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/projects/${gone.project.id}`,
      headers: gone.owner.auth,
    });
    expect(del.statusCode).toBe(204);
    const purged = await purgeDeletedProjects(db(), new Date(Date.now() + 31 * 24 * 3600 * 1000));
    expect(purged).toBeGreaterThanOrEqual(1);
    const kept = await db().select().from(closes).where(eq(closes.projectId, gone.project.id));
    expect(kept.map((c) => c.id)).toEqual([made.json().id]);
    // Its payments are gone with it: its closes hold by chain and hash alone.
    expect(await verifyCloses(db(), { projectId: gone.project.id })).toEqual({
      ok: true,
      checked: 1,
      broken: [],
      first_broken: null,
    });
  });

  it('makes a close while payments succeed: every payment in exactly one close', async () => {
    const till = await pairedTerminal(t, team, { label: 'Race till' });
    const tid = till.terminal.id;
    const amounts = Array.from({ length: 12 }, (_, i) => 100 + i);
    // Payments and two closes started together (on PostgreSQL truly concurrent).
    const results = await Promise.all([
      ...amounts.map((amount) => paid(till.auth, amount)),
      close(tid),
      (async () => {
        await new Promise((r) => setTimeout(r, 5));
        return close(tid);
      })(),
    ]);
    const txnIds = results.filter((r): r is string => typeof r === 'string');
    const last = (await close(tid)).json();
    expect(last.number).toBe(3);
    const list = (await get(`${mainBase()}/closes?terminal_id[equals]=${tid}`)).json().data as {
      id: string;
    }[];
    const held: string[] = [];
    let gross = 0;
    for (const c of list) {
      const d = (await get(`${mainBase()}/closes/${c.id}`)).json();
      held.push(...d.transaction_ids);
      gross += d.totals[0].gross;
    }
    expect(held.sort()).toEqual([...txnIds].sort());
    expect(gross).toBe(amounts.reduce((s, a) => s + a, 0));
    expect(last.totals[0].grand_total).toBe(gross);
    expect((await get(`${mainBase()}/closes/verify`)).json()).toMatchObject({ ok: true });
  });

  it('closes every terminal with activity at daily_close_time, once, never a zero report', async () => {
    const busy = await pairedTerminal(t, team, { label: 'Busy till' });
    const idle = await pairedTerminal(t, team, { label: 'Idle till' });
    await paid(busy.auth, 900);
    // The close time is the next minute in the project's zone: due once the clock moves on.
    const [project] = await db().select().from(projects).where(eq(projects.id, team.project.id));
    const hhmm = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: project!.timeZone,
    }).format(new Date(t.ctx.now().getTime() + 60_000));
    const patch = await t.app.inject({
      method: 'PATCH',
      url: mainBase(),
      headers: team.owner.auth,
      payload: { daily_close_time: hhmm },
    });
    expect(patch.json().daily_close_time).toBe(hhmm);
    const dueAt = Math.floor((t.ctx.now().getTime() + 60_000) / 60_000) * 60_000;
    // The job runs five minutes late: the close still ends at the close time.
    t.advance(61_000 + 5 * 60_000);
    expect(await runScheduledCloses(t.ctx)).toBeGreaterThanOrEqual(1);
    const made = await db()
      .select()
      .from(closes)
      .where(and(eq(closes.projectId, team.project.id), eq(closes.terminalId, busy.terminal.id)));
    expect(made).toHaveLength(1);
    expect(made[0]!.closedBy).toMatchObject({ kind: 'schedule', label: `daily close at ${hhmm}` });
    expect(made[0]!.closedAt.getTime()).toBe(dueAt);
    expect(await db().select().from(closes).where(eq(closes.terminalId, idle.terminal.id))).toHaveLength(0);
    // Run again: nothing new before the due time, nothing made.
    expect(await runScheduledCloses(t.ctx)).toBe(0);
    // Bad input is a 400.
    const bad = await t.app.inject({
      method: 'PATCH',
      url: mainBase(),
      headers: team.owner.auth,
      payload: { daily_close_time: '25:00', tax_rate: 7.777 },
    });
    expect(bad.statusCode).toBe(400);
    await t.app.inject({
      method: 'PATCH',
      url: mainBase(),
      headers: team.owner.auth,
      payload: { daily_close_time: null },
    });
  });
});
