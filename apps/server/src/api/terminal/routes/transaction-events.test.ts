import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { BUS_CHANNELS } from '../../../platform/bus';
import { makeTeam } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { sseReader } from '../../../test/sse-reader';
import { apiKeyFor, idemKey, pairedTerminal, type Team } from '../../../test/terminal-fixtures';
import { openSameDatabase } from '../../../test/test-database';

describe('server-sent events', () => {
  let t: TestApp;
  let team: Team;
  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    team = await makeTeam(t);
  });
  afterAll(() => t.close());

  const createTxn = async (auth: Record<string, string>) => {
    const res = await fetch(`${t.origin}/terminal/v1/transactions`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': idemKey() },
      body: JSON.stringify({ amount: 990, currency: 'USD' }),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string };
  };

  it('sends the current status at once, then a change made elsewhere, then ends', async () => {
    const device = await pairedTerminal(t, team);
    const { id } = await createTxn(device.auth);
    const res = await fetch(`${t.origin}/terminal/v1/transactions/${id}/events`, { headers: device.auth });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('cache-control')).toMatch(/no-cache/);
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    const sse = sseReader(res);
    expect((await sse.next())?.retry).toBe(3000);
    const first = await sse.next();
    expect(first?.event).toBe('status');
    expect(JSON.parse(first!.data!)).toMatchObject({ id, status: 'pending' });

    // Canceled through another path: an API key, not the streaming device.
    const key = await apiKeyFor(t, team, 'write');
    const cancel = await fetch(`${t.origin}/terminal/v1/transactions/${id}/cancel`, {
      method: 'POST',
      headers: key,
    });
    expect(cancel.status).toBe(200);
    const next = await sse.next();
    expect(next?.event).toBe('status');
    expect(JSON.parse(next!.data!)).toMatchObject({ id, status: 'canceled' });
    expect(await sse.next()).toBeNull(); // final status: the server ended the stream
  });

  it('a final transaction streams its status once and ends; others get 404 before any stream', async () => {
    const device = await pairedTerminal(t, team);
    const { id } = await createTxn(device.auth);
    await fetch(`${t.origin}/terminal/v1/transactions/${id}/cancel`, {
      method: 'POST',
      headers: device.auth,
    });
    const res = await fetch(`${t.origin}/terminal/v1/transactions/${id}/events`, {
      headers: team.member.auth,
    });
    const sse = sseReader(res);
    await sse.next();
    expect(JSON.parse((await sse.next())!.data!).status).toBe('canceled');
    expect(await sse.next()).toBeNull();

    const stranger = await pairedTerminal(t, await makeTeam(t));
    const refused = await fetch(`${t.origin}/terminal/v1/transactions/${id}/events`, {
      headers: stranger.auth,
    });
    expect(refused.status).toBe(404);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const outsider = await fetch(`${t.origin}/terminal/v1/transactions/${id}/events`, {
      headers: team.outsider.auth,
    });
    expect(outsider.status).toBe(404);
  });

  it("the project live stream forwards this project's changes only, and takes the session cookie", async () => {
    const other = await makeTeam(t);
    const otherDevice = await pairedTerminal(t, other);
    const res = await fetch(`${t.origin}/api/v1/projects/${team.project.id}/live`, {
      headers: team.member.auth,
    });
    expect(res.status).toBe(200);
    const sse = sseReader(res);
    expect((await sse.next())?.retry).toBe(3000);
    expect((await sse.next())?.comment).toBe('connected');
    await createTxn(otherDevice.auth); // another project's: never forwarded
    const device = await pairedTerminal(t, team);
    const seen: { event?: string; data: unknown }[] = [];
    while (seen.length < 2) {
      const m = await sse.next();
      if (m?.event) seen.push({ event: m.event, data: JSON.parse(m.data!) });
    }
    // Create (unpaired), then pairing (online).
    expect(seen).toEqual([
      { event: 'terminal', data: { id: device.terminal.id, status: 'unpaired' } },
      { event: 'terminal', data: { id: device.terminal.id, status: 'online' } },
    ]);
    const { id } = await createTxn(device.auth);
    let m = await sse.next();
    while (m && !m.event) m = await sse.next();
    expect(m).toMatchObject({ event: 'transaction' });
    expect(JSON.parse(m!.data!)).toEqual({ id, status: 'pending' });
    await sse.cancel();

    expect(
      (await fetch(`${t.origin}/api/v1/projects/${team.project.id}/live`, { headers: team.outsider.auth }))
        .status,
    ).toBe(404);
    // The browser's EventSource sends the session cookie instead of a bearer token.
    const cookie = `__session=${team.member.idToken}`;
    const viaCookie = await fetch(`${t.origin}/api/v1/projects/${team.project.id}/live`, {
      headers: { cookie },
    });
    expect(viaCookie.status).toBe(200);
    await viaCookie.body?.cancel();
  });

  it('the live stream resumes from Last-Event-ID: what changed while away comes again, then resync', async () => {
    const device = await pairedTerminal(t, team);
    const url = `${t.origin}/api/v1/projects/${team.project.id}/live`;
    const first = sseReader(await fetch(url, { headers: team.member.auth }));
    await first.next(); // retry
    expect(await first.next()).toMatchObject({ comment: 'connected' });
    // Then where it starts (an `id:` without an event), perhaps after hints of earlier changes.
    let start = await first.next();
    while (start && (start.event || !start.id)) start = await first.next();
    expect(start).toMatchObject({ comment: 'from here', id: expect.stringMatching(/^\d+$/) });
    const seenLive = await createTxn(device.auth);
    // Hints of earlier changes may come first (on PostgreSQL, through NOTIFY).
    let live = await first.nextEvent();
    while (live && !live.data?.includes(seenLive.id)) live = await first.nextEvent();
    expect(JSON.parse(live!.data!)).toEqual({ id: seenLive.id, status: 'pending' });
    expect(Number(live!.id)).toBeGreaterThan(Number(start!.id));
    await first.cancel();

    // Away: two checkouts and a cancel; the stream comes back from the last id it saw.
    const missedA = await createTxn(device.auth);
    const missedB = await createTxn(device.auth);
    const cancel = await fetch(`${t.origin}/terminal/v1/transactions/${missedA.id}/cancel`, {
      method: 'POST',
      headers: device.auth,
    });
    expect(cancel.status).toBe(200);
    const resumed = sseReader(
      await fetch(url, { headers: { ...team.member.auth, 'last-event-id': live!.id! } }),
    );
    const replayed: { event?: string; data: unknown; id?: string }[] = [];
    while (replayed.at(-1)?.event !== 'resync') {
      const m = await resumed.nextEvent();
      if (m?.event === 'terminal') continue;
      replayed.push({ event: m!.event, data: JSON.parse(m!.data!), id: m!.id });
    }
    // A change committed as the stream subscribed may come twice (live and replayed), never not at all.
    expect(replayed.map((r) => [r.event, r.data])).toEqual(
      expect.arrayContaining([
        ['transaction', { id: missedB.id, status: 'pending' }],
        ['transaction', { id: missedA.id, status: 'canceled' }],
      ]),
    );
    expect(replayed.some((r) => JSON.stringify(r.data).includes(seenLive.id))).toBe(false);
    await resumed.cancel();

    // An unknown position: only resync (the client re-reads everything).
    const unknown = sseReader(
      await fetch(url, { headers: { ...team.member.auth, 'last-event-id': '999999999' } }),
    );
    expect(await unknown.nextEvent()).toMatchObject({ event: 'resync' });
    await unknown.cancel();
  });

  it('a stream on one replica hears a change made on another (PostgreSQL LISTEN/NOTIFY)', async (ctx) => {
    if (t.ctx.database.kind !== 'postgres') return ctx.skip();
    const database = await openSameDatabase(t.ctx.database, 2);
    const replica = await buildApp({ ...t.ctx, database }, { logger: false });
    try {
      const device = await pairedTerminal(t, team);
      const { id } = await createTxn(device.auth);
      const heard: unknown[] = [];
      const off = t.ctx.database.bus.subscribe(BUS_CHANNELS.transactions, (m) => {
        if (m.id === id) heard.push(m);
      });
      const res = await fetch(`${t.origin}/terminal/v1/transactions/${id}/events`, { headers: device.auth });
      const sse = sseReader(res);
      await sse.next();
      expect(JSON.parse((await sse.next())!.data!).status).toBe('pending');
      const cancel = await replica.inject({
        method: 'POST',
        url: `/terminal/v1/transactions/${id}/cancel`,
        headers: device.auth,
      });
      expect(cancel.statusCode).toBe(200);
      expect(JSON.parse((await sse.next())!.data!).status).toBe('canceled');
      expect(await sse.next()).toBeNull();
      off();
      expect(heard).toContainEqual(
        expect.objectContaining({ project_id: team.project.id, id, status: 'canceled' }),
      );
    } finally {
      await replica.close();
      await database.close();
    }
  });
});
