import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, terminals, transactions } from '../../../db/schema';
import { makeTeam } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { nextIp } from '../../../test/payment-factories';
import {
  apiKeyFor,
  createTerminalVia,
  idemKey,
  pairedTerminal,
  type Team,
} from '../../../test/terminal-fixtures';

describe('sticker QR: paying while the terminal is off', () => {
  let t: TestApp;
  let team: Team;
  beforeAll(async () => {
    t = await createTestApp();
    team = await makeTeam(t);
  });
  afterAll(() => t.close());

  const fleetRead = async (terminalId: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/terminal/v1/projects/${team.project.id}/terminals/${terminalId}`,
        headers: team.owner.auth,
      })
    ).json() as { sticker_url: string; status: string };
  const tokenOf = (url: string) => url.split('/s/')[1]!;
  const sticker = (token: string, ip = nextIp()) =>
    t.app.inject({ method: 'GET', url: `/mobile/v1/stickers/${token}`, remoteAddress: ip });
  const payThrough = (token: string, payload: Record<string, unknown>, ip = nextIp()) =>
    t.app.inject({
      method: 'POST',
      url: `/mobile/v1/stickers/${token}/transactions`,
      payload,
      remoteAddress: ip,
    });

  it('every terminal has a sticker link; a shopper types the amount and gets the usual payment page', async () => {
    const terminal = await createTerminalVia(t, team, { label: 'Market stall' });
    const { sticker_url } = await fleetRead(terminal.id);
    expect(sticker_url).toMatch(new RegExp(`^${t.ctx.config.publicUrl}/s/[A-Za-z0-9]{43,64}$`));
    // The terminal was never paired (it is off): the sticker still takes payments.
    const view = await sticker(tokenOf(sticker_url));
    expect(view.statusCode).toBe(200);
    expect(view.json()).toEqual({
      merchant: { name: 'Acme Coffee' },
      terminal: { label: 'Market stall' },
      currency: 'USD',
      min_amount: 50,
      max_amount: 1_000_000,
    });

    const paid = await payThrough(tokenOf(sticker_url), { amount: 1250, note: 'Table 4' });
    expect(paid.statusCode).toBe(201);
    const { transaction_id, payment_url } = paid.json();
    expect(payment_url).toMatch(new RegExp(`^${t.ctx.config.publicUrl}/pay/`));
    const [row] = await t.ctx.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, transaction_id));
    expect(row).toMatchObject({
      source: 'sticker',
      terminalId: terminal.id,
      amount: 1250,
      currency: 'USD',
      reference: 'Table 4',
      status: 'pending',
    });
    const created = await t.ctx.database.db.select().from(events).where(eq(events.objectId, transaction_id));
    expect(created.map((e) => e.type)).toEqual(['transaction.created']);
    // The payment page opens it like any other code (and records the scan there).
    const scan = await t.app.inject({
      method: 'POST',
      url: '/mobile/v1/scans',
      payload: { token: payment_url.split('/pay/')[1] },
      remoteAddress: nextIp(),
    });
    expect(scan.statusCode).toBe(201);
    expect(scan.json().terminal).toEqual({ label: 'Market stall' });
    // The shopper's note shows back to them on the payment page.
    expect(scan.json().transaction.note).toBe('Table 4');
  });

  it("keeps a register's reference off the shopper's page: only a sticker's note shows", async () => {
    const { token: deviceToken } = await pairedTerminal(t, team);
    const created = await t.app.inject({
      method: 'POST',
      url: '/terminal/v1/transactions',
      headers: { authorization: `Bearer ${deviceToken}`, 'idempotency-key': idemKey() },
      payload: { amount: 900, currency: 'USD', reference: 'ORDER-77 internal' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const scan = await t.app.inject({
      method: 'POST',
      url: '/mobile/v1/scans',
      payload: { token: String(created.json().payment_url).split('/pay/')[1] },
      remoteAddress: nextIp(),
    });
    expect(scan.statusCode).toBe(201);
    expect(scan.json().transaction.note).toBeNull();
  });

  it('refuses amounts outside 0.50–10,000.00, unknown stickers and disabled terminals', async () => {
    const terminal = await createTerminalVia(t, team);
    const token = tokenOf((await fleetRead(terminal.id)).sticker_url);
    for (const amount of [49, 1_000_001]) {
      const res = await payThrough(token, { amount });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    }
    expect((await payThrough(token, { amount: 100, extra: 1 })).statusCode).toBe(400);
    expect((await sticker('x'.repeat(43))).statusCode).toBe(404);
    await t.app.inject({
      method: 'POST',
      url: `/terminal/v1/projects/${team.project.id}/terminals/${terminal.id}/disable`,
      headers: team.owner.auth,
    });
    expect((await sticker(token)).statusCode).toBe(404);
    expect((await payThrough(token, { amount: 500 })).statusCode).toBe(404);
  });

  it('rotating replaces the link at once; admins and write keys may, members and read keys may not', async () => {
    const terminal = await createTerminalVia(t, team);
    const before = tokenOf((await fleetRead(terminal.id)).sticker_url);
    const rotate = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/terminal/v1/projects/${team.project.id}/terminals/${terminal.id}/sticker/rotate`,
        headers,
      });
    expect((await rotate(team.member.auth)).statusCode).toBe(403);
    expect((await rotate(await apiKeyFor(t, team, 'read'))).statusCode).toBe(403);
    expect((await rotate(team.outsider.auth)).statusCode).toBe(404);
    const byKey = await rotate(await apiKeyFor(t, team, 'write'));
    expect(byKey.statusCode).toBe(200);
    const rotated = await rotate(team.admin.auth);
    expect(rotated.statusCode).toBe(200);
    const after = tokenOf(rotated.json().sticker_url);
    expect(after).not.toBe(before);
    expect((await sticker(before)).statusCode).toBe(404);
    expect((await sticker(after)).statusCode).toBe(200);
    const [row] = await t.ctx.database.db.select().from(terminals).where(eq(terminals.id, terminal.id));
    expect(row!.stickerToken).toBe(after);
  });

  it('is rate limited per IP (429 with Retry-After)', async () => {
    const terminal = await createTerminalVia(t, team);
    const token = tokenOf((await fleetRead(terminal.id)).sticker_url);
    const ip = nextIp();
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await payThrough(token, { amount: 100 }, ip));
    expect(answers.slice(0, 10).every((a) => a.statusCode === 201)).toBe(true);
    expect(answers[10]!.statusCode).toBe(429);
    expect(Number(answers[10]!.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('records who made each transaction: terminal, api, console, sticker', async () => {
    const device = await pairedTerminal(t, team);
    const create = async (headers: Record<string, string>, body: Record<string, unknown> = {}) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/terminal/v1/transactions',
          headers: { ...headers, 'idempotency-key': idemKey() },
          payload: { amount: 300, currency: 'USD', ...body },
        })
      ).json() as { source: string };
    expect((await create(device.auth)).source).toBe('terminal');
    const key = await apiKeyFor(t, team, 'write');
    expect((await create(key, { terminal_id: device.terminal.id })).source).toBe('api');
    expect((await create(team.owner.auth, { terminal_id: device.terminal.id })).source).toBe('console');
  });
});
