import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SIZE } from '../../../domain/demo/create-demo-project';
import { rowsOf } from '../../../platform/sql-rows';
import { createTestApp, type TestApp } from '../../../test/harness';
import { signedInUser } from '../../../test/tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /demo-projects', () => {
  it('creates a business and project owned by the caller, with history and filled rollups', async () => {
    const { auth } = await signedInUser(t.ctx);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/demo-projects',
      headers: auth,
      payload: { time_zone: 'Europe/Paris' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const project = res.json();
    expect(project).toMatchObject({ role: 'owner', time_zone: 'Europe/Paris', currency: 'USD' });
    const [counts] = await rowsOf<{ txns: number; scans: number; terminals: number; events: number }>(
      t.ctx.database.db,
      sql`select (select count(*)::int from transactions where project_id = ${project.id}) as txns,
            (select count(*)::int from scans where project_id = ${project.id}) as scans,
            (select count(*)::int from terminals where project_id = ${project.id}) as terminals,
            (select count(*)::int from events where project_id = ${project.id}) as events`,
    );
    expect(counts).toMatchObject({ txns: DEMO_SIZE.transactions, terminals: DEMO_SIZE.terminals, events: 0 });
    expect(counts!.scans / counts!.txns).toBeGreaterThan(1.2);
    const dash = await t.app.inject({
      method: 'GET',
      url: `/api/v1/projects/${project.id}/dashboard`,
      headers: auth,
    });
    expect(dash.statusCode).toBe(200);
    const totals = dash.json().totals;
    expect(totals.count).toBeGreaterThan(0);
    expect(totals.success_rate).toBeGreaterThan(0.85);
    // Another user does not see it.
    const other = await signedInUser(t.ctx);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/projects/${project.id}`, headers: other.auth }))
        .statusCode,
    ).toBe(404);
  }, 120_000);

  it('refuses an unknown time zone or field with 400', async () => {
    const { auth } = await signedInUser(t.ctx);
    for (const payload of [{ time_zone: 'Mars/Olympus' }, { name: 'x' }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/demo-projects',
        headers: auth,
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
  });
});
