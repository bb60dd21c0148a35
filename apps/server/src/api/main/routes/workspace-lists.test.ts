import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBusiness, makeTeam } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
let team: Awaited<ReturnType<typeof makeTeam>>;

const get = (url: string, who = team.owner) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: who.auth });

beforeAll(async () => {
  t = await createTestApp();
  team = await makeTeam(t);
  for (const [name, mode] of [
    ['Back office', 'write'],
    ['Accounting export', 'read'],
    ['Zapier', 'read'],
  ] as const) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${team.project.id}/api-keys`,
      headers: team.owner.auth,
      payload: { name, mode },
    });
    expect(res.statusCode).toBe(201);
  }
  await makeBusiness(t, team.owner, { name: 'Bakery' });
  await makeBusiness(t, team.owner, { name: 'Zebra Bar' });
});
afterAll(() => t.close());

describe('workspace lists page, filter and sort in SQL', () => {
  it('API keys: filters by mode and name, sorts by name, pages with a cursor', async () => {
    const base = `/projects/${team.project.id}/api-keys`;
    const read = (await get(`${base}?mode[equals]=read&sort=name`)).json();
    expect(read.data.map((k: { name: string }) => k.name)).toEqual(['Accounting export', 'Zapier']);
    const named = (await get(`${base}?name[contains]=office`)).json();
    expect(named.data.map((k: { name: string }) => k.name)).toEqual(['Back office']);
    const names: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(`${base}?limit=1&sort=-name${cursor ? `&starting_after=${cursor}` : ''}`);
      const page = res.json() as { data: { name: string }[]; next_cursor: string | null };
      names.push(...page.data.map((k) => k.name));
      cursor = page.next_cursor;
    } while (cursor);
    expect(names).toEqual(['Zapier', 'Back office', 'Accounting export']);
  });

  it('businesses: sort by name both ways, filter by name', async () => {
    const asc = (await get('/businesses?sort=name')).json();
    expect(asc.data.map((b: { name: string }) => b.name)).toEqual(['Acme Coffee', 'Bakery', 'Zebra Bar']);
    const starts = (await get('/businesses?name[startsWith]=ze')).json();
    expect(starts.data.map((b: { name: string }) => b.name)).toEqual(['Zebra Bar']);
  });

  it('audit: filters by action, newest first', async () => {
    const res = await get(`/projects/${team.project.id}/audit?action[equals]=project.created`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(1);
  });

  it('members: role and text filters, sorts by email and role, keyset pages scoped to the project', async () => {
    const base = `/projects/${team.project.id}/members`;
    // A second project with the same people: a cursor's uid must not find the other project's row.
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      headers: team.owner.auth,
      payload: { name: 'Airport kiosk', business_id: team.business.id, time_zone: 'UTC', currency: 'EUR' },
    });
    expect(second.statusCode).toBe(201);
    const staff = (await get(`${base}?role[equals]=owner,admin&sort=role`)).json();
    expect(staff.data.map((m: { role: string }) => m.role)).toEqual(['admin', 'owner']);
    const legacy = (await get(`${base}?role=member`)).json();
    expect(legacy.data.map((m: { user_id: string }) => m.user_id)).toEqual([team.member.user.uid]);
    const named = (await get(`${base}?display_name[startsWith]=adam`)).json();
    expect(named.data.map((m: { user_id: string }) => m.user_id)).toEqual([team.admin.user.uid]);
    const q = (await get(`${base}?q=mia`)).json();
    expect(q.data.map((m: { user_id: string }) => m.user_id)).toEqual([team.member.user.uid]);
    const all = (await get(`${base}?sort=email`)).json().data as { email: string }[];
    expect(all.map((m) => m.email)).toEqual(all.map((m) => m.email).sort());
    for (const sort of ['email', '-email', 'role', '-created_at', 'created_at']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await get(`${base}?limit=1&sort=${sort}${cursor ? `&starting_after=${cursor}` : ''}`);
        expect(res.statusCode).toBe(200);
        const page = res.json() as { data: { user_id: string }[]; next_cursor: string | null };
        seen.push(...page.data.map((m) => m.user_id));
        cursor = page.next_cursor;
      } while (cursor);
      expect(seen, sort).toHaveLength(3);
      expect(new Set(seen).size, sort).toBe(3);
    }
    const none = (await get(`${base}?created_at[dateBefore]=2000-01-01`)).json();
    expect(none.data).toEqual([]);
  });

  it('invitations: filtered and paged in SQL', async () => {
    const base = `/projects/${team.project.id}/invitations`;
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/v1${base}`,
      headers: team.owner.auth,
      payload: { emails: ['ana@example.com', 'bo@example.com', 'cy@example.com'], role: 'member' },
    });
    expect(sent.statusCode).toBe(201);
    const emails: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(`${base}?limit=2&sort=email${cursor ? `&starting_after=${cursor}` : ''}`);
      const page = res.json() as { data: { email: string }[]; next_cursor: string | null };
      emails.push(...page.data.map((i) => i.email));
      cursor = page.next_cursor;
    } while (cursor);
    expect(emails).toEqual(['ana@example.com', 'bo@example.com', 'cy@example.com']);
    const bo = (await get(`${base}?email[startsWith]=bo`)).json();
    expect(bo.data).toHaveLength(1);
  });

  it('projects: filters by name, currency, time zone and role; sorts and pages; keeps q', async () => {
    const names = (p: { data: { name: string }[] }) => p.data.map((x) => x.name);
    expect(names((await get('/projects?currency[equals]=EUR')).json())).toEqual(['Airport kiosk']);
    expect(names((await get('/projects?time_zone[startsWith]=America')).json())).toEqual(['Downtown store']);
    expect(names((await get('/projects?q=down')).json())).toEqual(['Downtown store']);
    expect(names((await get('/projects?name[contains]=kiosk')).json())).toEqual(['Airport kiosk']);
    expect(names((await get('/projects?role[equals]=admin', team.admin)).json())).toEqual(['Downtown store']);
    expect(names((await get('/projects?sort=name')).json())).toEqual(['Airport kiosk', 'Downtown store']);
    const first = (await get('/projects?sort=-name&limit=1')).json();
    expect(names(first)).toEqual(['Downtown store']);
    const next = (await get(`/projects?sort=-name&limit=1&starting_after=${first.next_cursor}`)).json();
    expect(names(next)).toEqual(['Airport kiosk']);
    expect(next.next_cursor).toBeNull();
  });

  it('refuses unknown fields, modes and sorts with 400 problem+json', async () => {
    for (const url of [
      `/projects/${team.project.id}/api-keys?secret[equals]=x`,
      `/projects/${team.project.id}/api-keys?sort=last_used_at`,
      '/businesses?name[gt]=a',
      `/projects/${team.project.id}/audit?created_at[dateIs]=yesterday`,
      `/projects/${team.project.id}/members?display_name[gt]=a`,
      `/projects/${team.project.id}/members?sort=display_name`,
      `/projects/${team.project.id}/members?role[equals]=boss`,
      '/projects?sort=currency',
      '/projects?created_at[dateIs]=2026-02-30',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type']).toMatch(/problem\+json/);
    }
  });
});
