import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTeam, type Person } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { apiKeyFor, createTerminalVia, pairedTerminal, type Team } from '../../../test/terminal-fixtures';

type Who = 'owner' | 'admin' | 'member' | 'outsider';

interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PATCH';
  url: (team: Team, terminalId: string) => string;
  body?: () => unknown;
  success: number;
  /** Members and read keys may only read. */
  write: boolean;
}

const base = (team: Team) => `/terminal/v1/projects/${team.project.id}/terminals`;
const CASES: Case[] = [
  { name: 'list', method: 'GET', url: (t) => base(t), success: 200, write: false },
  { name: 'read one', method: 'GET', url: (t, id) => `${base(t)}/${id}`, success: 200, write: false },
  {
    name: 'create',
    method: 'POST',
    url: (t) => base(t),
    body: () => ({ label: 'Till', kind: 'physical' }),
    success: 201,
    write: true,
  },
  {
    name: 'edit',
    method: 'PATCH',
    url: (t, id) => `${base(t)}/${id}`,
    body: () => ({ location: 'Front' }),
    success: 200,
    write: true,
  },
  {
    name: 'pairing code',
    method: 'POST',
    url: (t, id) => `${base(t)}/${id}/pairing-codes`,
    success: 201,
    write: true,
  },
  { name: 'disable', method: 'POST', url: (t, id) => `${base(t)}/${id}/disable`, success: 200, write: true },
  { name: 'enable', method: 'POST', url: (t, id) => `${base(t)}/${id}/enable`, success: 200, write: true },
];

describe('terminal management', () => {
  let t: TestApp;
  let team: Team;
  beforeAll(async () => {
    t = await createTestApp();
    team = await makeTeam(t);
  });
  afterAll(() => t.close());

  it('creates an unpaired terminal, reads, edits and lists it', async () => {
    const created = await createTerminalVia(t, team, {
      label: 'Front till',
      kind: 'physical',
      location: 'Main door',
      serial: 'SN-001',
    });
    expect(created).toMatchObject({
      label: 'Front till',
      kind: 'physical',
      location: 'Main door',
      serial: 'SN-001',
      status: 'unpaired',
      last_seen_at: null,
      app_version: null,
    });
    expect(created.id).toMatch(/^trm_/);
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `${base(team)}/${created.id}`,
      headers: team.admin.auth,
      payload: { label: 'Till 1', location: null },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ label: 'Till 1', location: null, serial: 'SN-001' });
    const one = await t.app.inject({
      method: 'GET',
      url: `${base(team)}/${created.id}`,
      headers: team.member.auth,
    });
    expect(one.json()).toMatchObject({ id: created.id, label: 'Till 1' });
  });

  it('refuses bad input with problem+json', async () => {
    for (const payload of [
      { label: '', kind: 'virtual' },
      { label: 'x', kind: 'robot' },
      { label: 'x', kind: 'virtual', extra: 1 },
      { label: 'x'.repeat(81), kind: 'virtual' },
      { label: 'nul\u0000byte', kind: 'virtual' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: base(team), headers: team.owner.auth, payload });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
  });

  it('odd ids are a 4xx problem, never a 500', async () => {
    for (const id of ['%00', 'a%00b', encodeURIComponent("' or 1=1 --")]) {
      const res = await t.app.inject({ method: 'GET', url: `${base(team)}/${id}`, headers: team.owner.auth });
      expect(res.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, id).toBeLessThan(500);
      const txn = await t.app.inject({
        method: 'GET',
        url: `/terminal/v1/transactions/${id}`,
        headers: team.owner.auth,
      });
      expect(txn.statusCode, id).toBeLessThan(500);
    }
  });

  it('lists with keyset pages, filters and sort, in SQL', async () => {
    const own = await makeTeam(t);
    for (let i = 0; i < 7; i++) {
      await createTerminalVia(t, own, {
        label: `Lane ${String(i).padStart(2, '0')}`,
        kind: i % 2 ? 'physical' : 'virtual',
        location: i < 3 ? 'North' : 'South',
      });
      t.advance(1000);
    }
    const { terminal: paired } = await pairedTerminal(t, own, { label: 'Paired one', kind: 'virtual' });
    const get = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${base(own)}?${query}`,
        headers: own.member.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        data: { id: string; label: string; status: string }[];
        next_cursor: string | null;
      };
    };
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await get(`limit=3${cursor ? `&starting_after=${cursor}` : ''}`);
      seen.push(...page.data.map((d) => d.label));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(8);
    expect(seen[0]).toBe('Paired one'); // newest first
    expect((await get('sort=label&limit=2')).data.map((d) => d.label)).toEqual(['Lane 00', 'Lane 01']);
    const byLabel = await get('sort=-label&limit=3');
    const next = await get(`sort=-label&limit=3&starting_after=${byLabel.next_cursor}`);
    expect(next.data.map((d) => d.label)).toEqual(['Lane 04', 'Lane 03', 'Lane 02']);
    expect((await get('kind[equals]=physical')).data).toHaveLength(3);
    expect((await get('location[equals]=North')).data).toHaveLength(3);
    expect((await get('label[contains]=ane 0')).data).toHaveLength(7);
    expect((await get('status[equals]=online')).data.map((d) => d.id)).toEqual([paired.id]);
    expect((await get('status[notEquals]=online')).data).toHaveLength(7);
    expect((await get(`last_seen_at[dateBefore]=2000-01-01`)).data).toHaveLength(0);
    expect((await get(`created_at[dateAfter]=2000-01-01`)).data.length).toBeGreaterThan(0);
    for (const bad of ['status[equals]=flying', 'nope[equals]=x', 'sort=serial', 'amount[gt]=1']) {
      const res = await t.app.inject({ method: 'GET', url: `${base(own)}?${bad}`, headers: own.owner.auth });
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it('permission table: admins/owner act, members read, outsiders 404', async () => {
    for (const c of CASES) {
      const fresh = await makeTeam(t);
      const terminal = await createTerminalVia(t, fresh);
      for (const who of ['outsider', 'member', 'admin', 'owner'] as Who[]) {
        const person: Person = fresh[who];
        const res = await t.app.inject({
          method: c.method,
          url: c.url(fresh, terminal.id),
          headers: person.auth,
          payload: c.body?.() as never,
        });
        const want = who === 'outsider' ? 404 : who === 'member' && c.write ? 403 : c.success;
        expect({ case: c.name, who, status: res.statusCode }).toEqual({ case: c.name, who, status: want });
      }
    }
  });

  it('API keys: write keys manage, read keys read (403 on writes), other projects 404', async () => {
    const other = await makeTeam(t);
    const otherKey = await apiKeyFor(t, other, 'write');
    for (const c of CASES) {
      const fresh = await makeTeam(t);
      const terminal = await createTerminalVia(t, fresh);
      const read = await apiKeyFor(t, fresh, 'read');
      const write = await apiKeyFor(t, fresh, 'write');
      const call = (headers: Record<string, string>) =>
        t.app.inject({
          method: c.method,
          url: c.url(fresh, terminal.id),
          headers,
          payload: c.body?.() as never,
        });
      expect((await call(otherKey)).statusCode, `${c.name}: other project's key`).toBe(404);
      const r = await call(read);
      expect(r.statusCode, `${c.name}: read key`).toBe(c.write ? 403 : c.success);
      if (c.write) expect(r.json().code).toBe('api_key_read_only');
      expect((await call(write)).statusCode, `${c.name}: write key`).toBe(c.success);
    }
  });

  it("a terminal of another project is 404, even to the other project's owner", async () => {
    const other = await makeTeam(t);
    const terminal = await createTerminalVia(t, other);
    const res = await t.app.inject({
      method: 'GET',
      url: `${base(team)}/${terminal.id}`,
      headers: team.owner.auth,
    });
    expect(res.statusCode).toBe(404);
  });

  it('a device token cannot manage terminals', async () => {
    const { auth } = await pairedTerminal(t, team);
    const res = await t.app.inject({ method: 'GET', url: base(team), headers: auth });
    expect(res.statusCode).toBe(403);
  });

  it('joins the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/terminal/v1/projects/{project_id}/terminals',
        '/terminal/v1/projects/{project_id}/terminals/{terminal_id}/pairing-codes',
        '/terminal/v1/pair',
        '/terminal/v1/heartbeat',
        '/terminal/v1/transactions',
        '/terminal/v1/transactions/{transaction_id}/events',
        '/terminal/v1/me',
        '/terminal/v1/stream',
        '/terminal/v1/projects/{project_id}/terminals/{terminal_id}/sticker/rotate',
        '/mobile/v1/stickers/{token}',
        '/mobile/v1/stickers/{token}/transactions',
        '/mobile/v1/scans/{scan_id}/receipt',
      ]),
    );
  });
});
