import { PAIRING_CODE_ALPHABET } from '@scanline/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, terminalPairingCodes, terminals } from '../../../db/schema';
import { sweepOfflineTerminals } from '../../../domain/terminals/sweep-offline-terminals';
import { makeTeam } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import {
  createTerminalVia,
  pairedTerminal,
  pairingCodeFor,
  type Team,
} from '../../../test/terminal-fixtures';
import { sweepTerminalsOnce } from '../../../workers/terminal-sweeper';

const eventTypes = async (t: TestApp, terminalId: string) =>
  (
    await t.ctx.database.db
      .select({ type: events.type })
      .from(events)
      .where(eq(events.objectId, terminalId))
      .orderBy(events.seq)
  ).map((e) => e.type);

describe('pairing and device life', () => {
  let t: TestApp;
  let team: Team;
  beforeAll(async () => {
    t = await createTestApp();
    team = await makeTeam(t);
  });
  afterAll(() => t.close());

  const pair = (code: string, ip = '127.0.0.1', device: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'POST', url: '/terminal/v1/pair', payload: { code, device }, remoteAddress: ip });
  const heartbeat = (auth: Record<string, string>, payload: unknown = {}) =>
    t.app.inject({ method: 'POST', url: '/terminal/v1/heartbeat', headers: auth, payload: payload as never });

  it('pairs with a code once: device token shown once, stored hashed, terminal online, events written', async () => {
    const terminal = await createTerminalVia(t, team);
    const { code, expires_at } = await pairingCodeFor(t, team, terminal.id);
    expect(code).toHaveLength(8);
    for (const c of code) expect(PAIRING_CODE_ALPHABET).toContain(c);
    expect(new Date(expires_at).getTime() - t.ctx.now().getTime()).toBeGreaterThan(14 * 60_000);
    const [stored] = await t.ctx.database.db
      .select()
      .from(terminalPairingCodes)
      .where(eq(terminalPairingCodes.terminalId, terminal.id));
    expect(stored!.codeHash).not.toContain(code);

    const res = await pair(code.toLowerCase().replace(/(....)/, '$1-'), '127.0.0.2', {
      model: 'iPad',
      app_version: '2.1.0',
      serial: 'SER-9',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.device_token).toMatch(/^sltd_[A-Za-z0-9]{40}$/);
    expect(body.terminal).toMatchObject({
      id: terminal.id,
      status: 'online',
      device_model: 'iPad',
      app_version: '2.1.0',
      serial: 'SER-9',
    });
    const [row] = await t.ctx.database.db.select().from(terminals).where(eq(terminals.id, terminal.id));
    expect(row!.deviceTokenHash).toBeTruthy();
    expect(row!.deviceTokenHash).not.toContain(body.device_token);
    expect(await eventTypes(t, terminal.id)).toEqual(['terminal.paired', 'terminal.online']);

    const again = await pair(code, '127.0.0.3');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'pairing_code_invalid' });
  });

  it('a new code voids the old one; an expired code is refused', async () => {
    const terminal = await createTerminalVia(t, team);
    const first = await pairingCodeFor(t, team, terminal.id);
    const second = await pairingCodeFor(t, team, terminal.id);
    expect((await pair(first.code, '127.0.1.1')).json().code).toBe('pairing_code_invalid');
    t.advance(15 * 60_000 + 1000);
    expect((await pair(second.code, '127.0.1.1')).json().code).toBe('pairing_code_invalid');
    const third = await pairingCodeFor(t, team, terminal.id);
    expect((await pair(third.code, '127.0.1.1')).statusCode).toBe(201);
  });

  it('re-pairing replaces the device token: the old one is 401', async () => {
    const first = await pairedTerminal(t, team);
    // Authenticated once, so the old token is in this process's credential cache.
    expect((await heartbeat(first.auth)).statusCode).toBe(200);
    const { code } = await pairingCodeFor(t, team, first.terminal.id);
    const res = await pair(code, '127.0.2.1');
    expect(res.statusCode).toBe(201);
    expect((await heartbeat(first.auth)).statusCode).toBe(401);
    const fresh = { authorization: `Bearer ${res.json().device_token}` };
    expect((await heartbeat(fresh)).statusCode).toBe(200);
  });

  it('guessing pairing codes hits the per-IP rate limit (429 with Retry-After)', async () => {
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 25; i++) {
      const res = await pair('ABCDEFGH', '127.0.9.9');
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        retryAfter = res.headers['retry-after'] as string;
        expect(res.json()).toMatchObject({ code: 'rate_limited', status: 429 });
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      }
    }
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(Number(retryAfter)).toBeLessThanOrEqual(600);
    // Even a right code is refused from that IP until the window passes; another IP is unaffected.
    const terminal = await createTerminalVia(t, team);
    const { code } = await pairingCodeFor(t, team, terminal.id);
    expect((await pair(code, '127.0.9.9')).statusCode).toBe(429);
    expect((await pair(code, '127.0.9.10')).statusCode).toBe(201);
  });

  it('refuses malformed pairing requests', async () => {
    for (const payload of [{}, { code: 'x'.repeat(40) }, { code: 'ABCDEFGH', device: { evil: 1 } }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/terminal/v1/pair',
        payload,
        remoteAddress: '127.0.3.1',
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('heartbeats keep it online; the sweeper marks it offline; online/offline events once per change', async () => {
    const { terminal, auth } = await pairedTerminal(t, team);
    const hb = await heartbeat(auth, { app_version: '1.2.3', battery: 80, network: 'wifi' });
    expect(hb.statusCode).toBe(200);
    expect(hb.json()).toMatchObject({ status: 'online', app_version: '1.2.3', battery: 80, network: 'wifi' });
    expect((await heartbeat(auth, { battery: 101 })).statusCode).toBe(400);
    // Within the limit: nothing changes, however often the sweeper runs.
    t.advance(60_000);
    await sweepTerminalsOnce(t.ctx);
    await heartbeat(auth);
    t.advance(100_000);
    await sweepTerminalsOnce(t.ctx);
    expect(await eventTypes(t, terminal.id)).toEqual(['terminal.paired', 'terminal.online']);
    // Past 120 s without a heartbeat: offline, once.
    t.advance(30_000);
    await sweepTerminalsOnce(t.ctx);
    await sweepTerminalsOnce(t.ctx);
    const [row] = await t.ctx.database.db.select().from(terminals).where(eq(terminals.id, terminal.id));
    expect(row!.status).toBe('offline');
    // Back online with the next heartbeat, once however many arrive.
    await heartbeat(auth);
    await heartbeat(auth);
    expect(await eventTypes(t, terminal.id)).toEqual([
      'terminal.paired',
      'terminal.online',
      'terminal.offline',
      'terminal.online',
    ]);
  });

  it('sweepers racing each other move each terminal once', async () => {
    const own = await makeTeam(t);
    const paired = await Promise.all(Array.from({ length: 5 }, () => pairedTerminal(t, own)));
    t.advance(10 * 60_000);
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        sweepOfflineTerminals(t.ctx.database, { now: t.ctx.now(), offlineAfterSeconds: 120 }),
      ),
    );
    const moved = results.flat().map((r) => r.id);
    for (const p of paired) expect(moved.filter((id) => id === p.terminal.id)).toHaveLength(1);
    for (const p of paired) {
      const offline = await t.ctx.database.db
        .select()
        .from(events)
        .where(and(eq(events.objectId, p.terminal.id), eq(events.type, 'terminal.offline')));
      expect(offline).toHaveLength(1);
    }
  });

  it('disabling revokes the device token at once; enabling returns it unpaired; it can pair again', async () => {
    const { terminal, auth } = await pairedTerminal(t, team);
    // Authenticated once, so the token is in this process's credential cache.
    expect((await heartbeat(auth)).statusCode).toBe(200);
    const url = `/terminal/v1/projects/${team.project.id}/terminals/${terminal.id}`;
    const disabled = await t.app.inject({ method: 'POST', url: `${url}/disable`, headers: team.admin.auth });
    expect(disabled.json()).toMatchObject({ status: 'disabled' });
    const refused = await heartbeat(auth);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('unauthenticated');
    const tx = await t.app.inject({
      method: 'POST',
      url: '/terminal/v1/transactions',
      headers: { ...auth, 'idempotency-key': 'k1' },
      payload: { amount: 100, currency: 'USD' },
    });
    expect(tx.statusCode).toBe(401);
    const code = await t.app.inject({
      method: 'POST',
      url: `${url}/pairing-codes`,
      headers: team.owner.auth,
    });
    expect(code.statusCode).toBe(409);
    expect(code.json().code).toBe('terminal_disabled');
    const enabled = await t.app.inject({ method: 'POST', url: `${url}/enable`, headers: team.owner.auth });
    expect(enabled.json()).toMatchObject({ status: 'unpaired' });
    expect((await heartbeat(auth)).statusCode).toBe(401);
    const { code: fresh } = await pairingCodeFor(t, team, terminal.id);
    expect((await pair(fresh, '127.0.4.1')).statusCode).toBe(201);
  });

  it('a code open when the terminal is disabled stops working', async () => {
    const terminal = await createTerminalVia(t, team);
    const { code } = await pairingCodeFor(t, team, terminal.id);
    await t.app.inject({
      method: 'POST',
      url: `/terminal/v1/projects/${team.project.id}/terminals/${terminal.id}/disable`,
      headers: team.owner.auth,
    });
    expect((await pair(code, '127.0.5.1')).json().code).toBe('pairing_code_invalid');
  });

  it('heartbeat needs a device token: an ID token or API key is 403, a made-up device token 401', async () => {
    expect((await heartbeat(team.owner.auth)).statusCode).toBe(403);
    expect((await heartbeat({ authorization: `Bearer sltd_${'a'.repeat(40)}` })).statusCode).toBe(401);
  });
});
