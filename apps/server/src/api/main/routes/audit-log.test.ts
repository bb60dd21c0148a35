import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTeam } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { makeTerminal, makeTransaction } from '../../../test/payment-factories';

type Team = Awaited<ReturnType<typeof makeTeam>>;
interface Entry {
  action: string;
  actor_kind: string;
  actor_label: string;
  actor_name: string | null;
  target_label: string | null;
  target_name: string | null;
  ip: string | null;
  metadata: Record<string, unknown> | null;
}

describe('the audit log names people and objects', () => {
  let t: TestApp;
  let team: Team;
  beforeAll(async () => {
    t = await createTestApp();
    team = await makeTeam(t);
  });
  afterAll(() => t.close());

  const call = (method: string, url: string, headers: object, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: headers as never,
      payload: payload as never,
      remoteAddress: '127.0.0.7',
    });
  const audit = async () =>
    (await call('GET', `/api/v1/projects/${team.project.id}/audit?limit=100`, team.owner.auth)).json()
      .data as Entry[];

  it('records key creation and revocation, role changes and refunds, with who, what and IP', async () => {
    const base = `/api/v1/projects/${team.project.id}`;
    const key = (
      await call('POST', `${base}/api-keys`, team.admin.auth, { name: 'Back office', mode: 'write' })
    ).json();
    expect((await call('DELETE', `${base}/api-keys/${key.id}`, team.admin.auth)).statusCode).toBe(204);
    expect(
      (await call('PATCH', `${base}/members/${team.member.user.uid}`, team.owner.auth, { role: 'admin' }))
        .statusCode,
    ).toBe(204);
    const terminal = await makeTerminal(t.ctx.database.db, team.project.id, { label: 'Front counter' });
    const txn = await makeTransaction(t.ctx.database.db, team.project.id, terminal.id, {
      amount: 2500,
      reference: 'Order 77',
    });
    const scan = await t.app.inject({
      method: 'POST',
      url: '/mobile/v1/scans',
      payload: { token: txn.paymentToken },
    });
    const pay = await t.app.inject({
      method: 'POST',
      url: `/mobile/v1/scans/${scan.json().id}/payments`,
      payload: { payment_method: 'pm_card_visa' },
    });
    expect(pay.json().status).toBe('succeeded');
    const refund = await call('POST', `${base}/transactions/${txn.id}/refunds`, team.admin.auth, {
      amount: 500,
      reason: 'requested_by_customer',
    });
    expect(refund.statusCode).toBe(201);

    const entries = await audit();
    const by = (action: string) => entries.find((e) => e.action === action);
    const adam = `Adam Admin (${team.admin.user.email})`;
    expect(by('api_key.created')).toMatchObject({ actor_label: adam, ip: '127.0.0.7' });
    expect(by('api_key.created')?.target_label).toMatch(/^Back office \(sl_/);
    expect(by('api_key.revoked')).toMatchObject({
      actor_label: adam,
      target_label: by('api_key.created')?.target_label,
    });
    expect(by('member.role_changed')).toMatchObject({
      actor_label: `Olive Owner (${team.owner.user.email})`,
      target_label: `Mia Member (${team.member.user.email})`,
      metadata: { from: 'member', to: 'admin' },
    });
    expect(by('transaction.refund_requested')).toMatchObject({
      actor_label: adam,
      target_label: `$25.00 · Order 77 (${txn.id})`,
      metadata: { amount: 500, currency: 'USD', reason: 'requested_by_customer' },
    });
    // The bare names a console in another language puts into its own sentence.
    expect(by('api_key.created')).toMatchObject({
      actor_name: adam,
      target_name: by('api_key.created')?.target_label,
    });
    expect(by('member.role_changed')).toMatchObject({
      target_name: `Mia Member (${team.member.user.email})`,
    });
    // No raw ids where a name is known.
    for (const e of entries) expect(e.actor_label).not.toMatch(/^[A-Za-z0-9]{28}$/);
  });

  it('names an API key as the actor when a key acted', async () => {
    const base = `/api/v1/projects/${team.project.id}`;
    const key = (
      await call('POST', `${base}/api-keys`, team.owner.auth, { name: 'Register', mode: 'write' })
    ).json();
    const res = await call(
      'PATCH',
      base,
      { authorization: `Bearer ${key.secret}` },
      { name: 'Renamed store' },
    );
    expect(res.statusCode).toBe(200);
    const entry = (await audit()).find((e) => e.action === 'project.updated');
    expect(entry?.actor_label).toMatch(/^API key Register \(sl_/);
    // Without the English "API key": the console says it in the reader's language.
    expect(entry).toMatchObject({
      actor_kind: 'api_key',
      actor_name: expect.stringMatching(/^Register \(sl_/),
    });
    // The project itself has no name to give; the console words it ("dieses Projekt").
    expect(entry).toMatchObject({ target_label: 'this project', target_name: null });
  });
});
