import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '../../../domain/events/record-event';
import { makeTeam } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { startReceiver, type WebhookReceiver } from '../../../test/webhook-receiver';

type Team = Awaited<ReturnType<typeof makeTeam>>;

let t: TestApp;
let team: Team;
let other: Team;
let receiver: WebhookReceiver;
let webhookId: string;
let deliveryId: string;
let eventId: string;

const call = (method: string, url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method: method as 'GET', url, headers, payload: payload as never });

async function apiKey(owner: Team['owner'], projectId: string, mode: 'read' | 'write') {
  const res = await call('POST', `/api/v1/projects/${projectId}/api-keys`, owner.auth, { name: 'k', mode });
  return { authorization: `Bearer ${res.json().secret}` };
}

beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32' } });
  team = await makeTeam(t);
  other = await makeTeam(t);
  receiver = await startReceiver();
  const res = await call('POST', `/api/v1/projects/${team.project.id}/webhooks`, team.admin.auth, {
    url: receiver.url,
    description: 'Orders service',
    event_types: ['transaction.succeeded', 'webhook.test'],
  });
  expect(res.statusCode).toBe(201);
  webhookId = res.json().id;
  const event = await t.ctx.database.db.transaction((tx) =>
    recordEvent(tx, {
      projectId: team.project.id,
      type: 'transaction.succeeded',
      objectId: 'txn_route_test',
      data: { id: 'txn_route_test', amount: 1250, reference: 'needle-42' },
      now: t.ctx.now(),
    }),
  );
  eventId = event.id;
  receiver.respond = () => ({ status: 500, body: 'boom' });
  await t.webhookDispatcher().drain();
  // Its retry waits until a test resends it, however slow the machine is.
  await t.ctx.database.db.execute(
    sql`update webhook_deliveries set next_attempt_at = now() + interval '1 day' where event_id = ${eventId}`,
  );
  const list = await call(
    'GET',
    `/api/v1/projects/${team.project.id}/webhooks/${webhookId}/deliveries`,
    team.member.auth,
  );
  deliveryId = list.json().data[0].id;
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

describe('webhook endpoints', () => {
  it('creates with a whsec_ secret shown once, lists with health, refuses bad URLs', async () => {
    const res = await call('POST', `/api/v1/projects/${team.project.id}/webhooks`, team.owner.auth, {
      url: receiver.url,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      id: expect.stringMatching(/^whk_/),
      event_types: [],
      enabled: true,
      description: null,
    });
    expect(body.secret).toMatch(/^whsec_/);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = await call('GET', `/api/v1/projects/${team.project.id}/webhooks`, team.member.auth);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((w: { id: string }) => w.id)).toContain(body.id);
    expect(JSON.stringify(list.json())).not.toContain('whsec_');
    const mine = list.json().data.find((w: { id: string }) => w.id === webhookId);
    expect(mine.health).toMatchObject({ attempts_24h: 1, success_rate_24h: 0 });
    expect(mine.health.last_failure_at).not.toBeNull();

    for (const url of [
      'ftp://example.com/x',
      'not a url',
      'http://user:pw@example.com/',
      'http://127.0.0.2/x',
      'http://10.0.0.1/',
      'http://[::1]/',
    ]) {
      const bad = await call('POST', `/api/v1/projects/${team.project.id}/webhooks`, team.owner.auth, {
        url,
      });
      expect(bad.statusCode, url).toBe(400);
    }
    const unknownType = await call('POST', `/api/v1/projects/${team.project.id}/webhooks`, team.owner.auth, {
      url: receiver.url,
      event_types: ['nope'],
    });
    expect(unknownType.statusCode).toBe(400);
    const extra = await call('POST', `/api/v1/projects/${team.project.id}/webhooks`, team.owner.auth, {
      url: receiver.url,
      secret: 'mine',
    });
    expect(extra.statusCode).toBe(400);
  });

  it('edits, disables and deletes; the secret is for admins; rotation keeps the old one 24 h', async () => {
    const created = (
      await call('POST', `/api/v1/projects/${team.project.id}/webhooks`, team.admin.auth, {
        url: receiver.url,
      })
    ).json();
    const base = `/api/v1/projects/${team.project.id}/webhooks/${created.id}`;
    const patched = await call('PATCH', base, team.admin.auth, {
      description: 'Edited',
      enabled: false,
      event_types: ['member.added'],
    });
    expect(patched.json()).toMatchObject({
      description: 'Edited',
      enabled: false,
      event_types: ['member.added'],
    });
    expect((await call('GET', `${base}/secret`, team.member.auth)).statusCode).toBe(403);
    const secret = await call('GET', `${base}/secret`, team.admin.auth);
    expect(secret.json()).toEqual({ secret: created.secret, previous_secret_expires_at: null });
    const rotated = await call('POST', `${base}/rotate-secret`, team.admin.auth);
    expect(rotated.json().secret).not.toBe(created.secret);
    expect(Date.parse(rotated.json().previous_secret_expires_at) - t.ctx.now().getTime()).toBeGreaterThan(
      23.9 * 3600e3,
    );
    expect((await call('GET', base, team.member.auth)).json().previous_secret_expires_at).not.toBeNull();
    expect((await call('DELETE', base, team.member.auth)).statusCode).toBe(403);
    expect((await call('DELETE', base, team.admin.auth)).statusCode).toBe(204);
    expect((await call('GET', base, team.admin.auth)).statusCode).toBe(404);
  });

  it('lists the event catalogue with a JSON schema and an example per type', async () => {
    const res = await call('GET', '/api/v1/event-types', team.member.auth);
    expect(res.statusCode).toBe(200);
    const types = res.json().data as {
      type: string;
      schema: { properties: object };
      example: { type: string };
    }[];
    expect(types.map((x) => x.type)).toEqual(
      expect.arrayContaining(['transaction.succeeded', 'member.added', 'webhook.test']),
    );
    for (const x of types) {
      expect(x.schema.properties).toHaveProperty('data');
      expect(x.example.type).toBe(x.type);
    }
  });
});

describe('deliveries', () => {
  const base = () => `/api/v1/projects/${team.project.id}/webhooks/${webhookId}`;

  it('lists with server-side filters and keyset pages', async () => {
    const q = (query: string) => call('GET', `${base()}/deliveries?${query}`, team.member.auth);
    const all = await q('');
    expect(all.json().data).toHaveLength(1);
    expect(all.json().data[0]).toMatchObject({
      event_id: eventId,
      event_type: 'transaction.succeeded',
      status: 'pending',
      attempt_count: 1,
      response_status: 500,
    });
    expect(all.json().data[0].next_attempt_at).not.toBeNull();
    expect((await q('status[equals]=pending')).json().data).toHaveLength(1);
    expect((await q('status[equals]=succeeded')).json().data).toHaveLength(0);
    expect((await q('response_status[gte]=500')).json().data).toHaveLength(1);
    expect((await q(`event_id[equals]=${eventId}`)).json().data).toHaveLength(1);
    expect((await q('event_type[startsWith]=member')).json().data).toHaveLength(0);
    expect((await q('body[contains]=needle-42')).json().data).toHaveLength(1);
    expect((await q('body[contains]=haystack')).json().data).toHaveLength(0);
    expect((await q('status[equals]=bogus')).statusCode).toBe(400);
    expect((await q('body[gt]=1')).statusCode).toBe(400);
    expect((await q('nope[equals]=1')).statusCode).toBe(400);
    // Several test sends, paged two at a time.
    receiver.respond = () => ({ status: 200, body: 'ok' });
    for (let i = 0; i < 3; i++) await call('POST', `${base()}/test`, team.admin.auth);
    await t.webhookDispatcher().drain();
    const seen = new Set<string>();
    let cursor: string | null = null;
    do {
      const page = await q(`limit=2${cursor ? `&starting_after=${cursor}` : ''}`);
      for (const d of page.json().data) seen.add(d.id);
      cursor = page.json().next_cursor;
    } while (cursor);
    expect(seen.size).toBe(4);
    expect((await q('event_type[equals]=webhook.test&status[equals]=succeeded')).json().data).toHaveLength(3);
  });

  it('shows a delivery with its attempts (request and response captured, body cut at 8 KiB)', async () => {
    receiver.respond = () => ({ status: 503, body: 'x'.repeat(20_000), headers: { 'x-receiver': 'r1' } });
    await call(
      'POST',
      `/api/v1/projects/${team.project.id}/deliveries/${deliveryId}/resend`,
      team.admin.auth,
    );
    await t.webhookDispatcher().drain();
    const res = await call('GET', `${base()}/deliveries/${deliveryId}`, team.member.auth);
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.attempts).toHaveLength(2);
    expect(d.payload).toMatchObject({ type: 'transaction.succeeded', data: { id: 'txn_route_test' } });
    const last = d.attempts[1];
    expect(last.request.url).toBe(receiver.url);
    expect(last.request.headers['webhook-id']).toBe(eventId);
    expect(last.request.headers['user-agent']).toMatch(/Scanline/);
    expect(JSON.parse(last.request.body)).toEqual(d.payload);
    expect(last.response.status).toBe(503);
    expect(last.response.headers['x-receiver']).toBe('r1');
    expect(last.response.body).toHaveLength(8192);
    expect(JSON.stringify(d)).not.toContain('whsec_');
  });

  it('resends one and recovers every failed delivery since a time', async () => {
    await t.ctx.database.db.execute(
      `update webhook_deliveries set status = 'failed', next_attempt_at = null where id = '${deliveryId}'` as never,
    );
    receiver.respond = () => ({ status: 204 });
    const recovered = await call('POST', `${base()}/recover`, team.admin.auth, {
      since: new Date(t.ctx.now().getTime() - 3600e3).toISOString(),
    });
    expect(recovered.statusCode).toBe(202);
    expect(recovered.json()).toEqual({ requeued: 1 });
    await t.webhookDispatcher().drain();
    const d = (await call('GET', `${base()}/deliveries/${deliveryId}`, team.member.auth)).json();
    expect(d.status).toBe('succeeded');
    expect(d.attempts).toHaveLength(3);
    expect(
      (await call('POST', `${base()}/recover`, team.admin.auth, { since: 'yesterday' })).statusCode,
    ).toBe(400);
    const resend = await call(
      'POST',
      `/api/v1/projects/${team.project.id}/deliveries/${deliveryId}/resend`,
      team.member.auth,
    );
    expect(resend.statusCode).toBe(403);
  });

  it("lists the deliveries of an event and of an object's events", async () => {
    const byEvent = await call(
      'GET',
      `/api/v1/projects/${team.project.id}/events/${eventId}/deliveries`,
      team.member.auth,
    );
    expect(byEvent.json().data.map((d: { id: string }) => d.id)).toEqual([deliveryId]);
    const unknown = await call(
      'GET',
      `/api/v1/projects/${team.project.id}/events/evt_unknown/deliveries`,
      team.member.auth,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('not_found');
    const byObject = await call(
      'GET',
      `/api/v1/projects/${team.project.id}/deliveries?object_id=txn_route_test`,
      team.member.auth,
    );
    expect(byObject.json().data.map((d: { id: string }) => d.id)).toEqual([deliveryId]);
  });
});

describe('tenancy and roles', () => {
  const routes = () => {
    const p = team.project.id;
    const w = `/api/v1/projects/${p}/webhooks/${webhookId}`;
    return [
      { method: 'GET', url: `/api/v1/projects/${p}/webhooks`, read: true },
      { method: 'POST', url: `/api/v1/projects/${p}/webhooks`, payload: { url: receiver.url } },
      { method: 'GET', url: w, read: true },
      { method: 'PATCH', url: w, payload: { description: 'x' } },
      { method: 'GET', url: `${w}/secret`, secret: true },
      { method: 'POST', url: `${w}/rotate-secret`, secret: true },
      { method: 'POST', url: `${w}/test` },
      { method: 'GET', url: `${w}/deliveries`, read: true },
      { method: 'GET', url: `${w}/deliveries/${deliveryId}`, read: true },
      { method: 'POST', url: `/api/v1/projects/${p}/deliveries/${deliveryId}/resend` },
      { method: 'POST', url: `${w}/recover`, payload: { since: '2026-01-01T00:00:00Z' } },
      { method: 'GET', url: `/api/v1/projects/${p}/events/${eventId}/deliveries`, read: true },
      { method: 'GET', url: `/api/v1/projects/${p}/deliveries?object_id=txn_route_test`, read: true },
    ] as { method: string; url: string; payload?: unknown; read?: boolean; secret?: boolean }[];
  };

  it('outsiders and other projects get 404; members only read; read keys only read', async () => {
    const readKey = await apiKey(team.owner, team.project.id, 'read');
    const writeKey = await apiKey(team.owner, team.project.id, 'write');
    const otherKey = await apiKey(other.owner, other.project.id, 'write');
    for (const r of routes()) {
      const name = `${r.method} ${r.url}`;
      expect((await call(r.method, r.url, team.outsider.auth, r.payload)).statusCode, name).toBe(404);
      expect((await call(r.method, r.url, other.owner.auth, r.payload)).statusCode, name).toBe(404);
      expect((await call(r.method, r.url, otherKey, r.payload)).statusCode, name).toBe(404);
      const member = await call(r.method, r.url, team.member.auth, r.payload);
      expect(member.statusCode, name).toBe(r.read ? 200 : 403);
      const read = await call(r.method, r.url, readKey, r.payload);
      expect(read.statusCode, name).toBe(r.read ? 200 : 403);
      const write = await call(r.method, r.url, writeKey, r.payload);
      expect(write.statusCode, name).toBeLessThan(300);
    }
    // Another project's endpoint through this project's URL: 404.
    const foreign = (
      await call('POST', `/api/v1/projects/${other.project.id}/webhooks`, other.owner.auth, {
        url: receiver.url,
      })
    ).json();
    const cross = await call(
      'GET',
      `/api/v1/projects/${team.project.id}/webhooks/${foreign.id}`,
      team.owner.auth,
    );
    expect(cross.statusCode).toBe(404);
    const crossDeliveries = await call(
      'GET',
      `/api/v1/projects/${team.project.id}/webhooks/${foreign.id}/deliveries`,
      team.owner.auth,
    );
    expect(crossDeliveries.statusCode).toBe(404);
  });
});

describe('member events', () => {
  it('removing a member records member.removed (the member as the API presents it) for the webhooks', async () => {
    const mate = await makeTeam(t);
    const res = await call(
      'DELETE',
      `/api/v1/projects/${mate.project.id}/members/${mate.member.user.uid}`,
      mate.admin.auth,
    );
    expect(res.statusCode).toBe(204);
    const rows = await t.ctx.database.db.execute(
      sql`select type, object_id, data from events where project_id = ${mate.project.id} and type = 'member.removed'`,
    );
    const [row] = (rows as unknown as { rows: { object_id: string; data: Record<string, unknown> }[] }).rows;
    expect(row!.object_id).toBe(mate.member.user.uid);
    expect(row!.data).toMatchObject({
      user_id: mate.member.user.uid,
      role: 'member',
      display_name: 'Mia Member',
    });
  });
});
