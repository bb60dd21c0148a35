import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTeam } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { payAsShopper } from '../../../test/pay-as-shopper';
import { idemKey, pairedTerminal, type Team } from '../../../test/terminal-fixtures';

// docs/guide/closes.md#one-clock: a replica whose clock is behind the close's never stamps a
// payment or a refund into the period that close already counted.
describe('closes on one clock', () => {
  let t: TestApp;
  let team: Team;
  let device: Awaited<ReturnType<typeof pairedTerminal>>;

  beforeAll(async () => {
    t = await createTestApp();
    team = await makeTeam(t, { currency: 'EUR' });
    device = await pairedTerminal(t, team, { label: 'Till 1' });
  });
  afterAll(() => t.close());

  const base = () => `/terminal/v1/projects/${team.project.id}/terminals/${device.terminal.id}`;
  const create = async (amount: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/terminal/v1/transactions',
      headers: { ...device.auth, 'idempotency-key': idemKey() },
      payload: { amount, currency: 'EUR' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; payment_url: string };
  };
  const close = async () => {
    const res = await t.app.inject({ method: 'POST', url: `${base()}/closes`, headers: team.owner.auth });
    expect(res.statusCode, res.body).toBe(201);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/projects/${team.project.id}/closes/${res.json().id}`,
      headers: team.owner.auth,
    });
    return detail.json() as { closed_at: string; transaction_ids: string[]; refund_ids: string[] };
  };

  it('a payment and a refund recorded with a clock 5 s behind the last close land in the next close', async () => {
    const first = await create(1000);
    expect(
      (await payAsShopper(t.app, first.payment_url, { payment_method: 'pm_card_visa' })).statusCode,
    ).toBe(200);
    const z1 = await close();
    expect(z1.transaction_ids).toEqual([first.id]);

    const second = await create(2500);
    t.advance(-5000);
    const pay = await payAsShopper(t.app, second.payment_url, { payment_method: 'pm_card_visa' });
    expect(pay.json().status, pay.body).toBe('succeeded');
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${team.project.id}/transactions/${first.id}/refunds`,
      headers: team.owner.auth,
      payload: { amount: 200 },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/projects/${team.project.id}/transactions/${second.id}`,
      headers: team.owner.auth,
    });
    expect(Date.parse(detail.json().succeeded_at)).toBeGreaterThanOrEqual(Date.parse(z1.closed_at));

    t.advance(6000);
    const z2 = await close();
    expect(z2.transaction_ids).toEqual([second.id]);
    expect(z2.refund_ids).toEqual([refund.json().id]);
  });
});
