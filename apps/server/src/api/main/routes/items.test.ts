import type { Item, ItemImportResult } from '@scanline/contracts';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, items } from '../../../db/schema';
import { makeTeam } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { apiKeyFor, pairedTerminal, type Team } from '../../../test/terminal-fixtures';

// The catalogue: CRUD, who may do what, filters and keyset pages, the paired terminal's view,
// and CSV import (errors before anything is written, then apply) and export read back.

describe('the catalogue', () => {
  let t: TestApp;
  let team: Team;
  let write: Record<string, string>;
  let read: Record<string, string>;
  const base = () => `/api/v1/projects/${team.project.id}/items`;
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: unknown,
  ) =>
    t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const itemCount = async (projectId = team.project.id) =>
    (await t.ctx.database.db.select({ n: count() }).from(items).where(eq(items.projectId, projectId)))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp();
    team = await makeTeam(t, { currency: 'EUR' });
    write = await apiKeyFor(t, team, 'write');
    read = await apiKeyFor(t, team, 'read');
  });
  afterAll(() => t.close());

  it('creates, reads, edits and archives an item; variants keep their ids', async () => {
    const created = await call('POST', base(), team.admin.auth, {
      name: 'Flat white',
      category: 'Coffee',
      price: null,
      tax_rate: 7,
      sku: 'COF-FW',
      variants: [
        { name: 'Small', price: 320 },
        { name: 'Large', price: 390 },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json() as Item;
    expect(item).toMatchObject({
      name: 'Flat white',
      category: 'Coffee',
      price: null,
      tax_rate: 7,
      archived: false,
    });
    expect(item.id).toMatch(/^itm_/);
    expect(item.variants.map((v) => v.id)).toEqual([
      expect.stringMatching(/^var_/),
      expect.stringMatching(/^var_/),
    ]);

    const small = item.variants[0]!;
    const edited = await call('PATCH', `${base()}/${item.id}`, write, {
      category: '',
      variants: [
        { id: small.id, name: 'Small', price: 330 },
        { name: 'Oat', price: 420 },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = edited.json() as Item;
    expect(after.category).toBeNull();
    expect(after.variants[0]).toEqual({ id: small.id, name: 'Small', price: 330 });
    expect(after.variants[1]!.id).not.toBe(item.variants[1]!.id);

    // A price beside variants, and a variant id of another item, are refused with field codes.
    const priced = await call('PATCH', `${base()}/${item.id}`, team.owner.auth, { price: 300 });
    expect(priced.statusCode).toBe(400);
    expect(priced.headers['content-type']).toContain('application/problem+json');
    expect(priced.json().errors[0]).toMatchObject({ field: 'price', code: 'price_with_variants' });
    const foreign = await call('PATCH', `${base()}/${item.id}`, team.owner.auth, {
      variants: [{ id: 'var_nope', name: 'X', price: 1 }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0].field).toBe('variants.0.id');

    const archived = await call('DELETE', `${base()}/${item.id}`, team.owner.auth);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().archived).toBe(true);
    const stillThere = await call('GET', `${base()}/${item.id}`, team.member.auth);
    expect(stillThere.json()).toMatchObject({ id: item.id, archived: true });
    const audit = await t.ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.projectId, team.project.id), eq(auditLog.target, item.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(['item.archived', 'item.created', 'item.updated']);
    const log = await call('GET', `/api/v1/projects/${team.project.id}/audit`, team.owner.auth);
    const entry = log.json().data.find((e: { target: string }) => e.target === item.id);
    expect(entry.target_label).toBe('Flat white');
    const back = await call('PATCH', `${base()}/${item.id}`, team.admin.auth, { archived: false });
    expect(back.json().archived).toBe(false);
  });

  it('lets members and read keys read, and only admins, owners and write keys edit', async () => {
    const body = { name: 'Scone', price: 250 };
    expect((await call('POST', base(), team.member.auth, body)).statusCode).toBe(403);
    expect((await call('POST', base(), read, body)).json().code).toBe('api_key_read_only');
    expect((await call('POST', base(), team.outsider.auth, body)).statusCode).toBe(404);
    expect((await call('GET', base(), team.member.auth)).statusCode).toBe(200);
    expect((await call('GET', base(), read)).statusCode).toBe(200);
    const created = await call('POST', base(), write, body);
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect((await call('DELETE', `${base()}/${id}`, team.member.auth)).statusCode).toBe(403);
    expect((await call('PATCH', `${base()}/${id}`, read, { name: 'x' })).statusCode).toBe(403);
    // Another project's people never see it.
    const other = await makeTeam(t);
    expect((await call('GET', `${base()}/${id}`, other.owner.auth)).statusCode).toBe(404);
    const foreign = await call('GET', `/api/v1/projects/${other.project.id}/items/${id}`, other.owner.auth);
    expect(foreign.statusCode).toBe(404);
  });

  it('filters by category, archived and name, and pages by keyset', async () => {
    const project = await makeTeam(t, { currency: 'EUR' });
    const url = `/api/v1/projects/${project.project.id}/items`;
    for (let i = 0; i < 7; i++) {
      const res = await call('POST', url, project.owner.auth, {
        name: `${i % 2 ? 'Tea' : 'Latte'} ${i}`,
        category: i % 2 ? 'Tea' : 'Coffee',
        price: 300 + i,
      });
      expect(res.statusCode).toBe(201);
    }
    const all = await call('GET', `${url}?limit=3`, project.owner.auth);
    const first = all.json();
    expect(first.data.map((i: Item) => i.position)).toEqual([0, 1, 2]);
    const second = await call(
      'GET',
      `${url}?limit=3&starting_after=${first.next_cursor}`,
      project.owner.auth,
    );
    expect(second.json().data.map((i: Item) => i.position)).toEqual([3, 4, 5]);
    const third = await call(
      'GET',
      `${url}?limit=3&starting_after=${second.json().next_cursor}`,
      project.owner.auth,
    );
    expect(third.json()).toMatchObject({ next_cursor: null });
    expect(third.json().data).toHaveLength(1);

    const tea = await call('GET', `${url}?category[equals]=Tea`, project.owner.auth);
    expect(tea.json().data.map((i: Item) => i.name)).toEqual(['Tea 1', 'Tea 3', 'Tea 5']);
    const named = await call('GET', `${url}?name[contains]=atte&sort=-name`, project.owner.auth);
    expect(named.json().data.map((i: Item) => i.name)).toEqual(['Latte 6', 'Latte 4', 'Latte 2', 'Latte 0']);
    await call('DELETE', `${url}/${tea.json().data[0].id}`, project.owner.auth);
    const live = await call('GET', `${url}?archived[equals]=false&category[equals]=Tea`, project.owner.auth);
    expect(live.json().data).toHaveLength(2);
    const gone = await call('GET', `${url}?archived[equals]=true`, project.owner.auth);
    expect(gone.json().data.map((i: Item) => i.name)).toEqual(['Tea 1']);
    const bad = await call('GET', `${url}?archived[equals]=maybe`, project.owner.auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');

    // The paired terminal reads its project's catalogue, archived items left out.
    const device = await pairedTerminal(t, project);
    const onDevice = await call('GET', '/terminal/v1/items', device.auth);
    expect(onDevice.statusCode, onDevice.body).toBe(200);
    expect(onDevice.json().data).toHaveLength(6);
    expect((await call('GET', '/terminal/v1/items', project.owner.auth)).statusCode).toBe(403);
  });

  describe('CSV', () => {
    const csv = [
      'name,category,price,tax_rate,sku,variant',
      'Flat white,Coffee,3.20,7,COF-FW,Small',
      'Flat white,Coffee,3.90,7,COF-FW,Large',
      'Croissant,Bakery,2.10,,BAK-1,',
      '"Soup, of the day",Kitchen,,19,,',
      "'=Formula,Bakery,1,,,",
    ].join('\r\n');

    it('shows every row error before anything is written, and apply refuses while there are any', async () => {
      const p = await makeTeam(t, { currency: 'EUR' });
      const url = `/api/v1/projects/${p.project.id}/items/import`;
      const broken = [
        'name,category,price,tax_rate,sku,variant',
        'Flat white,Coffee,3.2.0,7,,Small',
        ',Coffee,3.00,7,,',
        'Tea,Hot,3,101,,',
        'Tea,Hot,3,7,,',
        'Cake,Bakery,3.999,,,',
        'Juice,Cold,€3,,,',
        'Latte,Coffee,3.00,7,,Small',
        'Latte,Coffee,3.50,7,,small',
      ].join('\n');
      const preview = await call('POST', url, p.admin.auth, { mode: 'preview', csv: broken });
      expect(preview.statusCode, preview.body).toBe(200);
      const result = preview.json() as ItemImportResult;
      expect(result.valid).toBe(false);
      expect(result.errors.map((e) => [e.row, e.column, e.code])).toEqual([
        [2, 'price', 'invalid_price'],
        [3, 'name', 'required'],
        [4, 'tax_rate', 'invalid_tax_rate'],
        [6, 'price', 'invalid_price'],
        [7, 'price', 'invalid_price'],
        [9, 'variant', 'duplicate_variant'],
      ]);
      const applied = await call('POST', url, p.admin.auth, { mode: 'apply', csv: broken });
      expect(applied.statusCode).toBe(422);
      expect(applied.json().code).toBe('import_invalid');
      expect(applied.json().errors[0]).toMatchObject({ field: 'csv.rows.2.price', code: 'invalid_price' });
      expect(await itemCount(p.project.id)).toBe(0);

      // A header that is not this format is refused whole.
      const wrongHeader = await call('POST', url, p.admin.auth, { mode: 'preview', csv: 'title,price\nA,1' });
      expect(wrongHeader.statusCode).toBe(400);
      expect(wrongHeader.json().errors[0]).toMatchObject({ field: 'csv', code: 'unknown_column' });
      expect((await call('POST', url, p.member.auth, { mode: 'preview', csv })).statusCode).toBe(403);
    });

    it('applies in one go, then an export imports back unchanged', async () => {
      const p = await makeTeam(t, { currency: 'EUR' });
      const url = `/api/v1/projects/${p.project.id}/items`;
      const preview = (await call('POST', `${url}/import`, p.owner.auth, { mode: 'preview', csv })).json();
      expect(preview).toMatchObject({ valid: true, rows: 5, created: 4, updated: 0, errors: [] });
      expect(await itemCount(p.project.id)).toBe(0);
      const applied = await call('POST', `${url}/import`, p.owner.auth, { mode: 'apply', csv });
      expect(applied.statusCode, applied.body).toBe(200);
      expect(applied.json().items.every((i: { item_id: string }) => i.item_id.startsWith('itm_'))).toBe(true);
      const list = (await call('GET', url, p.owner.auth)).json().data as Item[];
      expect(list.map((i) => [i.name, i.category, i.price, i.tax_rate, i.sku])).toEqual([
        ['Flat white', 'Coffee', null, 7, 'COF-FW'],
        ['Croissant', 'Bakery', 210, null, 'BAK-1'],
        ['Soup, of the day', 'Kitchen', null, 19, null],
        ['=Formula', 'Bakery', 100, null, null],
      ]);
      expect(list[0]!.variants.map((v) => [v.name, v.price])).toEqual([
        ['Small', 320],
        ['Large', 390],
      ]);

      const exported = await call('GET', `${url}/export.csv`, p.member.auth);
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-type']).toContain('text/csv');
      expect(exported.body).toContain("'=Formula,Bakery,1.00,,,");
      expect(exported.body).toContain('"Soup, of the day",Kitchen,,19,,');
      const again = await call('POST', `${url}/import`, p.owner.auth, { mode: 'apply', csv: exported.body });
      expect(again.json()).toMatchObject({ valid: true, created: 0, updated: 0, unchanged: 4 });

      // An edited file updates in place; a variant that stays keeps its id.
      const smallId = list[0]!.variants[0]!.id;
      const edited = exported.body.replace('3.90', '4.10').replace('2.10', '2.30');
      const update = (
        await call('POST', `${url}/import`, p.owner.auth, { mode: 'apply', csv: edited })
      ).json();
      expect(update).toMatchObject({ created: 0, updated: 2, unchanged: 2 });
      const flat = (await call('GET', `${url}/${list[0]!.id}`, p.owner.auth)).json() as Item;
      expect(flat.variants.map((v) => [v.id, v.price])).toEqual([
        [smallId, 320],
        [list[0]!.variants[1]!.id, 410],
      ]);
      expect(await itemCount(p.project.id)).toBe(4);
    });

    it('reads semicolon files with decimal commas, and currencies without minor units', async () => {
      const yen = await makeTeam(t, { currency: 'JPY' });
      const url = `/api/v1/projects/${yen.project.id}/items/import`;
      const ok = await call('POST', url, yen.owner.auth, {
        mode: 'preview',
        csv: 'name;price;tax_rate\nMochi;350;8\nTea;3,5;',
      });
      expect(ok.json().errors).toEqual([
        expect.objectContaining({ row: 3, column: 'price', code: 'invalid_price' }),
      ]);
      const eur = await call('POST', `/api/v1/projects/${team.project.id}/items/import`, team.owner.auth, {
        mode: 'preview',
        csv: '\uFEFFname;price;tax_rate\nBrezel;2,50;7,5',
      });
      expect(eur.json().items[0]).toMatchObject({
        name: 'Brezel',
        price: 250,
        tax_rate: 7.5,
        action: 'create',
      });
    });
  });
});
