import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '../domain/events/record-event';
import { makeTeam } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { makeTerminal, makeTransaction } from '../test/payment-factories';
import { startReceiver, type WebhookReceiver } from '../test/webhook-receiver';

/** Prometheus text → { "name{labels}": value }. */
function parse(text: string) {
  const series = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    series.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return series;
}

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      listen: true,
      env: {
        METRICS_ALLOWED_CIDRS: '10.1.0.0/16',
        METRICS_TOKEN: 'scrape-token-0123456789',
        WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32',
      },
    });
    receiver = await startReceiver();
  });
  let receiver: WebhookReceiver;
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });
  const value = async (name: string, ...labels: string[]) => {
    const series = parse((await scrape('127.0.0.1')).body);
    let sum = 0;
    let found = false;
    for (const [k, v] of series)
      if ((k === name || k.startsWith(`${name}{`)) && labels.every((l) => k.includes(l))) {
        sum += v;
        found = true;
      }
    return found ? sum : null;
  };
  const scrape = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

  it('answers loopback, the allowed ranges and the token; anyone else gets a 404', async () => {
    expect((await scrape('127.0.0.1')).statusCode).toBe(200);
    expect((await scrape('10.1.2.3')).statusCode).toBe(200);
    expect(
      (await scrape('203.0.113.9', { authorization: 'Bearer scrape-token-0123456789' })).statusCode,
    ).toBe(200);
    const stranger = await scrape('203.0.113.9');
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain('http_request_duration_seconds');
    expect((await scrape('203.0.113.9', { authorization: 'Bearer wrong' })).statusCode).toBe(404);
  });

  it('times requests by route template, never by raw path, and counts terminals and the webhook queue', async () => {
    const team = await makeTeam(t);
    await makeTerminal(t.ctx.database.db, team.project.id);
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/projects/${team.project.id}`,
      headers: team.owner.auth,
    });
    const res = await scrape('127.0.0.1');
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const series = parse(res.body);
    const keys = [...series.keys()];
    expect(
      keys.some(
        (k) =>
          k.startsWith('http_request_duration_seconds_count{') &&
          k.includes('route="/api/v1/projects/:project_id"') &&
          k.includes('status_class="2xx"'),
      ),
    ).toBe(true);
    expect(keys.some((k) => k.includes(team.project.id))).toBe(false);
    expect(keys.some((k) => k.startsWith('scanline_terminals{') && k.includes('status="online"'))).toBe(true);
    expect(keys.some((k) => k.startsWith('scanline_webhook_deliveries_pending'))).toBe(true);
    expect(keys.some((k) => k.startsWith('process_cpu_user_seconds_total'))).toBe(true);
    expect(keys.every((k) => !k.includes('{') || k.includes('instance="'))).toBe(true);
  });

  it('counts payments, webhook attempts and open event streams, and measures the outbox lag', async () => {
    const team = await makeTeam(t);
    const terminal = await makeTerminal(t.ctx.database.db, team.project.id);
    const before =
      (await value('scanline_payments_total', 'outcome="succeeded"', 'provider="simulator"')) ?? 0;
    const txn = await makeTransaction(t.ctx.database.db, team.project.id, terminal.id);
    const scan = await t.app.inject({
      method: 'POST',
      url: '/mobile/v1/scans',
      payload: { token: txn.paymentToken },
    });
    await t.app.inject({
      method: 'POST',
      url: `/mobile/v1/scans/${scan.json().id}/payments`,
      payload: { payment_method: 'pm_card_visa' },
    });
    expect(await value('scanline_payments_total', 'outcome="succeeded"', 'provider="simulator"')).toBe(
      before + 1,
    );

    // An endpoint, an event waiting for fan-out (the outbox lag), then one delivery sent.
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${team.project.id}/webhooks`,
      headers: team.owner.auth,
      payload: { url: receiver.url },
    });
    expect(created.statusCode).toBe(201);
    await t.ctx.database.db.transaction((tx) =>
      recordEvent(tx, {
        projectId: team.project.id,
        type: 'transaction.succeeded',
        objectId: txn.id,
        data: { id: txn.id },
        now: new Date(),
      }),
    );
    expect(await value('scanline_outbox_lag_seconds')).not.toBeNull();
    const sent = (await value('scanline_webhook_attempts_total', 'result="success"')) ?? 0;
    await t.webhookDispatcher().drain();
    expect(receiver.received.length).toBeGreaterThan(0);
    expect(await value('scanline_webhook_attempts_total', 'result="success"')).toBeGreaterThan(sent);

    // The console's live stream is counted while it is open.
    const live = (await value('scanline_event_streams', 'kind="console_live"')) ?? 0;
    const abort = new AbortController();
    const res = await fetch(`${t.origin}/api/v1/projects/${team.project.id}/live`, {
      headers: team.owner.auth,
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    expect(await value('scanline_event_streams', 'kind="console_live"')).toBe(live + 1);
    abort.abort();
    await expect.poll(() => value('scanline_event_streams', 'kind="console_live"')).toBe(live);

    // PostgreSQL: this process's pool by state.
    if (t.ctx.database.kind === 'postgres') {
      expect(await value('scanline_db_pool_connections', 'pool="main"', 'state="idle"')).not.toBeNull();
    }
  });
});
