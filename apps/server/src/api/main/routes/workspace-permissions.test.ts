import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type makeTeam as MakeTeam, makeTeam, type Person } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';

type Team = Awaited<ReturnType<typeof MakeTeam>>;
type Who = 'owner' | 'admin' | 'member' | 'outsider';

interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: (team: Team) => string;
  body?: (team: Team) => unknown;
  /** Expected status per caller; 404 for outsiders everywhere (no existence leak). */
  expect: Record<Who, number>;
}

const ok = (success: number, minimum: 'member' | 'admin' | 'owner'): Record<Who, number> => ({
  owner: success,
  admin: minimum === 'owner' ? 403 : success,
  member: minimum === 'member' ? success : 403,
  outsider: 404,
});

// 's permission table, route by route.
const CASES: Case[] = [
  {
    name: 'read project',
    method: 'GET',
    url: (t) => `/api/v1/projects/${t.project.id}`,
    expect: ok(200, 'member'),
  },
  {
    name: 'list members',
    method: 'GET',
    url: (t) => `/api/v1/projects/${t.project.id}/members`,
    expect: ok(200, 'member'),
  },
  {
    name: 'list members, filtered and sorted',
    method: 'GET',
    url: (t) => `/api/v1/projects/${t.project.id}/members?role[equals]=owner,admin&sort=email`,
    expect: ok(200, 'member'),
  },
  {
    // A parameter the route does not have is refused for everyone before access is checked
    //: the answer depends only on the URL's shape, so it tells an outsider nothing.
    name: 'list members with an unknown filter',
    method: 'GET',
    url: (t) => `/api/v1/projects/${t.project.id}/members?uid[equals]=x`,
    expect: { owner: 400, admin: 400, member: 400, outsider: 400 },
  },
  {
    // A declared filter with a refused value is judged after access: an outsider gets the 404.
    name: 'list members with a refused filter value',
    method: 'GET',
    url: (t) => `/api/v1/projects/${t.project.id}/members?created_at[dateIs]=2026-02-30`,
    expect: { owner: 400, admin: 400, member: 400, outsider: 404 },
  },
  {
    name: 'list invitations, filtered',
    method: 'GET',
    url: (t) => `/api/v1/projects/${t.project.id}/invitations?role[equals]=admin&sort=-created_at`,
    expect: ok(200, 'member'),
  },
  {
    name: 'list invitations',
    method: 'GET',
    url: (t) => `/api/v1/projects/${t.project.id}/invitations`,
    expect: ok(200, 'member'),
  },
  {
    name: 'list API keys',
    method: 'GET',
    url: (t) => `/api/v1/projects/${t.project.id}/api-keys`,
    expect: ok(200, 'member'),
  },
  {
    name: 'edit settings',
    method: 'PATCH',
    url: (t) => `/api/v1/projects/${t.project.id}`,
    body: () => ({ name: 'Renamed' }),
    expect: ok(200, 'admin'),
  },
  {
    name: 'invite',
    method: 'POST',
    url: (t) => `/api/v1/projects/${t.project.id}/invitations`,
    body: () => ({ emails: [`new-${Math.random()}@example.test`], role: 'member' }),
    expect: ok(201, 'admin'),
  },
  {
    name: 'change a role',
    method: 'PATCH',
    url: (t) => `/api/v1/projects/${t.project.id}/members/${t.member.user.uid}`,
    body: () => ({ role: 'member' }),
    expect: ok(204, 'admin'),
  },
  {
    name: 'create API key',
    method: 'POST',
    url: (t) => `/api/v1/projects/${t.project.id}/api-keys`,
    body: () => ({ name: 'CI', mode: 'read' }),
    expect: ok(201, 'admin'),
  },
  {
    name: 'read audit log',
    method: 'GET',
    url: (t) => `/api/v1/projects/${t.project.id}/audit`,
    expect: ok(200, 'admin'),
  },
  {
    name: 'transfer ownership',
    method: 'POST',
    url: (t) => `/api/v1/projects/${t.project.id}/transfer`,
    body: (t) => ({ to_user_id: t.member.user.uid }),
    expect: { owner: 400, admin: 403, member: 403, outsider: 404 },
  },
  // Staff and their PINs, admins and owners only.
  {
    name: 'list staff',
    method: 'GET',
    url: (t) => `/api/v1/projects/${t.project.id}/staff`,
    expect: ok(200, 'admin'),
  },
  {
    name: 'add staff',
    method: 'POST',
    url: (t) => `/api/v1/projects/${t.project.id}/staff`,
    body: () => ({
      name: 'Ana',
      pin: String(100_000 + Math.floor(Math.random() * 900_000)),
      role: 'cashier',
    }),
    expect: ok(201, 'admin'),
  },
  {
    // Past the policy, an unknown staff member is a 404.
    name: 'edit staff',
    method: 'PATCH',
    url: (t) => `/api/v1/projects/${t.project.id}/staff/stf_unknown`,
    body: () => ({ disabled: true }),
    expect: { owner: 404, admin: 404, member: 403, outsider: 404 },
  },
  {
    name: 'delete staff',
    method: 'DELETE',
    url: (t) => `/api/v1/projects/${t.project.id}/staff/stf_unknown`,
    expect: { owner: 404, admin: 404, member: 403, outsider: 404 },
  },
  // The books: members read closes and payouts; closes are made through the terminal API.
  {
    name: 'list closes',
    method: 'GET',
    url: (t) => `/api/v1/projects/${t.project.id}/closes`,
    expect: ok(200, 'member'),
  },
  {
    name: 'verify closes',
    method: 'GET',
    url: (t) => `/api/v1/projects/${t.project.id}/closes/verify`,
    expect: ok(200, 'member'),
  },
  {
    name: 'list payouts',
    method: 'GET',
    url: (t) => `/api/v1/projects/${t.project.id}/payouts`,
    expect: ok(200, 'member'),
  },
  {
    name: 'delete project',
    method: 'DELETE',
    url: (t) => `/api/v1/projects/${t.project.id}`,
    expect: ok(204, 'owner'),
  },
];

describe('permission table: every route × every role × outsider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  for (const c of CASES) {
    it(`${c.name}: ${JSON.stringify(c.expect)}`, async () => {
      // A fresh team per route, so a delete or transfer cannot leak into another case.
      const team = await makeTeam(t);
      // Least privilege first: a success must not change what the next caller can do.
      for (const who of ['outsider', 'member', 'admin', 'owner'] as Who[]) {
        const person: Person = team[who];
        const res = await t.app.inject({
          method: c.method,
          url: c.url(team),
          headers: person.auth,
          payload: c.body?.(team) as never,
        });
        expect({
          who,
          status: res.statusCode,
          body: res.statusCode >= 400 ? res.json().code : undefined,
        }).toMatchObject({
          who,
          status: c.expect[who],
        });
      }
    });
  }
});
