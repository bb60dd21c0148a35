import type { PairingCode, PairResponse, Terminal } from '@scanline/contracts';
import type { makeTeam } from './factories';
import type { TestApp } from './harness';

// Test-only helpers for the terminal API: build terminals, keys and paired devices through
// the API, as clients would.

export type Team = Awaited<ReturnType<typeof makeTeam>>;

const expectStatus = (what: string, res: { statusCode: number; body: string }, status: number) => {
  if (res.statusCode !== status) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
};

export async function createTerminalVia(
  t: TestApp,
  team: Team,
  body: Record<string, unknown> = {},
): Promise<Terminal> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/terminal/v1/projects/${team.project.id}/terminals`,
    headers: team.owner.auth,
    payload: { label: 'Counter 1', kind: 'virtual', ...body },
  });
  expectStatus('create terminal', res, 201);
  return res.json();
}

export async function pairingCodeFor(t: TestApp, team: Team, terminalId: string): Promise<PairingCode> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/terminal/v1/projects/${team.project.id}/terminals/${terminalId}/pairing-codes`,
    headers: team.owner.auth,
  });
  expectStatus('pairing code', res, 201);
  return res.json();
}

/** A terminal paired through the API: its device token as request headers. */
export async function pairedTerminal(t: TestApp, team: Team, body: Record<string, unknown> = {}) {
  const terminal = await createTerminalVia(t, team, body);
  const { code } = await pairingCodeFor(t, team, terminal.id);
  const res = await t.app.inject({
    method: 'POST',
    url: '/terminal/v1/pair',
    payload: { code, device: { model: 'Test tablet', app_version: '1.0.0' } },
  });
  expectStatus('pair', res, 201);
  const paired = res.json() as PairResponse;
  return {
    terminal: paired.terminal,
    token: paired.device_token,
    auth: { authorization: `Bearer ${paired.device_token}` },
  };
}

export async function apiKeyFor(t: TestApp, team: Team, mode: 'read' | 'write') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/projects/${team.project.id}/api-keys`,
    headers: team.owner.auth,
    payload: { name: `${mode} key`, mode },
  });
  expectStatus('api key', res, 201);
  const key = res.json() as { secret: string };
  return { authorization: `Bearer ${key.secret}` };
}

let n = 0;
/** A unique Idempotency-Key. */
export const idemKey = () => `test-${Date.now().toString(36)}-${n++}`;

/** A staff member added through the API. */
export async function staffFor(
  t: TestApp,
  team: Team,
  body: { name?: string; pin: string; role?: 'cashier' | 'manager' },
): Promise<{ id: string; name: string; role: 'cashier' | 'manager' }> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/projects/${team.project.id}/staff`,
    headers: team.owner.auth,
    payload: { name: 'Ana', role: 'cashier', ...body },
  });
  expectStatus('staff', res, 201);
  return res.json();
}

/** A cashier signed in on a paired device; its `Cashier-Session` header. */
export async function cashierSignedIn(t: TestApp, device: { authorization: string }, pin: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/terminal/v1/cashier-sessions',
    headers: device,
    payload: { pin },
  });
  expectStatus('cashier sign-in', res, 201);
  const body = res.json() as { cashier_session: string; cashier: { id: string; name: string; role: string } };
  return { cashier: body.cashier, header: { 'cashier-session': body.cashier_session } };
}
