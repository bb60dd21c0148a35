import type { Dashboard } from '@scanline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTeam } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { payAsShopper } from '../../test/pay-as-shopper';
import { idemKey, pairedTerminal, type Team } from '../../test/terminal-fixtures';
import { rebuildProjectRollups, refreshRollups } from './refresh-rollups';

// Cash against card on the dashboard (`by_tender`): the facts a close's by_tender reads, from the
// tender rollups; the dashboard's figure and the open close's are the same.
describe('dashboard by_tender', () => {
  let t: TestApp;
  let team: Team;
  let till: Awaited<ReturnType<typeof pairedTerminal>>;
  beforeAll(async () => {
    t = await createTestApp();
    team = await makeTeam(t);
    till = await pairedTerminal(t, team);
    const opened = await t.app.inject({
      method: 'POST',
      url: '/terminal/v1/drawer/open',
      headers: till.auth,
      payload: { float: 5000 },
    });
    expect(opened.statusCode, opened.body).toBe(201);
  });
  afterAll(() => t.close());

  const create = async (amount: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/terminal/v1/transactions',
      headers: { ...till.auth, 'idempotency-key': idemKey() },
      payload: { amount, currency: 'USD' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; payment_url: string };
  };
  const cash = async (id: string, amount: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/terminal/v1/transactions/${id}/tenders`,
      headers: { ...till.auth, 'idempotency-key': idemKey() },
      payload: { method: 'cash', amount, cash_given: amount },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
  };
  const dashboard = async (query = '') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/projects/${team.project.id}/dashboard${query}`,
      headers: team.member.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Dashboard;
  };

  it('splits the takings by tender method, as the open close does', async () => {
    await cash((await create(1250)).id, 1250);
    await cash((await create(999)).id, 999);
    const card = await create(3000);
    expect((await payAsShopper(t.app, card.payment_url)).statusCode).toBeLessThan(300);
    // Unpaid: counts nowhere.
    await create(700);
    await refreshRollups(t.ctx.database.db);

    const d = await dashboard();
    expect(d.by_tender).toEqual([
      { method: 'card', count: 1, amount: 3000 },
      { method: 'cash', count: 2, amount: 2249 },
    ]);
    // Per hour (today) it reads the hour grain: the same split.
    expect((await dashboard(`?from=${d.to}&to=${d.to}`)).by_tender).toEqual(d.by_tender);
    expect((await dashboard(`?terminal_id=${till.terminal.id}`)).by_tender).toEqual(d.by_tender);

    const current = await t.app.inject({
      method: 'GET',
      url: `/terminal/v1/projects/${team.project.id}/terminals/${till.terminal.id}/closes/current`,
      headers: till.auth,
    });
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json().totals[0].by_tender).toEqual(d.by_tender);

    // A full rebuild keeps it.
    await rebuildProjectRollups(t.ctx.database.db, team.project.id);
    expect((await dashboard()).by_tender).toEqual(d.by_tender);
  });
});
