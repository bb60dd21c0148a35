import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { auditLog, cashierPinFailures, cashierSessions, staff, transactions } from '../../../db/schema';
import { refreshRollups } from '../../../domain/dashboard/refresh-rollups';
import { loadConfig } from '../../../platform/config';
import type { AppContext } from '../../../platform/context';
import { openDatabase } from '../../../platform/db';
import { listOutbox } from '../../../platform/mail/send-mail';
import { makeTeam } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { payAsShopper } from '../../../test/pay-as-shopper';
import { runCommonRouteTests } from '../../../test/security-suite';
import {
  apiKeyFor,
  cashierSignedIn,
  idemKey,
  pairedTerminal,
  staffFor,
  type Team,
} from '../../../test/terminal-fixtures';
import { openTestDatabase } from '../../../test/test-database';
import { freshSession } from '../../../test/tokens';

type Headers = Record<string, string>;

describe('cashiers on the terminal', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const create = (headers: Headers, payload: Record<string, unknown> = { amount: 1250 }) =>
    t.app.inject({
      method: 'POST',
      url: '/terminal/v1/transactions',
      headers: { ...headers, 'idempotency-key': idemKey() },
      payload,
    });
  const signIn = (device: Headers, pin: string) =>
    t.app.inject({ method: 'POST', url: '/terminal/v1/cashier-sessions', headers: device, payload: { pin } });
  const staffCall = (
    team: Team,
    method: 'POST' | 'PATCH' | 'DELETE' | 'GET',
    suffix = '',
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url: `/api/v1/projects/${team.project.id}/staff${suffix}`,
      headers: team.owner.auth,
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
  /** Pays a device's transaction through the mobile API; returns it. */
  const paidBy = async (device: Headers, amount = 2000) => {
    const txn = (await create(device, { amount })).json();
    const paid = await payAsShopper(t.app, txn.payment_url);
    expect(paid.json().status).toBe('succeeded');
    return txn as { id: string; cashier_id: string | null; cashier_name: string | null };
  };

  it('a project without staff keeps today’s flow: no cashier needed, none recorded', async () => {
    const team = await makeTeam(t);
    const device = await pairedTerminal(t, team);
    const me = await t.app.inject({ url: '/terminal/v1/me', headers: device.auth });
    expect(me.json().cashiers).toEqual({ required: false, idle_minutes: 5 });
    const res = await create(device.auth);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ cashier_id: null, cashier_name: null });
  });

  it('staff: PINs are slow hashes, unique in the project (409 pin_in_use), never shown', async () => {
    const team = await makeTeam(t);
    const created = await staffCall(team, 'POST', '', { name: 'Ana', pin: '1234', role: 'cashier' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({
      id: expect.stringMatching(/^stf_/),
      name: 'Ana',
      role: 'cashier',
      disabled: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const [row] = await t.ctx.database.db.select().from(staff).where(eq(staff.id, created.json().id));
    expect(row!.pinHash).toMatch(/^\$argon2id\$/);
    expect(row!.pinHash).not.toContain('1234');
    expect(row!.pinLookup).not.toContain('1234');
    const dup = await staffCall(team, 'POST', '', { name: 'Ben', pin: '1234', role: 'manager' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'pin_in_use', errors: [{ field: 'pin' }] });
    // The same PIN in another project is fine.
    const other = await makeTeam(t);
    expect(
      (await staffCall(other, 'POST', '', { name: 'Cy', pin: '1234', role: 'cashier' })).statusCode,
    ).toBe(201);
    for (const pin of ['123', '1234567', '12a4', ' 1234', '']) {
      const bad = await staffCall(team, 'POST', '', { name: 'Dee', pin, role: 'cashier' });
      expect(bad.statusCode, pin).toBe(400);
    }
    expect((await staffCall(team, 'POST', '', { name: 'Dee', pin: '5678', role: 'boss' })).statusCode).toBe(
      400,
    );
    const ben = (await staffCall(team, 'POST', '', { name: 'Ben', pin: '567890', role: 'manager' })).json();
    const clash = await staffCall(team, 'PATCH', `/${ben.id}`, { pin: '1234' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().code).toBe('pin_in_use');
    const renamed = await staffCall(team, 'PATCH', `/${ben.id}`, { name: 'Benjamin', pin: '567890' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const list = await staffCall(team, 'GET');
    expect(list.json().data.map((s: { name: string }) => s.name)).toEqual(['Ana', 'Benjamin']);
    expect(JSON.stringify(list.json())).not.toMatch(/pin/);
    // Members and API keys cannot see or manage staff.
    const asMember = await t.app.inject({
      url: `/api/v1/projects/${team.project.id}/staff`,
      headers: team.member.auth,
    });
    expect(asMember.statusCode).toBe(403);
    const key = await apiKeyFor(t, team, 'write');
    expect(
      (await t.app.inject({ url: `/api/v1/projects/${team.project.id}/staff`, headers: key })).statusCode,
    ).toBe(403);
    const gone = await staffCall(team, 'DELETE', `/${ben.id}`);
    expect(gone.statusCode).toBe(204);
    // The audit log names staff, also once deleted (from the entry's own record).
    const audit = await t.app.inject({
      url: `/api/v1/projects/${team.project.id}/audit`,
      headers: team.owner.auth,
    });
    const entries = audit.json().data as { action: string; target: string; target_label: string | null }[];
    expect(entries.find((e) => e.action === 'staff.deleted')?.target_label).toBe('Benjamin');
    const anaId = created.json().id;
    expect(entries.find((e) => e.action === 'staff.created' && e.target === anaId)?.target_label).toBe('Ana');
    expect((await staffCall(team, 'DELETE', `/${ben.id}`)).statusCode).toBe(404);
  });

  it('locks the terminal until a cashier signs in; creates record the cashier', async () => {
    const team = await makeTeam(t);
    const device = await pairedTerminal(t, team);
    const ana = await staffFor(t, team, { name: 'Ana', pin: '2468' });
    const me = await t.app.inject({ url: '/terminal/v1/me', headers: device.auth });
    expect(me.json().cashiers).toEqual({ required: true, idle_minutes: 5 });
    const locked = await create(device.auth);
    expect(locked.statusCode).toBe(401);
    expect(locked.json().code).toBe('cashier_required');
    const bogus = await create({ ...device.auth, 'cashier-session': 'slcs_nope' });
    expect(bogus.json().code).toBe('cashier_required');

    const wrong = await signIn(device.auth, '1357');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].field).toBe('pin');
    const session = await signIn(device.auth, '2468');
    expect(session.statusCode, session.body).toBe(201);
    expect(session.json()).toEqual({
      cashier: { id: ana.id, name: 'Ana', role: 'cashier' },
      cashier_session: expect.stringMatching(/^slcs_/),
      idle_minutes: 5,
    });
    const header = { 'cashier-session': session.json().cashier_session };
    const made = await create({ ...device.auth, ...header });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ cashier_id: ana.id, cashier_name: 'Ana' });
    const current = await t.app.inject({
      url: '/terminal/v1/cashier-sessions/current',
      headers: { ...device.auth, ...header },
    });
    expect(current.json()).toEqual({ cashier: { id: ana.id, name: 'Ana', role: 'cashier' } });
    // A device cannot name another cashier.
    expect(
      (await create({ ...device.auth, ...header }, { amount: 100, cashier_id: ana.id })).statusCode,
    ).toBe(400);
    // The session belongs to its terminal.
    const other = await pairedTerminal(t, team, { label: 'Till 2' });
    expect((await create({ ...other.auth, ...header })).json().code).toBe('cashier_required');

    const out = await t.app.inject({
      method: 'DELETE',
      url: '/terminal/v1/cashier-sessions/current',
      headers: { ...device.auth, ...header },
    });
    expect(out.statusCode).toBe(204);
    expect((await create({ ...device.auth, ...header })).json().code).toBe('cashier_required');
  });

  it('a register (API key) names cashier_id; the list and CSV filter by it', async () => {
    const team = await makeTeam(t);
    const device = await pairedTerminal(t, team);
    const ana = await staffFor(t, team, { name: 'Ana', pin: '1111' });
    const ben = await staffFor(t, team, { name: 'Ben', pin: '2222' });
    const key = await apiKeyFor(t, team, 'write');
    const viaKey = await create(key, { amount: 700, terminal_id: device.terminal.id, cashier_id: ben.id });
    expect(viaKey.statusCode, viaKey.body).toBe(201);
    expect(viaKey.json()).toMatchObject({ cashier_id: ben.id, cashier_name: 'Ben' });
    // A register without a cashier is fine; an unknown one is 400.
    expect((await create(key, { amount: 700, terminal_id: device.terminal.id })).statusCode).toBe(201);
    const unknown = await create(key, {
      amount: 700,
      terminal_id: device.terminal.id,
      cashier_id: 'stf_nope',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].field).toBe('cashier_id');
    const { header } = await cashierSignedIn(t, device.auth, '1111');
    await paidBy({ ...device.auth, ...header }, 1500);

    const list = await t.app.inject({
      url: `/api/v1/projects/${team.project.id}/transactions?cashier_id[equals]=${ana.id}`,
      headers: team.member.auth,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toHaveLength(1);
    expect(list.json().data[0]).toMatchObject({ cashier_id: ana.id, cashier_name: 'Ana', amount: 1500 });
    const csv = await t.app.inject({
      url: `/api/v1/projects/${team.project.id}/transactions/export.csv?cashier_id[equals]=${ben.id}`,
      headers: team.member.auth,
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${ben.id},Ben`);

    // The dashboard reads the rollups, which the job brings up to date (within 15 s in a server).
    await refreshRollups(t.ctx.database.db);
    const dashboard = await t.app.inject({
      url: `/api/v1/projects/${team.project.id}/dashboard`,
      headers: team.member.auth,
    });
    expect(dashboard.json().by_cashier).toEqual([
      { cashier_id: ana.id, name: 'Ana', payments_count: 1, gross: 1500, tips: 0 },
    ]);
  });

  it('roles: a cashier charges and cancels; refunds at the counter need a manager', async () => {
    const team = await makeTeam(t);
    const device = await pairedTerminal(t, team);
    await staffFor(t, team, { name: 'Ana', pin: '3333', role: 'cashier' });
    const boss = await staffFor(t, team, { name: 'Mo', pin: '4444', role: 'manager' });
    const cashier = await cashierSignedIn(t, device.auth, '3333');
    const asCashier = { ...device.auth, ...cashier.header };
    const open = (await create(asCashier)).json();
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/terminal/v1/transactions/${open.id}/cancel`,
      headers: asCashier,
    });
    expect(cancel.json().status).toBe('canceled');
    const paid = await paidBy(asCashier, 2000);
    const refund = (headers: Headers, payload: Record<string, unknown> = { amount: 500 }) =>
      t.app.inject({ method: 'POST', url: `/terminal/v1/transactions/${paid.id}/refunds`, headers, payload });
    const refused = await refund(asCashier);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('manager_required');
    expect((await refund(device.auth)).json().code).toBe('cashier_required');

    const manager = await cashierSignedIn(t, device.auth, '4444');
    const asManager = { ...device.auth, ...manager.header };
    // Signing in ended the cashier's session on this terminal ("Switch cashier").
    expect((await create(asCashier)).json().code).toBe('cashier_required');
    const ok = await refund(asManager, { amount: 500, reason: 'requested_by_customer' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ amount: 500, status: 'succeeded' });
    expect((await refund(asManager, { amount: 1501 })).json().code).toBe('refund_exceeds_amount');
    // A retried counter refund with its key answers the first refund again.
    const keyed = { ...asManager, 'idempotency-key': 'counter-rfd-1' };
    const once = await refund(keyed, { amount: 100 });
    const twice = await refund(keyed, { amount: 100 });
    expect(once.statusCode, once.body).toBe(201);
    expect(twice.json()).toEqual(once.json());
    expect((await refund(keyed, { amount: 101 })).json().code).toBe('idempotency_key_reused');
    const counted = await t.ctx.database.db.select().from(transactions).where(eq(transactions.id, paid.id));
    expect(counted[0]!.amountRefunded).toBe(600);
    const [audit] = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.projectId, team.project.id), eq(auditLog.action, 'transaction.refund_requested')),
      );
    expect(audit).toMatchObject({ actorKind: 'terminal', actorId: device.terminal.id });
    expect(audit!.metadata).toMatchObject({ cashier_id: boss.id, cashier_name: 'Mo' });

    // Only the terminal's own transactions.
    const other = await pairedTerminal(t, team, { label: 'Till 2' });
    const otherManager = await cashierSignedIn(t, other.auth, '4444');
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/terminal/v1/transactions/${paid.id}/refunds`,
      headers: { ...other.auth, ...otherManager.header },
      payload: {},
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('closes at the counter need a manager; the close counts tips and cashiers (issues 25, 26)', async () => {
    const team = await makeTeam(t);
    const device = await pairedTerminal(t, team);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${team.project.id}`,
      headers: team.owner.auth,
      payload: { tipping: { enabled: true } },
    });
    const ana = await staffFor(t, team, { name: 'Ana', pin: '5151', role: 'cashier' });
    await staffFor(t, team, { name: 'Mo', pin: '6161', role: 'manager' });
    const asAna = { ...device.auth, ...(await cashierSignedIn(t, device.auth, '5151')).header };
    const txn = (await create(asAna, { amount: 2000 })).json();
    const paid = await payAsShopper(t.app, txn.payment_url, {
      payment_method: 'pm_card_visa',
      tip_amount: 300,
    });
    expect(paid.json().status, paid.body).toBe('succeeded');

    const close = (headers: Headers) => t.app.inject({ method: 'POST', url: '/terminal/v1/closes', headers });
    const byCashier = await close(asAna);
    expect(byCashier.statusCode).toBe(403);
    expect(byCashier.json().code).toBe('manager_required');
    expect((await close(device.auth)).json().code).toBe('cashier_required');
    const asMo = { ...device.auth, ...(await cashierSignedIn(t, device.auth, '6161')).header };
    const made = await close(asMo);
    expect(made.statusCode, made.body).toBe(201);
    // The close names the manager whose session allowed it.
    expect(made.json().closed_by).toMatchObject({ kind: 'device', manager: { name: 'Mo' } });
    const [totals] = made.json().totals;
    expect(totals).toMatchObject({ payments_count: 1, gross: 2300, tips: 300, net: 2300 });
    expect(totals.by_cashier).toEqual([
      { cashier_id: ana.id, name: 'Ana', payments_count: 1, gross: 2300, tips: 300 },
    ]);
  });

  it('a project without staff cannot refund from a device', async () => {
    const team = await makeTeam(t);
    const device = await pairedTerminal(t, team);
    const paid = await paidBy(device.auth);
    const res = await t.app.inject({
      method: 'POST',
      url: `/terminal/v1/transactions/${paid.id}/refunds`,
      headers: device.auth,
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });

  it('ends a session after the idle minutes without a request, and keeps it while used', async () => {
    const team = await makeTeam(t);
    const device = await pairedTerminal(t, team);
    await staffFor(t, team, { pin: '5555' });
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${team.project.id}`,
      headers: team.owner.auth,
      payload: { cashier_idle_minutes: 2 },
    });
    expect(patch.json().cashier_idle_minutes).toBe(2);
    const { header } = await cashierSignedIn(t, device.auth, '5555');
    const headers = { ...device.auth, ...header };
    t.advance(90_000);
    expect((await create(headers)).statusCode).toBe(201);
    t.advance(90_000);
    // 3 minutes since sign-in, 1.5 since the last request: still on.
    expect((await create(headers)).statusCode).toBe(201);
    t.advance(121_000);
    const idle = await create(headers);
    expect(idle.statusCode).toBe(401);
    expect(idle.json().code).toBe('cashier_required');
  });

  it('moves the idle clock at most once a minute: requests in between only read', async () => {
    const team = await makeTeam(t);
    const device = await pairedTerminal(t, team);
    await staffFor(t, team, { pin: '4545' });
    const { header } = await cashierSignedIn(t, device.auth, '4545');
    const headers = { ...device.auth, ...header };
    const seen = async () => {
      const [row] = await t.ctx.database.db
        .select({ at: cashierSessions.lastSeenAt, xmin: sql<string>`xmin::text` })
        .from(cashierSessions)
        .where(eq(cashierSessions.terminalId, device.terminal.id));
      return row!;
    };
    const signedIn = await seen();
    for (let i = 0; i < 3; i++) {
      t.advance(10_000);
      expect((await create(headers)).statusCode).toBe(201);
    }
    // No write at all to the session's row: its idle clock and its row version are as signed in.
    expect(await seen()).toEqual(signedIn);
    t.advance(31_000);
    expect((await create(headers)).statusCode).toBe(201);
    expect((await seen()).at.getTime()).toBeGreaterThan(signedIn.at.getTime() + 60_000);
  });

  it('disabling or deleting a cashier ends their session at once', async () => {
    const team = await makeTeam(t);
    team.owner.auth = await freshSession(t.ctx, team.owner.user);
    const device = await pairedTerminal(t, team);
    const ana = await staffFor(t, team, { name: 'Ana', pin: '6666' });
    await staffFor(t, team, { name: 'Ben', pin: '7777' });
    const first = await cashierSignedIn(t, device.auth, '6666');
    const disabled = await staffCall(team, 'PATCH', `/${ana.id}`, { disabled: true });
    expect(disabled.json().disabled).toBe(true);
    expect((await create({ ...device.auth, ...first.header })).json().code).toBe('cashier_required');
    // A disabled cashier cannot sign in.
    expect((await signIn(device.auth, '6666')).statusCode).toBe(400);
    await staffCall(team, 'PATCH', `/${ana.id}`, { disabled: false });
    const again = await cashierSignedIn(t, device.auth, '6666');
    expect((await create({ ...device.auth, ...again.header })).statusCode).toBe(201);
    expect((await staffCall(team, 'DELETE', `/${ana.id}`)).statusCode).toBe(204);
    expect((await create({ ...device.auth, ...again.header })).json().code).toBe('cashier_required');
  });

  it('locks PIN sign-in on a terminal after 5 wrong PINs in 15 minutes; other terminals are not affected', async () => {
    const team = await makeTeam(t);
    const device = await pairedTerminal(t, team, { label: 'Front till' });
    const other = await pairedTerminal(t, team, { label: 'Back till' });
    await staffFor(t, team, { name: 'Ana', pin: '8080' });
    for (let i = 0; i < 4; i++) expect((await signIn(device.auth, '0000')).statusCode).toBe(400);
    const fifth = await signIn(device.auth, '0000');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().code).toBe('too_many_attempts');
    expect(Number(fifth.headers['retry-after'])).toBe(900);
    // Locked: even the right PIN is refused here, with the time left.
    t.advance(60_000);
    const right = await signIn(device.auth, '8080');
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBe(840);
    // Another terminal signs in as usual.
    expect((await signIn(other.auth, '8080')).statusCode).toBe(201);
    const [audit] = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.projectId, team.project.id), eq(auditLog.action, 'terminal.pin_locked')));
    expect(audit).toMatchObject({
      actorKind: 'terminal',
      actorId: device.terminal.id,
      target: device.terminal.id,
    });
    const auditPage = await t.app.inject({
      url: `/api/v1/projects/${team.project.id}/audit`,
      headers: team.owner.auth,
    });
    expect(auditPage.statusCode, auditPage.body).toBe(200);
    expect(
      auditPage.json().data.find((e: { action: string }) => e.action === 'terminal.pin_locked'),
    ).toMatchObject({
      actor_kind: 'terminal',
      actor_label: 'Terminal Front till',
      // The bare label: the console writes "Terminal {name}" in the reader's language.
      actor_name: 'Front till',
    });
    const mails = await listOutbox(t.ctx, { limit: 50 });
    const mail = mails.find((m) => m.kind === 'cashier_pin_locked' && m.to === team.owner.user.email);
    expect(mail?.subject).toBe('PIN sign-in locked on Front till');
    // 15 minutes after the lock, PIN sign-in works again.
    t.advance(14 * 60_000);
    expect((await signIn(device.auth, '8080')).statusCode).toBe(201);
  });

  it('a right PIN erases no failure: four guesses, an own sign-in, one more guess locks', async () => {
    const team = await makeTeam(t);
    const device = await pairedTerminal(t, team);
    await staffFor(t, team, { name: 'Ana', pin: '8080' });
    for (let i = 0; i < 4; i++) expect((await signIn(device.auth, '0000')).statusCode).toBe(400);
    expect((await signIn(device.auth, '8080')).statusCode).toBe(201);
    const fifth = await signIn(device.auth, '0001');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().code).toBe('too_many_attempts');
  });

  it('counts failures across the project: 10 on three terminals lock every terminal', async () => {
    const team = await makeTeam(t);
    const tills = [
      await pairedTerminal(t, team),
      await pairedTerminal(t, team),
      await pairedTerminal(t, team),
    ];
    await staffFor(t, team, { name: 'Ana', pin: '8080' });
    for (const till of tills.slice(0, 2)) {
      for (let i = 0; i < 4; i++) expect((await signIn(till.auth, '0000')).statusCode).toBe(400);
    }
    expect((await signIn(tills[2]!.auth, '0000')).statusCode).toBe(400);
    expect((await signIn(tills[2]!.auth, '0000')).statusCode).toBe(429);
    // Locked project-wide: the right PIN is refused on every terminal.
    for (const till of tills) expect((await signIn(till.auth, '8080')).statusCode).toBe(429);
    t.advance(15 * 60_000);
    expect((await signIn(tills[0]!.auth, '8080')).statusCode).toBe(201);
  });

  it('100 wrong PINs at once: 5 are evaluated, the other 95 are refused before the hash', async () => {
    const team = await makeTeam(t);
    const device = await pairedTerminal(t, team);
    await staffFor(t, team, { name: 'Ana', pin: '8080' });
    const all = await Promise.all(
      Array.from({ length: 100 }, (_, i) => signIn(device.auth, String(1000 + i).padStart(4, '0'))),
    );
    const statuses = all.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(96);
    const failures = await t.ctx.database.db
      .select()
      .from(cashierPinFailures)
      .where(eq(cashierPinFailures.terminalId, device.terminal.id));
    expect(failures).toHaveLength(5);
  });

  runCommonRouteTests(() => t, { method: 'GET', url: '/api/v1/projects/prj_x/staff' });
  runCommonRouteTests(() => t, {
    method: 'POST',
    url: '/api/v1/projects/prj_x/staff',
    payload: { name: 'Ana', pin: '1234', role: 'cashier' },
  });
  runCommonRouteTests(() => t, {
    method: 'PATCH',
    url: '/api/v1/projects/prj_x/staff/stf_x',
    payload: { name: 'A' },
  });
  runCommonRouteTests(() => t, { method: 'DELETE', url: '/api/v1/projects/prj_x/staff/stf_x' });
  runCommonRouteTests(() => t, {
    method: 'POST',
    url: '/terminal/v1/cashier-sessions',
    payload: { pin: '1234' },
  });
  runCommonRouteTests(() => t, { method: 'GET', url: '/terminal/v1/cashier-sessions/current' });
  runCommonRouteTests(() => t, { method: 'DELETE', url: '/terminal/v1/cashier-sessions/current' });
  runCommonRouteTests(() => t, {
    method: 'POST',
    url: '/terminal/v1/transactions/txn_x/refunds',
    payload: {},
  });
});

/** Two app instances (replicas) on one PostgreSQL database, as production runs them. */
describe.skipIf(!process.env.DATABASE_URL)('a disabled cashier across two replicas on one PostgreSQL', () => {
  const replicas: { app: FastifyInstance; ctx: AppContext }[] = [];
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const first = await openTestDatabase();
    const second = await openDatabase({ databaseUrl: first.url!, poolSize: 3 });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanline-replicas-'));
    // Replicas share DATA_DIR here (in production: SECRETS_KEY), so they derive the same PIN lookup key.
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      PORT: '0',
      RATE_LIMIT_MULTIPLIER: '0',
    });
    for (const database of [first.database, second]) {
      const ctx: AppContext = { config, database, now: () => new Date() };
      const app = await buildApp(ctx, { logger: false });
      await app.ready();
      replicas.push({ app, ctx });
    }
    cleanup = async () => {
      for (const r of replicas) await r.app.close();
      await second.close();
      await first.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(() => cleanup());

  it('disabling a cashier on one replica ends their session on the other at once', async () => {
    const [a, b] = replicas as [(typeof replicas)[0], (typeof replicas)[0]];
    const onA = { app: a.app, ctx: a.ctx } as TestApp;
    const onB = { app: b.app, ctx: b.ctx } as TestApp;
    const team = await makeTeam(onA);
    const device = await pairedTerminal(onA, team);
    const ana = await staffFor(onA, team, { name: 'Ana', pin: '9191' });
    await staffFor(onA, team, { name: 'Ben', pin: '9292' });
    // Signed in through B, selling through B (B's caches now hold the project's staff presence).
    const { header } = await cashierSignedIn(onB, device.auth, '9191');
    const createOn = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/terminal/v1/transactions',
        headers: { ...device.auth, ...header, 'idempotency-key': idemKey() },
        payload: { amount: 500 },
      });
    expect((await createOn(b.app)).statusCode).toBe(201);
    const disable = await a.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${team.project.id}/staff/${ana.id}`,
      headers: team.owner.auth,
      payload: { disabled: true },
    });
    expect(disable.statusCode, disable.body).toBe(200);
    // The very next request on B is refused: no waiting for a cache to expire.
    const refused = await createOn(b.app);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('cashier_required');
    // And without any session, B knows the project still has staff (Ben).
    const bare = await b.app.inject({
      method: 'POST',
      url: '/terminal/v1/transactions',
      headers: { ...device.auth, 'idempotency-key': idemKey() },
      payload: { amount: 500 },
    });
    expect(bare.json().code).toBe('cashier_required');
  });

  it('deleting the last staff member on one replica unlocks the terminal on the other within 1 s', async () => {
    const [a, b] = replicas as [(typeof replicas)[0], (typeof replicas)[0]];
    const onA = { app: a.app, ctx: a.ctx } as TestApp;
    const team = await makeTeam(onA);
    const device = await pairedTerminal(onA, team);
    const ana = await staffFor(onA, team, { name: 'Ana', pin: '9393' });
    const bare = () =>
      b.app.inject({
        method: 'POST',
        url: '/terminal/v1/transactions',
        headers: { ...device.auth, 'idempotency-key': idemKey() },
        payload: { amount: 500 },
      });
    expect((await bare()).json().code).toBe('cashier_required');
    await a.app.inject({
      method: 'DELETE',
      url: `/api/v1/projects/${team.project.id}/staff/${ana.id}`,
      headers: team.owner.auth,
    });
    const deadline = Date.now() + 1000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await bare()).statusCode;
      if (status === 201) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(status).toBe(201);
  });
});
