import type { TableFilter, TableSort } from '@scanline/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions } from '../../db/schema';
import { rowsOf } from '../../platform/sql-rows';
import { makeTeam } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { createTerminalVia } from '../../test/terminal-fixtures';
import { transactionListSpec } from '../transactions/transaction-list-spec';
import { andAll, buildList } from './list-query';
import { narrowByPrefix } from './narrow-by-prefix';

// narrowByPrefix only ever changes how a page is found, never which rows it holds: each of its
// three ways (the index answers the page's ids; all ids under the cap; past the cap, the
// planner's walk) against the same list read without it, on every page, both directions, with
// a filter or a sort the index cannot answer.
describe('narrowByPrefix', () => {
  let t: TestApp;
  let scope: SQL;
  const CAP = 5;
  beforeAll(async () => {
    t = await createTestApp();
    const team = await makeTeam(t);
    const terminalId = (await createTerminalVia(t, team)).id;
    scope = eq(transactions.projectId, team.project.id);
    const base = Date.parse('2026-03-01T12:00:00Z');
    // 10 × ORDER-1…, 3 × ORDER-2…, 5 without a reference; two share a created_at (ties by id).
    const refs = [...Array.from({ length: 10 }, (_, i) => `ORDER-1${i}`), 'ORDER-20', 'order-21', 'ORDER-22'];
    const rows = [...refs, ...Array<null>(5).fill(null)].map((reference, i) => ({
      id: `txn_narrow${String(i).padStart(3, '0')}`,
      projectId: team.project.id,
      terminalId,
      amount: 100 + ((i * 37) % 11) * 10,
      currency: 'USD',
      status: i % 3 === 0 ? ('failed' as const) : ('succeeded' as const),
      reference,
      paymentToken: `tok_narrow${i}`,
      provider: 'simulator' as const,
      createdAt: new Date(base - (i === 4 ? 3 : i) * 60_000),
      updatedAt: new Date(base),
      expiresAt: new Date(base + 900_000),
    }));
    await t.ctx.database.db.insert(transactions).values(rows);
  });
  afterAll(() => t.close());

  const carried = { field: 'created_at', column: transactions.createdAt };
  const target = () => ({ table: transactions, id: transactions.id, scope, carried });

  async function pages(filters: TableFilter[], sort: TableSort | null, narrow: boolean) {
    const list = buildList(transactionListSpec, { filters, sort, timeZone: 'UTC' });
    const out: string[][] = [];
    const ways: string[] = [];
    let cursor: string | undefined;
    do {
      const after = cursor ? list.after(transactions, cursor) : undefined;
      const narrowed = narrow
        ? await narrowByPrefix(t.ctx.database.db, {
            list,
            target: target(),
            page: { limit: 3, after },
            cap: CAP,
          })
        : undefined;
      ways.push(narrowed ? 'ids' : 'walk');
      const rows = await rowsOf<{ id: string }>(
        t.ctx.database.db,
        sql`select ${transactions.id} as id from ${transactions}
            where ${andAll([scope, ...list.where, narrowed, after])}
            order by ${sql.join(list.orderBy, sql`, `)} limit 4`,
      );
      out.push(rows.slice(0, 3).map((r) => r.id));
      cursor = rows.length > 3 ? rows[2]!.id : undefined;
    } while (cursor);
    return { out, ways };
  }

  const startsWith = (value: string): TableFilter => ({ field: 'reference', mode: 'startsWith', value });
  const failed: TableFilter = { field: 'status', mode: 'equals', value: 'failed' };

  it.each([
    ['the index answers the page (10 matches)', [startsWith('order-1')], null, 'ids'],
    [
      'the index answers the page, oldest first',
      [startsWith('ORDER-1')],
      { field: 'created_at', direction: 'asc' },
      'ids',
    ],
    ['the index answers the page, 13 matches', [startsWith('order-')], null, 'ids'],
    ['another filter, 3 matches ≤ cap 5: ids', [startsWith('order-2'), failed], null, 'ids'],
    ['another filter, 10 matches > cap 5: the walk', [startsWith('order-1'), failed], null, 'walk'],
    [
      'another sort, 10 matches > cap 5: the walk',
      [startsWith('order-1')],
      { field: 'amount', direction: 'desc' },
      'walk',
    ],
    [
      'another sort, 3 matches ≤ cap: ids',
      [startsWith('order-2')],
      { field: 'amount', direction: 'asc' },
      'ids',
    ],
  ] as const)('%s, the same pages as without it', async (_, filters, sort, way) => {
    const plain = await pages([...filters], sort, false);
    const narrowed = await pages([...filters], sort, true);
    expect(narrowed.out).toEqual(plain.out);
    expect(plain.out.flat().length).toBeGreaterThan(0);
    expect(narrowed.ways[0]).toBe(way);
  });

  it('when the index answers the page, every page is read by its ids, past the cap too', async () => {
    const { out, ways } = await pages([startsWith('ORDER-1')], null, true);
    expect(out).toHaveLength(4);
    expect(ways).toEqual(['ids', 'ids', 'ids', 'ids']);
  });

  it('a prefix nothing matches gives an empty page', async () => {
    const { out, ways } = await pages([startsWith('NOPE-')], null, true);
    expect(out).toEqual([[]]);
    expect(ways).toEqual(['ids']);
  });

  it("the planner knows a prefix's matches (statistics on the folded reference, migration 0019)", async () => {
    await t.ctx.database.db.execute(sql`analyze transactions`);
    const estimate = async (prefix: string) => {
      const list = buildList(transactionListSpec, {
        filters: [startsWith(prefix)],
        sort: null,
        timeZone: 'UTC',
      });
      const [row] = await rowsOf<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
        t.ctx.database.db,
        sql`explain (format json) select 1 from ${transactions} where ${andAll([scope, ...list.where])}`,
      );
      return row!['QUERY PLAN'][0].Plan['Plan Rows'];
    };
    // Without the statistics both were 0.5 % of the rows (1).
    expect(await estimate('order-1')).toBeGreaterThan(3 * (await estimate('order-2')));
  });
});
