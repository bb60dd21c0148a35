import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTeam } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { makeTerminal } from '../test/payment-factories';

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

describe('GET /metrics (issue 18 §1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { METRICS_ALLOWED_CIDRS: '10.1.0.0/16', METRICS_TOKEN: 'scrape-token-0123456789' },
    });
  });
  afterAll(() => t.close());
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
          k.includes('route="/api/v1/projects/:id"') &&
          k.includes('status_class="2xx"'),
      ),
    ).toBe(true);
    expect(keys.some((k) => k.includes(team.project.id))).toBe(false);
    expect(keys.some((k) => k.startsWith('scanline_terminals{') && k.includes('status="online"'))).toBe(true);
    expect(keys.some((k) => k.startsWith('scanline_webhook_deliveries_pending'))).toBe(true);
    expect(keys.some((k) => k.startsWith('process_cpu_user_seconds_total'))).toBe(true);
    expect(keys.every((k) => !k.includes('{') || k.includes('instance="'))).toBe(true);
  });
});
