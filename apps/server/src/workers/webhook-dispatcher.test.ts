import { type CreateWebhook, WEBHOOK_RETRY_DELAYS_SECONDS } from '@scanline/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../db/schema';
import type { Actor } from '../domain/actor';
import { recordEvent } from '../domain/events/record-event';
import { createWebhook } from '../domain/webhooks/create-webhook';
import { makeTeam } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { startReceiver, type WebhookReceiver } from '../test/webhook-receiver';

type Team = Awaited<ReturnType<typeof makeTeam>>;

let t: TestApp;
let team: Team;
const receivers: WebhookReceiver[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32' } });
  team = await makeTeam(t);
});
afterAll(async () => {
  for (const r of receivers) await r.close();
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

async function receiver(host = '127.0.0.1') {
  const r = await startReceiver(host);
  receivers.push(r);
  return r;
}

/** Through the domain, not HTTP: tests move the clock past the ID tokens' hour. */
async function endpoint(url: string, body: Partial<CreateWebhook> = {}) {
  const admin: Actor = {
    kind: 'user',
    uid: team.admin.user.uid,
    email: team.admin.user.email,
    emailVerified: true,
    ip: null,
    secondFactor: false,
  };
  const { endpoint: row, secret } = await createWebhook(t.ctx, {
    actor: admin,
    projectId: team.project.id,
    input: { url, ...body },
  });
  return { id: row.id, secret };
}

const event = (type: 'transaction.succeeded' | 'member.added' = 'transaction.succeeded', data = {}) =>
  t.ctx.database.db.transaction((tx) =>
    recordEvent(tx, {
      projectId: team.project.id,
      type,
      objectId: 'txn_1',
      data: { id: 'txn_1', ...data },
      now: t.ctx.now(),
    }),
  );

const deliveriesOf = (endpointId: string) =>
  t.ctx.database.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(asc(webhookDeliveries.createdAt));
const attemptsOf = (deliveryId: string) =>
  t.ctx.database.db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, deliveryId))
    .orderBy(asc(webhookAttempts.startedAt));
const endpointRow = async (id: string) =>
  (await t.ctx.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0]!;

describe('signing (Standard Webhooks)', () => {
  it('a verifying receiver accepts every request before, during and after a secret rotation', async () => {
    const r = await receiver();
    const hook = await endpoint(r.url, { event_types: ['transaction.succeeded'] });
    let receiverSecret = hook.secret;
    const verdicts: boolean[] = [];
    r.respond = (req) => {
      try {
        new Webhook(receiverSecret).verify(req.body, req.headers as Record<string, string>);
        verdicts.push(true);
        return { status: 200 };
      } catch {
        verdicts.push(false);
        return { status: 401 };
      }
    };
    const dispatcher = t.webhookDispatcher();
    const sendOne = async () => {
      await event('transaction.succeeded');
      await dispatcher.drain();
    };
    await sendOne(); // before
    const rotated = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${team.project.id}/webhooks/${hook.id}/rotate-secret`,
      headers: team.admin.auth,
    });
    const newSecret = rotated.json().secret as string;
    await sendOne(); // during, receiver still on the old secret
    expect((r.received.at(-1)!.headers['webhook-signature'] as string).split(' ')).toHaveLength(2);
    receiverSecret = newSecret;
    await sendOne(); // during, receiver moved to the new secret
    // After the overlap: both clocks (ours and the receiver's) 25 hours on.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 25 * 3600e3);
    await sendOne();
    expect((r.received.at(-1)!.headers['webhook-signature'] as string).split(' ')).toHaveLength(1);
    expect(() =>
      new Webhook(hook.secret).verify(
        r.received.at(-1)!.body,
        r.received.at(-1)!.headers as Record<string, string>,
      ),
    ).toThrow();
    vi.useRealTimers();
    expect(verdicts).toEqual([true, true, true, true]);
    const first = r.received[0]!;
    expect(first.headers['user-agent']).toMatch(/Scanline/);
    expect(first.headers['content-type']).toBe('application/json');
    expect(first.headers['webhook-id']).toMatch(/^evt_/);
    expect(Object.keys(JSON.parse(first.body))).toEqual(['type', 'timestamp', 'data']);
  });

  it('sends the same webhook-id on every retry, only to subscribed endpoints, once per event', async () => {
    const r = await receiver();
    const hook = await endpoint(r.url, { event_types: ['member.added'] });
    let n = 0;
    r.respond = () => ({ status: ++n < 3 ? 500 : 200 });
    const e = await event('member.added');
    await event('transaction.succeeded'); // not subscribed
    const d = t.webhookDispatcher();
    await d.drain();
    await d.drain(); // a second pass creates nothing new
    for (let i = 0; i < 2; i++) {
      const [delivery] = await deliveriesOf(hook.id);
      t.advance(delivery!.nextAttemptAt!.getTime() - t.ctx.now().getTime() + 1);
      await d.drain();
    }
    expect(r.received.map((x) => x.headers['webhook-id'])).toEqual([e.id, e.id, e.id]);
    const all = await deliveriesOf(hook.id);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ status: 'succeeded', attemptCount: 3 });
  });
});

describe('retries (fake clock)', () => {
  it("attempts land on Svix's schedule ±10 %, then the delivery fails", async () => {
    const r = await receiver();
    r.respond = () => ({ status: 500 });
    const hook = await endpoint(r.url, { event_types: ['transaction.succeeded'] });
    const d = t.webhookDispatcher();
    await event();
    await d.drain();
    for (const [step, delaySeconds] of WEBHOOK_RETRY_DELAYS_SECONDS.entries()) {
      const [delivery] = await deliveriesOf(hook.id);
      expect(delivery!.status).toBe('pending');
      const planned = delivery!.nextAttemptAt!.getTime() - delivery!.lastAttemptAt!.getTime();
      expect(Math.abs(planned - delaySeconds * 1000)).toBeLessThanOrEqual(delaySeconds * 100);
      // Nothing goes early.
      t.advance(planned / 2);
      await d.drain();
      expect(r.received).toHaveLength(step + 1);
      t.advance(delivery!.nextAttemptAt!.getTime() - t.ctx.now().getTime());
      await d.drain();
    }
    const [delivery] = await deliveriesOf(hook.id);
    expect(delivery).toMatchObject({ status: 'failed', attemptCount: 8, nextAttemptAt: null });
    const attempts = await attemptsOf(delivery!.id);
    expect(attempts).toHaveLength(8);
    attempts.slice(1).forEach((a, i) => {
      const gap = a.startedAt.getTime() - attempts[i]!.startedAt.getTime();
      expect(Math.abs(gap - WEBHOOK_RETRY_DELAYS_SECONDS[i]! * 1000)).toBeLessThanOrEqual(
        WEBHOOK_RETRY_DELAYS_SECONDS[i]! * 100,
      );
    });
  });

  it('a 410 disables the endpoint and tells the admins', async () => {
    const r = await receiver();
    r.respond = () => ({ status: 410 });
    const hook = await endpoint(r.url, { event_types: ['transaction.succeeded'] });
    await event();
    await t.webhookDispatcher().drain();
    const [delivery] = await deliveriesOf(hook.id);
    expect(delivery).toMatchObject({ status: 'failed', attemptCount: 1 });
    expect(await endpointRow(hook.id)).toMatchObject({ enabled: false, disabledReason: 'gone' });
    // A disabled endpoint gets no new deliveries.
    await event();
    await t.webhookDispatcher().drain();
    expect(await deliveriesOf(hook.id)).toHaveLength(1);
    expect(r.received).toHaveLength(1);
  });

  it('Retry-After on 429 and 503 is honoured (seconds and HTTP dates)', async () => {
    const r = await receiver();
    const hook = await endpoint(r.url, { event_types: ['transaction.succeeded'] });
    const d = t.webhookDispatcher();
    r.respond = () => ({ status: 429, headers: { 'retry-after': '120' } });
    await event();
    await d.drain();
    let [delivery] = await deliveriesOf(hook.id);
    expect(delivery!.nextAttemptAt!.getTime() - delivery!.lastAttemptAt!.getTime()).toBeGreaterThanOrEqual(
      119_000,
    );
    expect(delivery!.nextAttemptAt!.getTime() - delivery!.lastAttemptAt!.getTime()).toBeLessThanOrEqual(
      121_000,
    );
    t.advance(60_000);
    await d.drain();
    expect(r.received).toHaveLength(1); // not at the schedule's 5 s
    r.respond = () => ({
      status: 503,
      headers: { 'retry-after': new Date(t.ctx.now().getTime() + 3600e3).toUTCString() },
    });
    t.advance(61_000);
    await d.drain();
    expect(r.received).toHaveLength(2);
    [delivery] = await deliveriesOf(hook.id);
    const wait = delivery!.nextAttemptAt!.getTime() - t.ctx.now().getTime();
    expect(wait).toBeGreaterThan(3590e3);
    expect(wait).toBeLessThan(3602e3);
  });

  it('an endpoint failing every delivery for 5 days is disabled and its admins emailed; a success resets the clock', async () => {
    const failing = await receiver();
    failing.respond = () => ({ status: 500 });
    const flaky = await receiver();
    const start = t.ctx.now().getTime();
    flaky.respond = () => ({
      status:
        t.ctx.now().getTime() - start > 3 * 86400e3 && t.ctx.now().getTime() - start < 3.3 * 86400e3
          ? 200
          : 500,
    });
    const a = await endpoint(failing.url, { event_types: ['member.added'] });
    const b = await endpoint(flaky.url, { event_types: ['member.added'] });
    const d = t.webhookDispatcher();
    // One event every 6 hours for 5.5 days; every retry that comes due is sent.
    for (let hour = 0; hour <= 132; hour += 6) {
      await event('member.added');
      await d.drain();
      if (hour < 120) expect((await endpointRow(a.id)).enabled, `hour ${hour}`).toBe(true);
      t.advance(6 * 3600e3);
    }
    await event('member.added');
    await d.drain();
    expect(await endpointRow(a.id)).toMatchObject({ enabled: false, disabledReason: 'failing' });
    expect((await endpointRow(b.id)).enabled).toBe(true);
    const mails = await t.ctx.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'webhook_disabled')));
    const forA = mails.filter((m) => m.text.includes(failing.url));
    expect(forA.map((m) => m.to).sort()).toEqual([team.owner.user.email, team.admin.user.email].sort());
    expect(mails.some((m) => m.text.includes(flaky.url))).toBe(false);
  });
});

describe('fairness', () => {
  it('a slow receiver cannot starve the others: sends are bounded per endpoint', async () => {
    const slow = await receiver();
    slow.respond = () => ({ status: 200, delayMs: 1000 });
    const fast = await receiver();
    const a = await endpoint(slow.url, { event_types: ['member.added'] });
    const b = await endpoint(fast.url, { event_types: ['member.added'] });
    for (let i = 0; i < 20; i++) await event('member.added');
    const d = t.webhookDispatcher({ concurrency: 8, perEndpoint: 2, pollMs: 100 });
    const started = Date.now();
    await d.start();
    while (fast.received.length < 20 && Date.now() - started < 15_000)
      await new Promise((r) => setTimeout(r, 10));
    // The slow endpoint needs 10 s for its 20 (two at a time); the fast one is not behind it.
    expect(fast.received).toHaveLength(20);
    expect(Date.now() - started).toBeLessThan(6000);
    expect(slow.received.length).toBeLessThan(20);
    expect(slow.maxInFlight).toBeLessThanOrEqual(2);
    await d.stop();
    // Leave nothing pending for the tests after this one.
    await t.ctx.database.db.delete(webhookEndpoints).where(inArray(webhookEndpoints.id, [a.id, b.id]));
  }, 30_000);
});
