import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestLogs } from '../db/schema';
import { RequestLogBuffer } from '../domain/request-logs/buffer';
import { BODY_LIMIT, redactBody } from '../domain/request-logs/redact';
import { makeTeam } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { runMaintenance } from '../workers/maintenance';

let t: TestApp;
let team: Awaited<ReturnType<typeof makeTeam>>;
let key: string;

beforeAll(async () => {
  t = await createTestApp();
  team = await makeTeam(t);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/projects/${team.project.id}/api-keys`,
    headers: team.owner.auth,
    payload: { name: 'Reporting', mode: 'write' },
  });
  key = res.json().secret;
});
afterAll(() => t.close());

const rowsOf = async () => {
  await t.app.requestLogs?.flush();
  return t.ctx.database.db.select().from(requestLogs).where(eq(requestLogs.projectId, team.project.id));
};

describe('request logs', () => {
  it('logs API-key requests with route, status and key; not console (ID token) requests', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: `/api/v1/projects/${team.project.id}/webhooks`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(ok.statusCode).toBe(200);
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/projects/${team.project.id}/webhooks`,
      headers: team.owner.auth,
    });
    const rows = await rowsOf();
    const row = rows.find((r) => r.requestId === ok.headers['x-request-id']);
    expect(row).toMatchObject({
      method: 'GET',
      route: '/api/v1/projects/:project_id/webhooks',
      path: `/api/v1/projects/${team.project.id}/webhooks`,
      status: 200,
      keyPrefix: key.split('_').slice(0, 2).join('_'),
      requestBody: null,
      responseBody: null,
    });
    expect(row?.keyId).toMatch(/^key_/);
    expect(row?.id).toMatch(/^req_/);
    expect(rows).toHaveLength(1);
  });

  it('keeps redacted bodies of failures and logs refused keys', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${team.project.id}/webhooks`,
      headers: { authorization: `Bearer ${key}`, 'idempotency-key': 'idem-1' },
      payload: { url: 'not a url', secret: 'hunter2', note: 'card 4242 4242 4242 4242' },
    });
    expect(bad.statusCode).toBe(400);
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/v1/projects/${team.project.id}/webhooks`,
      headers: { authorization: 'Bearer sl_AAAAAAAA_wrongwrongwrongwrongwrongwrong' },
    });
    expect(refused.statusCode).toBe(401);
    const rows = await rowsOf();
    const failed = rows.find((r) => r.requestId === bad.headers['x-request-id']);
    expect(failed?.idempotencyKey).toBe('idem-1');
    expect(failed?.requestBody).toEqual({ url: 'not a url', secret: '[redacted]', note: 'card [redacted]' });
    expect(failed?.responseBody).toMatchObject({ status: 400 });
    const denied = rows.find((r) => r.requestId === refused.headers['x-request-id']);
    expect(denied).toMatchObject({ status: 401, keyPrefix: 'sl_AAAAAAAA', keyId: null });
  });

  it('GET …/request-logs lists and filters for admins and owner; members and keys are refused', async () => {
    await t.app.requestLogs?.flush();
    const base = `/api/v1/projects/${team.project.id}/request-logs`;
    const all = await t.app.inject({ method: 'GET', url: base, headers: team.admin.auth });
    expect(all.statusCode).toBe(200);
    const page = all.json() as {
      data: { id: string; status: number; key: { name: string | null } | null }[];
    };
    expect(page.data.map((r) => r.status).sort()).toEqual([200, 400, 401]);
    expect(page.data.find((r) => r.status === 200)?.key?.name).toBe('Reporting');
    const failed = await t.app.inject({
      method: 'GET',
      url: `${base}?status[gte]=400&method[equals]=POST`,
      headers: team.owner.auth,
    });
    expect(failed.json().data).toHaveLength(1);
    const one = await t.app.inject({
      method: 'GET',
      url: `${base}/${failed.json().data[0].id}`,
      headers: team.owner.auth,
    });
    expect(one.json()).toMatchObject({ status: 400, request_body: { secret: '[redacted]' } });
    const missing = await t.app.inject({ method: 'GET', url: `${base}/req_nope`, headers: team.owner.auth });
    expect(missing.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: base, headers: team.member.auth })).statusCode).toBe(
      403,
    );
    const byKey = await t.app.inject({
      method: 'GET',
      url: base,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(byKey.statusCode).toBe(403);
    const outsider = await t.app.inject({ method: 'GET', url: base, headers: team.outsider.auth });
    expect([403, 404]).toContain(outsider.statusCode);
  });

  it('the OpenAPI document names both routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(doc.paths['/api/v1/projects/{project_id}/request-logs']?.get).toBeDefined();
    expect(doc.paths['/api/v1/projects/{project_id}/request-logs/{log_id}']?.get).toBeDefined();
  });

  it('cuts bodies to 8 KiB', () => {
    const cut = redactBody(JSON.stringify({ text: 'x'.repeat(20_000) }));
    expect(typeof cut).toBe('string');
    expect(Buffer.byteLength(cut as string)).toBeLessThanOrEqual(BODY_LIMIT + 3);
  });

  it('drops and counts rows beyond capacity, never blocking', async () => {
    const buffer = new RequestLogBuffer(t.ctx.database.db, () => {}, { capacity: 2, flushEveryMs: 60_000 });
    const row = (n: number) => ({
      id: `req_cap${n}`,
      method: 'GET',
      path: '/x',
      status: 200,
      durationMs: 1,
      requestId: `r${n}`,
    });
    for (let n = 0; n < 5; n++) buffer.push(row(n));
    expect(buffer.pending).toBe(2);
    expect(buffer.dropped).toBe(3);
    await buffer.close();
    expect(buffer.pending).toBe(0);
  });

  it('keeps rows for RETENTION_REQUEST_LOGS_DAYS, then drops their whole month', async () => {
    await t.app.requestLogs?.flush();
    const kept = (await rowsOf()).length;
    expect(kept).toBeGreaterThan(0);
    const days = (n: number) => new Date(Date.now() + n * 24 * 60 * 60 * 1000);
    await runMaintenance(t.ctx, days(8));
    expect(await rowsOf()).toHaveLength(kept);
    // 70 days on, this month ended more than 30 days ago: its partition goes, rows and all.
    const done = await runMaintenance(t.ctx, days(70));
    expect(done.some((line) => line.startsWith('dropped partition request_logs_p'))).toBe(true);
    expect(await rowsOf()).toHaveLength(0);
  });
});
