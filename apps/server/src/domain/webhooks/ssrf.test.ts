import dns from 'node:dns/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { parseCidrs, refusalFor, urlRefusal } from '../../platform/http/outbound-guard';
import { newId } from '../../platform/ids';
import { makeTeam } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { startReceiver, type WebhookReceiver } from '../../test/webhook-receiver';
import { recordEvent } from '../events/record-event';

// The SSRF suite. Tests allow 127.0.0.1/32 and listen there; 127.0.0.2 — which the
// guard must refuse in every spelling — has a listener too, which must never see a connection.

type Team = Awaited<ReturnType<typeof makeTeam>>;
let t: TestApp;
let team: Team;
let allowed: WebhookReceiver;
let forbidden: WebhookReceiver;

beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32' } });
  team = await makeTeam(t);
  allowed = await startReceiver('127.0.0.1');
  forbidden = await startReceiver('127.0.0.2');
});
afterAll(async () => {
  await allowed.close();
  await forbidden.close();
  await t.close();
});

const spellings = (port: number) => [
  `http://127.0.0.2:${port}/`,
  `http://2130706434:${port}/`,
  `http://0x7f000002:${port}/`,
  `http://017700000002:${port}/`,
  `http://127.2:${port}/`,
  `http://0177.0.0.2:${port}/`,
  `http://127.000.000.002:${port}/`,
  `http://[::ffff:127.0.0.2]:${port}/`,
  `http://[::ffff:7f00:2]:${port}/`,
];

describe('address rules', () => {
  const policy = { allowed: parseCidrs([]), httpsOnly: true };
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    '::ffff:8.8.8.8',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
  ])('refuses %s', (address) => {
    expect(refusalFor(policy, address, 'https:')).not.toBeNull();
  });
  it('lets public https through, and http only outside production', () => {
    expect(refusalFor(policy, '93.184.216.34', 'https:')).toBeNull();
    expect(refusalFor(policy, '2606:4700::1111', 'https:')).toBeNull();
    expect(refusalFor(policy, '93.184.216.34', 'http:')).toMatch(/https/);
    expect(refusalFor({ ...policy, httpsOnly: false }, '93.184.216.34', 'http:')).toBeNull();
    expect(urlRefusal(policy, 'http://example.com/hook')).toBeNull(); // decided at connect time
    expect(urlRefusal(policy, 'http://93.184.216.34/hook')).toMatch(/https/);
    expect(urlRefusal(policy, 'https://localhost/hook')).not.toBeNull();
  });
  it('allowed ranges open private addresses, over http too, but never IPv4-mapped IPv6', () => {
    const open = { allowed: parseCidrs(['10.0.0.0/8', '127.0.0.1']), httpsOnly: true };
    expect(refusalFor(open, '10.9.8.7', 'http:')).toBeNull();
    expect(refusalFor(open, '127.0.0.1', 'http:')).toBeNull();
    expect(refusalFor(open, '127.0.0.2', 'http:')).not.toBeNull();
    expect(refusalFor(open, '::ffff:127.0.0.1', 'http:')).not.toBeNull();
    expect(() => parseCidrs(['10.0.0.0/33'])).toThrow();
    expect(() => parseCidrs(['nope'])).toThrow();
  });
});

describe('the dispatcher', () => {
  it('refuses 127.0.0.2 in every spelling when an endpoint is created', async () => {
    for (const url of spellings(forbidden.port)) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/projects/${team.project.id}/webhooks`,
        headers: team.admin.auth,
        payload: { url },
      });
      expect(res.statusCode, url).toBe(400);
    }
  });

  it('refuses them at connect time too (rows written past the API, and a name that resolves there), and the listener never sees a byte', async () => {
    const db = t.ctx.database.db;
    const now = t.ctx.now();
    const urls = [...spellings(forbidden.port), `http://rebind.test:${forbidden.port}/`];
    const ids: string[] = [];
    for (const url of urls) {
      const id = newId('whk');
      ids.push(id);
      await db.insert(webhookEndpoints).values({
        id,
        projectId: team.project.id,
        url,
        eventTypes: ['member.added'],
        secretEnc: (await db.select().from(webhookEndpoints).limit(1))[0]?.secretEnc ?? 'x',
        createdBy: 'test',
        createdAt: now,
        updatedAt: now,
      });
    }
    // The secret of any endpoint will do; create one through the API so there is one to copy.
    const real = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${team.project.id}/webhooks`,
      headers: team.admin.auth,
      payload: { url: allowed.url, event_types: ['member.added'] },
    });
    await db.update(webhookEndpoints).set({
      secretEnc: (await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, real.json().id)))[0]!
        .secretEnc,
    });
    t.advance(1000);
    await db.transaction((tx) =>
      recordEvent(tx, { projectId: team.project.id, type: 'member.added', data: {}, now: t.ctx.now() }),
    );
    // DNS rebinding: the name answers 127.0.0.2 when the connection is made.
    const lookup = async (host: string) =>
      host === 'rebind.test' ? [{ address: '127.0.0.2', family: 4 }] : dns.lookup(host, { all: true });
    await t.webhookDispatcher({ lookup }).drain();
    for (const id of ids) {
      const [delivery] = await db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, id));
      const [attempt] = await db
        .select()
        .from(webhookAttempts)
        .where(eq(webhookAttempts.deliveryId, delivery!.id));
      expect(attempt!.responseStatus).toBeNull();
      expect(attempt!.error).toMatch(/Refused/);
    }
    expect(allowed.received).toHaveLength(1);
    expect(forbidden.connections).toBe(0);
    expect(forbidden.received).toHaveLength(0);
  });

  it('does not follow a redirect from an allowed receiver to a refused address', async () => {
    allowed.received.length = 0;
    allowed.respond = () => ({ status: 307, headers: { location: `http://127.0.0.2:${forbidden.port}/` } });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${team.project.id}/webhooks`,
      headers: team.admin.auth,
      payload: { url: allowed.url, event_types: ['webhook.test'] },
    });
    const id = res.json().id;
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${team.project.id}/webhooks/${id}/test`,
      headers: team.admin.auth,
    });
    await t.webhookDispatcher().drain();
    const [delivery] = await t.ctx.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, id));
    expect(delivery).toMatchObject({ status: 'pending', responseStatus: 307, attemptCount: 1 });
    expect(allowed.received).toHaveLength(1);
    expect(forbidden.connections).toBe(0);
  });
});
