import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { events, terminals } from '../../../db/schema';
import { makeTeam } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { type SseMessage, sseReader } from '../../../test/sse-reader';
import { apiKeyFor, idemKey, pairedTerminal, type Team } from '../../../test/terminal-fixtures';
import { openSameDatabase } from '../../../test/test-database';
import { sweepTerminalsOnce } from '../../../workers/terminal-sweeper';

type Device = Awaited<ReturnType<typeof pairedTerminal>>;
const data = (m: SseMessage | null) => JSON.parse(m?.data ?? 'null');

describe('the device stream: a register drives the terminal', () => {
  let t: TestApp;
  let team: Team;
  let writeKey: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    team = await makeTeam(t);
    writeKey = await apiKeyFor(t, team, 'write');
  });
  afterAll(() => t.close());

  const openStream = async (device: Device, lastEventId?: string, origin = t.origin) => {
    const res = await fetch(`${origin}/terminal/v1/stream`, {
      headers: { ...device.auth, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    });
    expect(res.status).toBe(200);
    const sse = sseReader(res);
    expect((await sse.next())?.retry).toBe(3000);
    return { res, sse };
  };
  const checkout = async (terminalId: string, body: Record<string, unknown> = {}, origin = t.origin) => {
    const res = await fetch(`${origin}/terminal/v1/transactions`, {
      method: 'POST',
      headers: { ...writeKey, 'content-type': 'application/json', 'idempotency-key': idemKey() },
      body: JSON.stringify({ amount: 1250, terminal_id: terminalId, reference: 'basket-42', ...body }),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string; currency: string; status: string };
  };
  const cancel = (id: string, origin = t.origin) =>
    fetch(`${origin}/terminal/v1/transactions/${id}/cancel`, { method: 'POST', headers: writeKey });
  const terminalRow = async (id: string) =>
    (await t.ctx.database.db.select().from(terminals).where(eq(terminals.id, id)))[0]!;
  const eventsOf = async (type: string, objectId: string) =>
    t.ctx.database.db
      .select()
      .from(events)
      .where(and(eq(events.type, type), eq(events.objectId, objectId)));
  /** The server notices a dropped connection asynchronously: wait for its grace to be written. */
  const untilReleased = async (id: string, droppedAt: Date) => {
    for (let i = 0; i < 100; i++) {
      const row = await terminalRow(id);
      const grace = (row.onlineUntil?.getTime() ?? 0) - (row.lastSeenAt?.getTime() ?? 0);
      if (row.lastSeenAt && row.lastSeenAt >= droppedAt && grace === 15_000) return row;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(
      `the stream was never released: ${JSON.stringify(await terminalRow(id))} now ${t.ctx.now().toISOString()}`,
    );
  };

  it('GET /me tells the device its terminal, project and business', async () => {
    const device = await pairedTerminal(t, team);
    const res = await t.app.inject({ method: 'GET', url: '/terminal/v1/me', headers: device.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      terminal: expect.objectContaining({ id: device.terminal.id, label: 'Counter 1' }),
      project: {
        id: team.project.id,
        name: 'Downtown store',
        currency: 'USD',
        time_zone: 'America/New_York',
        allow_other_currencies: false,
      },
      business: { name: 'Acme Coffee' },
      // No staff, so no cashier needed.
      cashiers: { required: false, idle_minutes: 5 },
    });
    const asPerson = await t.app.inject({ method: 'GET', url: '/terminal/v1/me', headers: team.owner.auth });
    expect(asPerson.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/terminal/v1/stream' });
    expect(anonymous.statusCode).toBe(401);
  });

  it("pushes a register's checkout at once, in the project's currency, then its cancel", async () => {
    const device = await pairedTerminal(t, team);
    const { res, sse } = await openStream(device);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);

    const created = await checkout(device.terminal.id);
    expect(created.currency).toBe('USD');
    const pushed = await sse.nextEvent();
    expect(pushed?.event).toBe('transaction');
    expect(Number(pushed?.id)).toBeGreaterThan(0);
    // Exactly what GET /transactions/{transaction_id} answers.
    const read = await fetch(`${t.origin}/terminal/v1/transactions/${created.id}`, { headers: device.auth });
    expect(data(pushed)).toEqual(await read.json());
    expect(data(pushed)).toMatchObject({
      id: created.id,
      status: 'pending',
      amount: 1250,
      reference: 'basket-42',
    });

    expect((await cancel(created.id)).status).toBe(200);
    const canceled = await sse.nextEvent();
    expect(data(canceled)).toMatchObject({ id: created.id, status: 'canceled' });
    expect(Number(canceled?.id)).toBeGreaterThan(Number(pushed?.id));

    // Another terminal's checkout never reaches this stream; this one's next does.
    const other = await pairedTerminal(t, team);
    await checkout(other.terminal.id);
    const mine = await checkout(device.terminal.id, { currency: 'EUR', amount: 700 });
    expect(data(await sse.nextEvent())).toMatchObject({ id: mine.id, currency: 'EUR', amount: 700 });
    await sse.cancel();
  });

  it('on connect sends the open checkouts, and with Last-Event-ID what was missed', async () => {
    const device = await pairedTerminal(t, team);
    const waiting = await checkout(device.terminal.id);
    const first = await openStream(device);
    const open = await first.sse.nextEvent();
    expect(data(open)).toMatchObject({ id: waiting.id, status: 'pending' });
    await first.sse.cancel();

    // While disconnected: the waiting checkout is canceled, another is created and canceled.
    expect((await cancel(waiting.id)).status).toBe(200);
    const missed = await checkout(device.terminal.id);
    expect((await cancel(missed.id)).status).toBe(200);
    const still = await checkout(device.terminal.id);

    const again = await openStream(device, open!.id);
    const got: { id: string; status: string }[] = [];
    for (let i = 0; i < 3; i++) got.push(data(await again.sse.nextEvent()));
    // Open ones first, then the missed ones in their latest state.
    expect(got[0]).toMatchObject({ id: still.id, status: 'pending' });
    expect(got.slice(1)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: waiting.id, status: 'canceled' }),
        expect.objectContaining({ id: missed.id, status: 'canceled' }),
      ]),
    );
    await again.sse.cancel();
  });

  it('sends the terminal on edits, and on disable, then ends', async () => {
    const device = await pairedTerminal(t, team);
    const { sse } = await openStream(device);
    const url = `/terminal/v1/projects/${team.project.id}/terminals/${device.terminal.id}`;
    const edit = await t.app.inject({
      method: 'PATCH',
      url,
      headers: team.owner.auth,
      payload: { label: 'Till 2', location: 'Back bar' },
    });
    expect(edit.statusCode).toBe(200);
    const edited = await sse.nextEvent();
    expect(edited?.event).toBe('terminal');
    expect(data(edited)).toMatchObject({ id: device.terminal.id, label: 'Till 2', location: 'Back bar' });

    const disable = await t.app.inject({ method: 'POST', url: `${url}/disable`, headers: team.owner.auth });
    expect(disable.statusCode).toBe(200);
    const disabled = await sse.nextEvent();
    expect(disabled?.event).toBe('terminal');
    expect(data(disabled)).toMatchObject({ status: 'disabled' });
    expect(await sse.nextEvent()).toBeNull();
    // The token died with the disable: no stream, no /me.
    const refused = await fetch(`${t.origin}/terminal/v1/stream`, { headers: device.auth });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it('is presence: online while held, offline (with its event) once the grace ends after a drop', async () => {
    const device = await pairedTerminal(t, team);
    // Pairing alone does not count as being there.
    await t.ctx.database.db
      .update(terminals)
      .set({ status: 'offline' })
      .where(eq(terminals.id, device.terminal.id));
    const onlineBefore = (await eventsOf('terminal.online', device.terminal.id)).length;
    const { sse } = await openStream(device);
    expect((await terminalRow(device.terminal.id)).status).toBe('online');
    expect(await eventsOf('terminal.online', device.terminal.id)).toHaveLength(onlineBefore + 1);

    // Held: the lease outlives the sweeper.
    t.advance(20_000);
    await sweepTerminalsOnce(t.ctx);
    expect((await terminalRow(device.terminal.id)).status).toBe('online');

    const droppedAt = t.ctx.now();
    await sse.cancel();
    await untilReleased(device.terminal.id, droppedAt);
    t.advance(10_000);
    await sweepTerminalsOnce(t.ctx);
    expect((await terminalRow(device.terminal.id)).status).toBe('online');
    t.advance(6_000);
    await sweepTerminalsOnce(t.ctx);
    expect((await terminalRow(device.terminal.id)).status).toBe('offline');
    expect(await eventsOf('terminal.offline', device.terminal.id)).toHaveLength(1);

    // Reconnecting brings it back, once.
    const back = await openStream(device);
    expect((await terminalRow(device.terminal.id)).status).toBe('online');
    expect(await eventsOf('terminal.online', device.terminal.id)).toHaveLength(onlineBefore + 2);
    await back.sse.cancel();
  });

  it('heartbeats still keep a device without a stream online', async () => {
    const device = await pairedTerminal(t, team);
    const beat = await t.app.inject({
      method: 'POST',
      url: '/terminal/v1/heartbeat',
      headers: device.auth,
      payload: {},
    });
    expect(beat.statusCode).toBe(200);
    t.advance(100_000);
    await sweepTerminalsOnce(t.ctx);
    expect((await terminalRow(device.terminal.id)).status).toBe('online');
    t.advance(30_000);
    await sweepTerminalsOnce(t.ctx);
    expect((await terminalRow(device.terminal.id)).status).toBe('offline');
  });

  it('two replicas on one PostgreSQL: the stream on one hears creates, cancels and a drop on the other', async (c) => {
    if (t.ctx.database.kind !== 'postgres') return c.skip();
    const database = await openSameDatabase(t.ctx.database, 2);
    const replica = await buildApp({ ...t.ctx, database }, { logger: false });
    await replica.listen({ port: 0, host: '127.0.0.1' });
    const address = replica.server.address();
    const other = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    try {
      const device = await pairedTerminal(t, team);
      const { sse } = await openStream(device);
      const created = await checkout(device.terminal.id, {}, other);
      expect(data(await sse.nextEvent())).toMatchObject({ id: created.id, status: 'pending' });
      expect((await cancel(created.id, other)).status).toBe(200);
      expect(data(await sse.nextEvent())).toMatchObject({ id: created.id, status: 'canceled' });

      // The stream drops on this replica; the other replica's sweeper sees it go offline.
      const droppedAt = t.ctx.now();
      await sse.cancel();
      await untilReleased(device.terminal.id, droppedAt);
      t.advance(16_000);
      await sweepTerminalsOnce({ ...t.ctx, database });
      expect((await terminalRow(device.terminal.id)).status).toBe('offline');
    } finally {
      await replica.close();
      await database.close();
    }
  });
});
