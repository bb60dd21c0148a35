import type { Role } from '@scanline/contracts';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../db/schema';
import { type Action, API_KEY_ACTIONS, POLICY } from '../domain/policy';
import { REQUEST_EXAMPLES } from '../platform/openapi-examples';
import { makeTeam } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { makeTerminal, makeTransaction } from '../test/payment-factories';
import { badCredentials } from '../test/security-suite';
import { apiKeyFor, pairedTerminal } from '../test/terminal-fixtures';
import { ROUTE_ACCESS, type RouteAccess, routeAccessOf } from './route-access';

// The route table is the security suite. Every route the app registers (Fastify's
// onRoute, so a route added tomorrow is in it) must name its guard in api/route-access.ts; every
// guarded route refuses the shared bad credentials, and every project route lets each role in
// exactly when the policy table says so. One app, one set of people and keys; the assertions are
// about authentication and authorisation only (ids that do not exist answer 404, which is fine
// for a caller the policy allows).

interface Route {
  method: string;
  url: string;
}

const registered: Route[] = [];
const collect = (route: RouteOptions) => {
  for (const method of [route.method].flat()) {
    // HEAD answers as its GET does.
    if (method !== 'HEAD') registered.push({ method, url: route.url });
  }
};

const isAction = (access: RouteAccess): access is Action => access in POLICY;
const keyOf = (r: Route) => `${r.method} ${r.url}`;

let t: TestApp;
let fx: Awaited<ReturnType<typeof fixtures>>;

async function fixtures(t: TestApp) {
  const team = await makeTeam(t);
  const other = await makeTeam(t);
  const terminal = await makeTerminal(t.ctx.database.db, team.project.id);
  const txn = await makeTransaction(t.ctx.database.db, team.project.id, terminal.id);
  const now = t.ctx.now();
  // Bad tokens name the owner; the revoked and disabled people are admins of the project, so
  // only their state refuses them.
  const bad = await badCredentials(t, {
    uid: team.owner.user.uid,
    join: async (person) => {
      await t.ctx.database.db.insert(memberships).values({
        projectId: team.project.id,
        uid: person.user.uid,
        email: person.user.email,
        role: 'admin',
        createdAt: now,
        updatedAt: now,
      });
    },
  });
  const roles: { name: string; role: Role | 'read key' | 'write key'; headers: { authorization: string } }[] =
    [
      { name: 'member', role: 'member', headers: team.member.auth },
      { name: 'admin', role: 'admin', headers: team.admin.auth },
      { name: 'owner', role: 'owner', headers: team.owner.auth },
      { name: 'read key', role: 'read key', headers: await apiKeyFor(t, team, 'read') },
      { name: 'write key', role: 'write key', headers: await apiKeyFor(t, team, 'write') },
    ];
  return {
    projectId: team.project.id,
    terminalId: terminal.id,
    transactionId: txn.id,
    roles,
    bad,
    anotherProjectsKey: (await apiKeyFor(t, other, 'write')).authorization,
    device: (await pairedTerminal(t, team)).auth.authorization,
    // Unpairing ends the token it is called with: that route gets a device of its own.
    unpairingDevice: (await pairedTerminal(t, team)).auth.authorization,
  };
}

/** The route's URL with the project's real ids where a check needs the resource to exist. */
function urlOf(route: Route) {
  return route.url.replace(/:(\w+)/g, (_, name: string) => {
    if (name === 'project_id') return fx.projectId;
    // Transactions find their project through the row (terminal API), so it must be real.
    if (name === 'transaction_id') return fx.transactionId;
    if (name === 'terminal_id') return fx.terminalId;
    return 'unknown_1';
  });
}

/** Required query parameters; optional ones are left out. */
const QUERIES: Record<string, string> = {
  'GET /api/v1/projects/:project_id/search': '?q=counter',
  'GET /api/v1/projects/:project_id/deliveries': '?object_id=txn_unknown',
};

function payloadOf(route: Route): unknown {
  if (route.method === 'GET' || route.method === 'DELETE') return undefined;
  const documented = route.url.replace(/:(\w+)/g, '{$1}');
  const example = REQUEST_EXAMPLES[`${route.method} ${documented}`] ?? {};
  if (route.url === '/terminal/v1/transactions')
    return { ...example, currency: 'USD', terminal_id: fx.terminalId };
  return example;
}

/**
 * One request over a real socket: event streams answer their headers and never end, so the body
 * is read only for refusals (problem+json) and dropped otherwise.
 */
async function send(route: Route, authorization: string | undefined) {
  const payload = payloadOf(route);
  const res = await fetch(`${t.origin}${urlOf(route)}${QUERIES[keyOf(route)] ?? ''}`, {
    method: route.method,
    headers: {
      ...(authorization ? { authorization } : {}),
      // Transaction creates need one before anything else is looked at.
      ...(route.method === 'POST' ? { 'idempotency-key': `route-table-${requests++}` } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  const type = res.headers.get('content-type') ?? '';
  if (res.status === 401 || res.status === 403 || res.status === 404) {
    const body = (await res.json().catch(() => ({}))) as { code?: string };
    return { status: res.status, code: body.code, problem: type.startsWith('application/problem+json') };
  }
  await res.body?.cancel();
  return { status: res.status, code: undefined, problem: false };
}

let requests = 0;
const refused = (status: number) => status === 401 || status === 403;

beforeAll(async () => {
  t = await createTestApp({ listen: true, onRoute: collect });
  fx = await fixtures(t);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const guarded = () =>
  registered
    .map((r) => ({ ...r, access: routeAccessOf(r.method, r.url) }))
    .filter((r): r is Route & { access: RouteAccess } => !!r.access && r.access !== 'public');

describe('the route table', () => {
  it('names the guard of every registered route', () => {
    expect(registered.length).toBeGreaterThan(80);
    const missing = registered
      .filter((r) => !routeAccessOf(r.method, r.url))
      .map((r) => `${keyOf(r)} has no entry in ROUTE_ACCESS (apps/server/src/api/route-access.ts)`);
    expect(missing).toEqual([]);
  });

  it('declares no route that is not registered', () => {
    const known = new Set(registered.map(keyOf));
    const stale = Object.keys(ROUTE_ACCESS)
      .filter((k) => !known.has(k))
      .map((k) => `ROUTE_ACCESS names ${k}, which the app does not register`);
    expect(stale).toEqual([]);
  });

  it('refuses every bad credential with a 401 problem on every guarded route', async () => {
    const wrong: string[] = [];
    for (const route of guarded()) {
      if (route.access === 'own-credential') continue;
      for (const bad of fx.bad) {
        const res = await send(route, bad.authorization);
        if (res.status !== 401 || res.code !== bad.code || !res.problem)
          wrong.push(
            `${keyOf(route)} with ${bad.what}: ${res.status} ${res.code} (expected a 401 ${bad.code} problem)`,
          );
      }
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it("answers another project's API key and a device token as the route's guard says", async () => {
    const wrong: string[] = [];
    for (const route of guarded()) {
      if (route.access === 'own-credential') continue;
      const res = await send(route, fx.anotherProjectsKey);
      // A project's data is not found from another project (nothing leaks); people-only and
      // device-only routes refuse any key; a key asking about itself is fine.
      const expected =
        route.access === 'user' || route.access === 'device' || route.access === 'cashier'
          ? { status: 403, code: 'forbidden' }
          : isAction(route.access)
            ? { status: 404, code: 'not_found' }
            : null;
      if (expected ? res.status !== expected.status || res.code !== expected.code : refused(res.status))
        wrong.push(
          `${keyOf(route)} with another project's key: ${res.status} ${res.code} (expected ${expected ? `${expected.status} ${expected.code}` : 'not 401/403'})`,
        );
      // Devices call their own routes and their payments; nothing of the console or the fleet;
      // a cashier's routes need the cashier's session as well (cashier-sessions.test.ts has them).
      const deviceMay =
        route.access === 'device' ||
        (route.access !== 'cashier' &&
          (route.url.startsWith('/terminal/v1/transactions') ||
            /^\/terminal\/v1\/projects\/.*\/(closes|drawer)/.test(route.url)));
      const device = await send(
        route,
        keyOf(route) === 'POST /terminal/v1/unpair' ? fx.unpairingDevice : fx.device,
      );
      if (deviceMay === refused(device.status))
        wrong.push(
          `${keyOf(route)} with a device token: ${device.status} ${device.code} (expected ${deviceMay ? 'not 401/403' : '401/403'})`,
        );
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it('lets each role of a project in exactly when the policy table says so', async () => {
    const wrong: string[] = [];
    const projectRoutes = guarded().filter((r): r is Route & { access: Action } => isAction(r.access));
    // The routes that end the project for everyone after them (owner deletes, transfers) go last.
    const last = (r: Route) => (r.method === 'DELETE' && r.url === '/api/v1/projects/:project_id' ? 2 : 0);
    projectRoutes.sort((a, b) => last(a) - last(b));
    for (const route of projectRoutes) {
      const action = route.access;
      const cases = fx.roles.map((r) => {
        const keyNeeds = API_KEY_ACTIONS[action];
        const allowed =
          r.role === 'read key'
            ? keyNeeds === 'read'
            : r.role === 'write key'
              ? keyNeeds !== undefined
              : (POLICY[action] as readonly Role[]).includes(r.role);
        const code = r.role === 'read key' && keyNeeds === 'write' ? 'api_key_read_only' : 'forbidden';
        return { ...r, allowed, code };
      });
      // Refusals first: an allowed call may change what the next one finds.
      cases.sort((a, b) => Number(a.allowed) - Number(b.allowed));
      for (const c of cases) {
        const res = await send(route, c.headers.authorization);
        if (c.allowed ? refused(res.status) : res.status !== 403 || res.code !== c.code)
          wrong.push(
            `${keyOf(route)} (${action}) as ${c.name}: ${res.status} ${res.code ?? ''} (expected ${c.allowed ? 'not 401/403' : `403 ${c.code}`})`,
          );
      }
    }
    expect(wrong).toEqual([]);
  }, 60_000);
});
