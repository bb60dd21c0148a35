import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTeam } from '../../../apps/server/src/test/factories';
import { createTestApp, type TestApp } from '../../../apps/server/src/test/harness';
import { payAsShopper } from '../../../apps/server/src/test/pay-as-shopper';
import { apiKeyFor, createTerminalVia } from '../../../apps/server/src/test/terminal-fixtures';
import { startReceiver, type WebhookReceiver } from '../../../apps/server/src/test/webhook-receiver';
import { createClient, ScanlineApiError, verifyWebhook, WebhookVerificationError } from './index';

type Team = Awaited<ReturnType<typeof makeTeam>>;

interface Proxied {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
}

/**
 * A local reverse proxy in front of the server that can lose answers: `lose(n)` makes the next
 * n requests reach the server but answers them 502 itself, as a load balancer whose upstream
 * connection broke after the work was done. That is the case a retry must not double.
 */
async function startFlakyProxy(target: string) {
  const seen: Proxied[] = [];
  let toLose = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const key = req.headers['idempotency-key'];
      seen.push({
        method: req.method!,
        path: req.url!,
        idempotencyKey: typeof key === 'string' ? key : undefined,
      });
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(
          ([name]) => !['host', 'connection', 'content-length'].includes(name),
        ),
      ) as Record<string, string>;
      const upstream = await fetch(`${target}${req.url}`, {
        method: req.method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      });
      const body = Buffer.from(await upstream.arrayBuffer());
      if (toLose > 0) {
        toLose -= 1;
        res.writeHead(502, { 'content-type': 'text/plain' }).end('bad gateway');
        return;
      }
      const out: Record<string, string> = {};
      upstream.headers.forEach((value, name) => {
        if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name)) {
          out[name] = value;
        }
      });
      res.writeHead(upstream.status, out).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    lose(n: number) {
      toLose = n;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('@scanline/client against a running server', () => {
  let t: TestApp;
  let team: Team;
  let terminalId: string;
  let apiKey: string;
  let receiver: WebhookReceiver;
  let proxy: Awaited<ReturnType<typeof startFlakyProxy>>;

  beforeAll(async () => {
    t = await createTestApp({ listen: true, env: { WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32' } });
    team = await makeTeam(t);
    terminalId = (await createTerminalVia(t, team, { label: 'Till 1' })).id;
    apiKey = (await apiKeyFor(t, team, 'write')).authorization.replace('Bearer ', '');
    receiver = await startReceiver();
    proxy = await startFlakyProxy(t.origin);
  });
  afterAll(async () => {
    await proxy.close();
    await receiver.close();
    await t.close();
  });

  const client = () => createClient({ baseUrl: t.origin, apiKey, retry: { baseDelayMs: 5 } });
  const createTransaction = (amount: number, c = client()) =>
    c.POST('/terminal/v1/transactions', {
      body: { amount, currency: 'USD', terminal_id: terminalId, reference: `order-${amount}` },
    });

  it('creates a transaction with the API key and an Idempotency-Key it adds itself', async () => {
    const { data, error, response } = await createTransaction(1250);
    expect(error).toBeUndefined();
    expect(response.status).toBe(201);
    expect(data).toMatchObject({ status: 'pending', amount: 1250, currency: 'USD', terminal_id: terminalId });
    expect(data!.id).toMatch(/^txn_/);
    const read = await client().GET('/terminal/v1/transactions/{transaction_id}', {
      params: { path: { transaction_id: data!.id } },
    });
    expect(read.data).toEqual(data);
  });

  it('answers a refusal as the problem, and a bad key is 401', async () => {
    const bad = await createClient({ baseUrl: t.origin, apiKey: 'sl_nope' }).GET(
      '/api/v1/projects/{project_id}/transactions',
      { params: { path: { project_id: team.project.id } } },
    );
    expect(bad.response.status).toBe(401);
    expect(bad.error).toMatchObject({ status: 401 });
    const invalid = await client().POST('/terminal/v1/transactions', {
      body: { amount: -5, currency: 'USD', terminal_id: terminalId },
    });
    expect(invalid.response.status).toBe(400);
    expect(invalid.error).toMatchObject({ code: 'validation_failed' });
  });

  it('iterates a list across pages by cursor', async () => {
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await createTransaction(2000 + i)).data!.id);
    const pages: string[] = [];
    const counting = createClient({
      baseUrl: t.origin,
      apiKey,
      fetch: (request) => {
        pages.push(new URL(request.url).search);
        return fetch(request);
      },
    });
    const seen: string[] = [];
    for await (const tx of counting.list('/api/v1/projects/{project_id}/transactions', {
      params: { path: { project_id: team.project.id }, query: { limit: 2 } },
    })) {
      seen.push(tx.id);
    }
    // The project's six transactions (one from the first test), newest first, two per page.
    expect(seen).toHaveLength(6);
    expect(new Set(seen).size).toBe(6);
    expect(seen.slice(0, 5)).toEqual([...made].reverse());
    expect(pages).toHaveLength(3);
    expect(pages[0]).toBe('?limit=2');
    expect(pages[1]).toMatch(/^\?limit=2&starting_after=txn_/);

    // Stopping early fetches no further page.
    pages.length = 0;
    for await (const _ of counting.list('/api/v1/projects/{project_id}/transactions', {
      params: { path: { project_id: team.project.id }, query: { limit: 2 } },
    })) {
      break;
    }
    expect(pages).toHaveLength(1);
  });

  it('throws the problem when a page is refused', async () => {
    const iterate = async () => {
      for await (const _ of client().list('/api/v1/projects/{project_id}/transactions', {
        params: { path: { project_id: 'prj_unknown' } },
      })) {
        // never reached
      }
    };
    const error = await iterate().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScanlineApiError);
    expect((error as ScanlineApiError).status).toBe(404);
    expect((error as ScanlineApiError).code).toBe('not_found');
  });

  it('retries a lost create with the same Idempotency-Key: one transaction, the first answer replayed', async () => {
    const viaProxy = createClient({ baseUrl: proxy.url, apiKey, retry: { baseDelayMs: 5 } });
    proxy.seen.length = 0;
    proxy.lose(2);
    const { data, response } = await createTransaction(3100, viaProxy);
    expect(response.status).toBe(201);
    expect(response.headers.get('idempotent-replayed')).toBe('true');
    expect(proxy.seen).toHaveLength(3);
    const keys = new Set(proxy.seen.map((s) => s.idempotencyKey));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[0-9a-f-]{36}$/);
    const same = [];
    for await (const tx of client().list('/api/v1/projects/{project_id}/transactions', {
      params: { path: { project_id: team.project.id }, query: { limit: 100 } },
    })) {
      if (tx.reference === 'order-3100') same.push(tx.id);
    }
    expect(same).toEqual([data!.id]);

    // Two creates get two keys.
    proxy.seen.length = 0;
    await createTransaction(3101, viaProxy);
    await createTransaction(3102, viaProxy);
    expect(new Set(proxy.seen.map((s) => s.idempotencyKey)).size).toBe(2);
  });

  it('gives up after its retries, and never repeats a POST the server does not deduplicate', async () => {
    const viaProxy = createClient({ baseUrl: proxy.url, apiKey, retry: { retries: 2, baseDelayMs: 5 } });
    proxy.seen.length = 0;
    proxy.lose(10);
    const lost = await createTransaction(3200, viaProxy);
    expect(lost.response.status).toBe(502);
    expect(proxy.seen).toHaveLength(3);

    // A cancel carries a key too, but the server ignores it: sent once, whatever the answer.
    proxy.lose(0);
    const { data: open } = await createTransaction(3300);
    proxy.seen.length = 0;
    proxy.lose(1);
    const cancel = await viaProxy.POST('/terminal/v1/transactions/{transaction_id}/cancel', {
      params: { path: { transaction_id: open!.id } },
    });
    expect(cancel.response.status).toBe(502);
    expect(proxy.seen).toHaveLength(1);
    expect(proxy.seen[0]!.idempotencyKey).toBeDefined();

    // A refund is deduplicated on its key: repeated, and refunded once.
    proxy.lose(0);
    const { data: txn } = await createTransaction(3400);
    expect((await payAsShopper(t.app, txn!.payment_url)).json().status).toBe('succeeded');
    proxy.seen.length = 0;
    proxy.lose(1);
    const refund = await viaProxy.POST(
      '/api/v1/projects/{project_id}/transactions/{transaction_id}/refunds',
      {
        params: { path: { project_id: team.project.id, transaction_id: txn!.id } },
        body: { amount: 100 },
      },
    );
    expect(refund.response.status).toBe(201);
    expect(proxy.seen).toHaveLength(2);
    expect(new Set(proxy.seen.map((s) => s.idempotencyKey)).size).toBe(1);
    expect(refund.data!.amount).toBe(100);

    // Reads are repeated.
    proxy.seen.length = 0;
    proxy.lose(1);
    const read = await viaProxy.GET('/terminal/v1/transactions/{transaction_id}', {
      params: { path: { transaction_id: txn!.id } },
    });
    expect(read.response.status).toBe(200);
    expect(proxy.seen).toHaveLength(2);
  });

  it('retries a network error', async () => {
    let calls = 0;
    const c = createClient({
      baseUrl: t.origin,
      apiKey,
      retry: { baseDelayMs: 5 },
      fetch: (request) => {
        calls += 1;
        return calls === 1 ? Promise.reject(new TypeError('fetch failed')) : fetch(request);
      },
    });
    const { response } = await createTransaction(3400, c);
    expect(response.status).toBe(201);
    expect(calls).toBe(2);
  });

  it('verifies a real delivery from the server, and refuses a tampered one', async () => {
    const admin = createClient({ baseUrl: t.origin, apiKey });
    const created = await admin.POST('/api/v1/projects/{project_id}/webhooks', {
      params: { path: { project_id: team.project.id } },
      body: { url: receiver.url, event_types: ['transaction.created'] },
    });
    expect(created.response.status).toBe(201);
    const secret = created.data!.secret;
    expect(secret).toMatch(/^whsec_/);
    const { data: txn } = await createTransaction(4200);
    await t.webhookDispatcher().drain();
    const delivery = receiver.received.find((r) => r.body.includes(txn!.id));
    expect(delivery).toBeDefined();

    const event = verifyWebhook<{ id: string; amount: number }>(secret, delivery!.headers, delivery!.body);
    expect(event.type).toBe('transaction.created');
    expect(event.data).toMatchObject({ id: txn!.id, amount: 4200 });
    // The same from bytes and a fetch Headers.
    const headers = new Headers(delivery!.headers as Record<string, string>);
    expect(verifyWebhook(secret, headers, Buffer.from(delivery!.body)).type).toBe('transaction.created');

    const tampered = delivery!.body.replace('4200', '4201');
    expect(tampered).not.toBe(delivery!.body);
    expect(() => verifyWebhook(secret, delivery!.headers, tampered)).toThrow(WebhookVerificationError);
    const otherSecret = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;
    expect(() => verifyWebhook(otherSecret, delivery!.headers, delivery!.body)).toThrow(
      WebhookVerificationError,
    );
    expect(() =>
      verifyWebhook(secret, { ...delivery!.headers, 'webhook-signature': undefined }, delivery!.body),
    ).toThrow(WebhookVerificationError);
  });
});
