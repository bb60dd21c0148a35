import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransactionStatus } from '../../db/schema';
import { rowsOf } from '../../platform/sql-rows';
import { makeTeam } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { canTransition } from '../transactions/status-machine';
import { seedDemo } from './seed-demo';

let t: TestApp;
let team: Awaited<ReturnType<typeof makeTeam>>;

beforeAll(async () => {
  t = await createTestApp();
  team = await makeTeam(t);
  await seedDemo(t.ctx.database.db, team.project.id, {
    terminals: 3,
    days: 5,
    transactions: 1500,
    now: t.ctx.now(),
    createdBy: 'test',
  });
}, 120_000);
afterAll(() => t.close());

interface Step {
  transaction_id: string;
  status: TransactionStatus;
  from_status: TransactionStatus | null;
  to_status: TransactionStatus;
  reason: string | null;
  at: string;
  created_at: string;
}

describe('demo seed: status history', () => {
  it('gives every payment a timeline from created to its status, each step allowed by the status machine', async () => {
    const steps = await rowsOf<Step>(
      t.ctx.database.db,
      sql`select c.transaction_id, t.status, c.from_status, c.to_status, c.reason,
            c.created_at::text as at, t.created_at::text as created_at
          from transaction_status_changes c join transactions t on t.id = c.transaction_id
          where c.project_id = ${team.project.id} order by c.transaction_id, c.id`,
    );
    const [{ n }] = (await rowsOf<{ n: number }>(
      t.ctx.database.db,
      sql`select count(*)::int as n from transactions where project_id = ${team.project.id}`,
    )) as [{ n: number }];
    const byTxn = new Map<string, Step[]>();
    for (const s of steps) byTxn.set(s.transaction_id, [...(byTxn.get(s.transaction_id) ?? []), s]);
    expect(byTxn.size).toBe(n);
    const finals = new Set<string>();
    for (const [id, chain] of byTxn) {
      const [first, ...rest] = chain;
      expect(first, id).toMatchObject({ from_status: null, to_status: 'pending', reason: 'created' });
      expect(first!.at).toBe(first!.created_at);
      let current = first!.to_status;
      let at = first!.at;
      for (const step of rest) {
        expect(step.from_status, id).toBe(current);
        expect(canTransition(current, step.to_status), `${id}: ${current} → ${step.to_status}`).toBe(true);
        expect(new Date(step.at).getTime(), id).toBeGreaterThanOrEqual(new Date(at).getTime());
        current = step.to_status;
        at = step.at;
      }
      expect(current, id).toBe(chain[0]!.status);
      finals.add(current);
    }
    // The mix covers the usual endings.
    expect(finals.has('succeeded')).toBe(true);
    expect(finals.has('failed')).toBe(true);
  });
});
