import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTeam } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { apiKeyFor, idemKey, pairedTerminal, type Team } from '../../test/terminal-fixtures';

/**
 * A hand-keyed charge is in the project's currency unless the project allows others
 * (`allow_other_currencies`, off by default); a register's API key names its own currency.
 */
describe('charges in the project’s currency', () => {
  let t: TestApp;
  let team: Team;
  let device: Awaited<ReturnType<typeof pairedTerminal>>;
  let writeKey: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    team = await makeTeam(t); // a USD project
    device = await pairedTerminal(t, team);
    writeKey = await apiKeyFor(t, team, 'write');
  });
  afterAll(() => t.close());

  const create = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/terminal/v1/transactions',
      headers: { ...headers, 'idempotency-key': idemKey() },
      payload,
    });
  const patchProject = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: `/api/v1/projects/${team.project.id}`, headers, payload });

  it('is off by default: the project and the device both say so', async () => {
    const project = await t.app.inject({
      url: `/api/v1/projects/${team.project.id}`,
      headers: team.member.auth,
    });
    expect(project.json()).toMatchObject({ currency: 'USD', allow_other_currencies: false });
    const me = await t.app.inject({ url: '/terminal/v1/me', headers: device.auth });
    expect(me.json().project).toMatchObject({ currency: 'USD', allow_other_currencies: false });
  });

  it('refuses another currency from a terminal and from the console with 422 currency_not_allowed', async () => {
    const fromDevice = await create(device.auth, { amount: 500, currency: 'EUR' });
    expect(fromDevice.statusCode).toBe(422);
    expect(fromDevice.headers['content-type']).toMatch(/problem\+json/);
    expect(fromDevice.json()).toMatchObject({
      code: 'currency_not_allowed',
      errors: [{ field: 'currency', code: 'currency_not_allowed' }],
    });
    expect(fromDevice.json().detail).toContain('USD');
    const fromConsole = await create(team.owner.auth, {
      amount: 500,
      currency: 'GBP',
      terminal_id: device.terminal.id,
    });
    expect(fromConsole.statusCode).toBe(422);
    expect(fromConsole.json().code).toBe('currency_not_allowed');
    // The project's own currency, named or not, goes through.
    expect((await create(device.auth, { amount: 500, currency: 'USD' })).statusCode).toBe(201);
    expect((await create(device.auth, { amount: 500 })).json().currency).toBe('USD');
  });

  it('lets a register’s API key name its currency, as before', async () => {
    const res = await create(writeKey, { amount: 500, currency: 'EUR', terminal_id: device.terminal.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().currency).toBe('EUR');
  });

  it('lets admins and the owner allow other currencies; members cannot', async () => {
    expect((await patchProject(team.member.auth, { allow_other_currencies: true })).statusCode).toBe(403);
    const on = await patchProject(team.admin.auth, { allow_other_currencies: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().allow_other_currencies).toBe(true);
    // The terminal's cached setup is dropped with the project change: the next create sees it.
    const res = await create(device.auth, { amount: 500, currency: 'EUR' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().currency).toBe('EUR');
    const me = await t.app.inject({ url: '/terminal/v1/me', headers: device.auth });
    expect(me.json().project.allow_other_currencies).toBe(true);
    const off = await patchProject(team.owner.auth, { allow_other_currencies: false });
    expect(off.json().allow_other_currencies).toBe(false);
    expect((await create(device.auth, { amount: 500, currency: 'EUR' })).statusCode).toBe(422);
  });
});
