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

  it('refuses unknown fields, modes and sorts with 400 problem+json', async () => {
    for (const url of [
      `/projects/${team.project.id}/api-keys?secret[equals]=x`,
      `/projects/${team.project.id}/api-keys?sort=last_used_at`,
      '/businesses?name[gt]=a',
      `/projects/${team.project.id}/audit?created_at[dateIs]=yesterday`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type']).toMatch(/problem\+json/);
    }
  });
});
