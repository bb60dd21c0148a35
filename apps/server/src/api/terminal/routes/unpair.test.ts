import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, terminals } from '../../../db/schema';
import { makeTeam } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { cashierSignedIn, pairedTerminal, staffFor, type Team } from '../../../test/terminal-fixtures';

describe('POST /terminal/v1/unpair: a device unpairs itself', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const unpair = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/terminal/v1/unpair', headers });
  const heartbeat = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/terminal/v1/heartbeat', headers });
  const row = async (id: string) =>
    (await t.ctx.database.db.select().from(terminals).where(eq(terminals.id, id)))[0]!;

  it('in a project without staff, with its device token alone', async () => {
    const team = await makeTeam(t);
    const device = await pairedTerminal(t, team);
    const res = await unpair(device.auth);
    expect(res.statusCode, res.body).toBe(204);
    expect((await heartbeat(device.auth)).statusCode).toBe(401);
    expect(await row(device.terminal.id)).toMatchObject({ status: 'unpaired', pairedAt: null });
  });

  describe('in a staffed project', () => {
    let team: Team;
    beforeAll(async () => {
      team = await makeTeam(t);
      await staffFor(t, team, { name: 'Lena', pin: '2468', role: 'manager' });
      await staffFor(t, team, { name: 'Ana', pin: '1357', role: 'cashier' });
    });

    it('refuses a locked terminal (401 cashier_required) and a cashier (403 manager_required); the device keeps working', async () => {
      const device = await pairedTerminal(t, team);
      const locked = await unpair(device.auth);
      expect(locked.statusCode).toBe(401);
      expect(locked.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(locked.json().code).toBe('cashier_required');
      const cashier = await cashierSignedIn(t, device.auth, '1357');
      const refused = await unpair({ ...device.auth, ...cashier.header });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('manager_required');
      expect((await heartbeat(device.auth)).statusCode).toBe(200);
      expect((await row(device.terminal.id)).status).not.toBe('unpaired');
    });

    it("unpairs with a manager's PIN session: the token ends, the terminal is unpaired, the audit log names the manager", async () => {
      const device = await pairedTerminal(t, team);
      const manager = await cashierSignedIn(t, device.auth, '2468');
      const res = await unpair({ ...device.auth, ...manager.header });
      expect(res.statusCode, res.body).toBe(204);
      expect((await heartbeat(device.auth)).statusCode).toBe(401);
      expect((await row(device.terminal.id)).status).toBe('unpaired');
      const [entry] = await t.ctx.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'terminal.unpaired'), eq(auditLog.target, device.terminal.id)));
      expect(entry).toMatchObject({ actorKind: 'terminal', target: device.terminal.id });
      expect(entry!.metadata).toMatchObject({ cashier_name: 'Lena' });
    });
  });
});
