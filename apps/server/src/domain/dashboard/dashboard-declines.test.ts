import type { Dashboard } from '@scanline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTeam } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { apiKeyFor, idemKey, pairedTerminal } from '../../test/terminal-fixtures';
import { refreshRollups } from './refresh-rollups';

/**
 * A card declined and then rescued by a second card is a decline the dashboard
 * counts (as the timeline and /metrics do), marked rescued. §13: `scanline trigger`'s test
 * payments (`source: cli`) stay out of the figures unless `include_test=true`.
 */
let t: TestApp;
let team: Awaited<ReturnType<typeof makeTeam>>;
let device: Awaited<ReturnType<typeof pairedTerminal>>;

async function payThroughScan(token: string, cards: string[]) {
  const scan = await t.app.inject({ method: 'POST', url: '/mobile/v1/scans', payload: { token } });
  expect(scan.statusCode, scan.body).toBe(201);
  let last: { status: string } = { status: '' };
  for (const card of cards) {
    const paid = await t.app.inject({
      method: 'POST',
      url: `/mobile/v1/scans/${scan.json().id}/payments`,
      payload: { payment_method: card },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    last = paid.json();
  }
  return last.status;
}

async function create(headers: Record<string, string>, payload: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/terminal/v1/transactions',
    headers: { ...headers, 'idempotency-key': idemKey() },
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json() as { id: string; source: string; payment_url: string };
  return { ...body, token: new URL(body.payment_url).pathname.split('/').pop()! };
}

async function dashboard(query = '') {
  const res = await t.app.inject({
    url: `/api/v1/projects/${team.project.id}/dashboard${query}`,
    headers: team.member.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Dashboard;
}

beforeAll(async () => {
  t = await createTestApp();
  team = await makeTeam(t);
  device = await pairedTerminal(t, team, { label: 'Counter' });
});
afterAll(() => t.close());

describe('dashboard declines and test payments', () => {
  it('counts a declined card a second card rescued, and leaves test payments out unless asked', async () => {
    const rescued = await create(device.auth, { amount: 1280 });
    expect(rescued.source).toBe('terminal');
    expect(await payThroughScan(rescued.token, ['pm_card_chargeDeclined', 'pm_card_visa'])).toBe('succeeded');
    const lost = await create(device.auth, { amount: 700 });
    expect(
      await payThroughScan(lost.token, [
        'pm_card_chargeDeclinedInsufficientFunds',
        'pm_card_chargeDeclined',
        'pm_card_chargeDeclined',
      ]),
    ).toBe('failed');

    // What `scanline trigger` sends: a write key, its own virtual terminal, `source: cli`.
    const key = await apiKeyFor(t, team, 'write');
    const cliTerminal = await t.app.inject({
      method: 'POST',
      url: `/terminal/v1/projects/${team.project.id}/terminals`,
      headers: key,
      payload: { label: 'Scanline CLI', kind: 'virtual' },
    });
    const test = await create(key, { amount: 5000, terminal_id: cliTerminal.json().id, source: 'cli' });
    expect(test.source).toBe('cli');
    expect(await payThroughScan(test.token, ['pm_card_visa'])).toBe('succeeded');
    const read = await t.app.inject({
      url: `/api/v1/projects/${team.project.id}/transactions/${test.id}`,
      headers: team.member.auth,
    });
    expect(read.json().source).toBe('cli');
    // Only `cli` may be asked for; the server says who made every other payment.
    const forged = await t.app.inject({
      method: 'POST',
      url: '/terminal/v1/transactions',
      headers: { ...key, 'idempotency-key': idemKey() },
      payload: { amount: 100, terminal_id: cliTerminal.json().id, source: 'terminal' },
    });
    expect(forged.statusCode).toBe(400);

    await refreshRollups(t.ctx.database.db);
    const shop = await dashboard();
    expect(shop.totals).toMatchObject({
      volume: 1280,
      count: 1,
      failed: 1,
      success_rate: 0.5,
      // One decline on the rescued payment, three on the lost one.
      declined: 4,
      rescued: 1,
    });
    expect(shop.totals.declines).toEqual([
      { code: 'card_declined', count: 3 },
      { code: 'insufficient_funds', count: 1 },
    ]);
    expect(shop.totals.declines.reduce((s, d) => s + d.count, 0)).toBe(shop.totals.declined);
    expect(shop.top_terminals.map((x) => x.label)).toEqual(['Counter']);
    expect(shop.currencies).toEqual([{ currency: 'USD', volume: 1280, count: 1 }]);

    const all = await dashboard('?include_test=true');
    expect(all.totals).toMatchObject({ volume: 6280, count: 2, declined: 4, rescued: 1 });
    expect(all.top_terminals.map((x) => x.label)).toEqual(['Scanline CLI', 'Counter']);
    expect((await dashboard('?include_test=false')).totals.volume).toBe(1280);
  });
});
