import { TRANSACTION_TTL_SECONDS } from '@scanline/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  businesses,
  events,
  idempotencyKeys,
  transactionStatusChanges,
  transactions,
} from '../../../db/schema';
import { makeTeam } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import {
  apiKeyFor,
  createTerminalVia,
  idemKey,
  pairedTerminal,
  type Team,
} from '../../../test/terminal-fixtures';
import { freshSession } from '../../../test/tokens';
import { sweepTerminalsOnce } from '../../../workers/terminal-sweeper';

describe('transactions from the terminal', () => {
  let t: TestApp;
  let team: Team;
  let device: Awaited<ReturnType<typeof pairedTerminal>>;
  beforeAll(async () => {
    t = await createTestApp();
    team = await makeTeam(t);
    device = await pairedTerminal(t, team);
  });
  afterAll(() => t.close());
  // Tests move the clock by hours: sign everyone in again so ID tokens stay fresh.
  beforeEach(async () => {
    for (const who of ['owner', 'admin', 'member', 'outsider'] as const) {
      team[who].auth = await freshSession(t.ctx, team[who].user);
    }
  });

  const create = (
    headers: Record<string, string>,
    payload: Record<string, unknown> = { amount: 1250, currency: 'USD' },
    key: string | null = idemKey(),
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/terminal/v1/transactions',
      headers: key === null ? headers : { ...headers, 'idempotency-key': key },
      payload,
    });
  const get = (headers: Record<string, string>, id: string) =>
    t.app.inject({ method: 'GET', url: `/terminal/v1/transactions/${id}`, headers });
  const cancel = (headers: Record<string, string>, id: string) =>
    t.app.inject({ method: 'POST', url: `/terminal/v1/transactions/${id}/cancel`, headers });
  const eventsOf = async (id: string) =>
    (
      await t.ctx.database.db
        .select({ type: events.type, data: events.data })
        .from(events)
        .where(eq(events.objectId, id))
        .orderBy(events.seq)
    ).map((e) => e.type);

  it('creates a pending transaction with an unguessable payment URL, history and outbox event', async () => {
    const res = await create(device.auth, {
      amount: 1250,
      currency: 'USD',
      reference: 'order-17',
      metadata: { table: '4' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'pending',
      amount: 1250,
      currency: 'USD',
      reference: 'order-17',
      metadata: { table: '4' },
      terminal_id: device.terminal.id,
    });
    expect(body.id).toMatch(/^txn_/);
    const url = new URL(body.payment_url);
    expect(`${url.origin}`).toBe(t.ctx.config.publicUrl);
    const token = url.pathname.replace('/pay/', '');
    expect(token).toMatch(/^[A-Za-z0-9]{22,}$/);
    expect(new Date(body.expires_at).getTime() - new Date(body.created_at).getTime()).toBe(
      TRANSACTION_TTL_SECONDS * 1000,
    );
    const [row] = await t.ctx.database.db.select().from(transactions).where(eq(transactions.id, body.id));
    expect(row!.provider).toBe('simulator');
    const history = await t.ctx.database.db
      .select()
      .from(transactionStatusChanges)
      .where(eq(transactionStatusChanges.transactionId, body.id));
    expect(history.map((h) => [h.fromStatus, h.toStatus])).toEqual([[null, 'pending']]);
    expect(await eventsOf(body.id)).toEqual(['transaction.created']);
    const read = await get(device.auth, body.id);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(body);
  });

  it("takes the provider from the project's business", async () => {
    const own = await makeTeam(t);
    await t.ctx.database.db
      .update(businesses)
      .set({ paymentProvider: 'stripe' })
      .where(eq(businesses.id, own.business.id));
    const d = await pairedTerminal(t, own);
    const res = await create(d.auth);
    const [row] = await t.ctx.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, res.json().id));
    expect(row!.provider).toBe('stripe');
  });

  it('requires an Idempotency-Key and validates the body', async () => {
    const missing = await create(device.auth, { amount: 100, currency: 'USD' }, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('idempotency_key_required');
    expect((await create(device.auth, { amount: 100, currency: 'USD' }, 'x'.repeat(256))).statusCode).toBe(
      400,
    );
    for (const payload of [
      { amount: 0, currency: 'USD' },
      { amount: -5, currency: 'USD' },
      { amount: 1.5, currency: 'USD' },
      { amount: 100_000_000, currency: 'USD' },
      { amount: 100, currency: 'usd!' },
      { amount: 100, currency: 'USD', surprise: true },
      { amount: '100', currency: 'USD' },
    ]) {
      const res = await create(device.auth, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
  });

  it('same key + same body replays the first answer; another body is 409', async () => {
    const key = idemKey();
    const first = await create(device.auth, { amount: 500, currency: 'USD' }, key);
    t.advance(60_000);
    const again = await create(device.auth, { currency: 'USD', amount: 500 }, key);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const other = await create(device.auth, { amount: 501, currency: 'USD' }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('idempotency_key_reused');
    // Another caller's same key is its own request.
    const key2 = await apiKeyFor(t, team, 'write');
    const elsewhere = await create(
      key2,
      { amount: 500, currency: 'USD', terminal_id: device.terminal.id },
      key,
    );
    expect(elsewhere.statusCode).toBe(201);
    expect(elsewhere.json().id).not.toBe(first.json().id);
    // After 24 hours the key starts over.
    t.advance(24 * 60 * 60_000);
    const later = await create(device.auth, { amount: 501, currency: 'USD' }, key);
    expect(later.statusCode).toBe(201);
  });

  it('50 concurrent identical creates make exactly one row and one answer', async () => {
    const key = idemKey();
    const results = await Promise.all(
      // In the project's currency: a device may not name another.
      Array.from({ length: 50 }, () => create(device.auth, { amount: 777, currency: 'USD' }, key)),
    );
    const statuses = new Set(results.map((r) => r.statusCode));
    for (const s of statuses) expect([201, 409]).toContain(s);
    const ok = results.filter((r) => r.statusCode === 201);
    expect(ok.length).toBeGreaterThan(0);
    expect(new Set(ok.map((r) => r.json().id)).size).toBe(1);
    for (const r of results.filter((r) => r.statusCode === 409))
      expect(r.json().code).toBe('idempotency_in_progress');
    const rows = await t.ctx.database.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.terminalId, device.terminal.id), eq(transactions.amount, 777)));
    expect(rows).toHaveLength(1);
    const keys = await t.ctx.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(keys).toHaveLength(1);
    expect(await eventsOf(rows[0]!.id)).toEqual(['transaction.created']);
  });

  it('API keys: a write key names its terminal; read keys, members and other projects are refused', async () => {
    const write = await apiKeyFor(t, team, 'write');
    const read = await apiKeyFor(t, team, 'read');
    const ok = await create(write, { amount: 300, currency: 'USD', terminal_id: device.terminal.id });
    expect(ok.statusCode, ok.body).toBe(201);
    const id = ok.json().id;
    expect((await create(write, { amount: 300, currency: 'USD' })).statusCode).toBe(400);
    const ro = await create(read, { amount: 300, currency: 'USD', terminal_id: device.terminal.id });
    expect(ro.statusCode).toBe(403);
    expect((await get(read, id)).statusCode).toBe(200);
    expect((await cancel(read, id)).statusCode).toBe(403);

    const other = await makeTeam(t);
    const otherKey = await apiKeyFor(t, other, 'write');
    const otherTerminal = await createTerminalVia(t, other);
    expect(
      (await create(write, { amount: 1, currency: 'USD', terminal_id: otherTerminal.id })).statusCode,
    ).toBe(404);
    expect(
      (await create(otherKey, { amount: 1, currency: 'USD', terminal_id: device.terminal.id })).statusCode,
    ).toBe(404);
    expect((await get(otherKey, id)).statusCode).toBe(404);
    expect((await cancel(otherKey, id)).statusCode).toBe(404);

    // People: admins may create and cancel, members read, outsiders see nothing.
    const byAdmin = await create(team.admin.auth, {
      amount: 10,
      currency: 'USD',
      terminal_id: device.terminal.id,
    });
    expect(byAdmin.statusCode).toBe(201);
    const byMember = await create(team.member.auth, {
      amount: 10,
      currency: 'USD',
      terminal_id: device.terminal.id,
    });
    expect(byMember.statusCode).toBe(403);
    expect((await get(team.member.auth, id)).statusCode).toBe(200);
    expect((await cancel(team.member.auth, id)).statusCode).toBe(403);
    expect((await get(team.outsider.auth, id)).statusCode).toBe(404);
    expect((await cancel(team.outsider.auth, id)).statusCode).toBe(404);
    const byOutsider = await create(team.outsider.auth, {
      amount: 10,
      currency: 'USD',
      terminal_id: device.terminal.id,
    });
    expect(byOutsider.statusCode).toBe(404);
  });

  it("a device sees only its own terminal's transactions", async () => {
    const mine = (await create(device.auth)).json().id;
    const sibling = await pairedTerminal(t, team);
    const stranger = await pairedTerminal(t, await makeTeam(t));
    for (const other of [sibling, stranger]) {
      expect((await get(other.auth, mine)).statusCode).toBe(404);
      expect((await cancel(other.auth, mine)).statusCode).toBe(404);
    }
    const naming = await create(sibling.auth, {
      amount: 5,
      currency: 'USD',
      terminal_id: device.terminal.id,
    });
    expect(naming.statusCode).toBe(404);
    expect((await get(device.auth, 'txn_doesnotexist')).statusCode).toBe(404);
  });

  it('cancels a pending transaction once (event, history); a canceled one and others 409', async () => {
    const id = (await create(device.auth)).json().id;
    const res = await cancel(device.auth, id);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('canceled');
    // docs/api/terminal.md#routes promises 409 for anything not pending, a canceled one included.
    const again = await cancel(device.auth, id);
    expect(again.statusCode).toBe(409);
    expect(again.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(again.json()).toMatchObject({
      code: 'transaction_state_conflict',
      detail: 'This transaction is already canceled.',
    });
    expect(await eventsOf(id)).toEqual(['transaction.created', 'transaction.canceled']);
    await t.ctx.database.db.update(transactions).set({ status: 'succeeded' }).where(eq(transactions.id, id));
    const done = await cancel(device.auth, id);
    expect(done.statusCode).toBe(409);
    expect(done.json().code).toBe('transaction_state_conflict');
  });

  it('expires after 15 minutes: on read before the sweep, and by the sweep (one event each)', async () => {
    const a = (await create(device.auth)).json().id;
    const b = (await create(device.auth)).json().id;
    t.advance(TRANSACTION_TTL_SECONDS * 1000 + 1000);
    const read = await get(device.auth, a);
    expect(read.json().status).toBe('expired');
    const { expired } = await sweepTerminalsOnce(t.ctx);
    expect(expired.map((r) => r.id)).toContain(b);
    expect(expired.map((r) => r.id)).not.toContain(a);
    await sweepTerminalsOnce(t.ctx);
    expect(await eventsOf(a)).toEqual(['transaction.created', 'transaction.expired']);
    expect(await eventsOf(b)).toEqual(['transaction.created', 'transaction.expired']);
    const late = await cancel(device.auth, b);
    expect(late.statusCode).toBe(409);
  });

  it('a disabled terminal cannot be charged through an API key', async () => {
    const write = await apiKeyFor(t, team, 'write');
    const d = await pairedTerminal(t, team);
    await t.app.inject({
      method: 'POST',
      url: `/terminal/v1/projects/${team.project.id}/terminals/${d.terminal.id}/disable`,
      headers: team.owner.auth,
    });
    const res = await create(write, { amount: 5, currency: 'USD', terminal_id: d.terminal.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('terminal_disabled');
  });
});
