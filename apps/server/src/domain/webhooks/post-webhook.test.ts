import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_RESPONSE_BODY_MAX_BYTES } from '@scanline/contracts';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/harness';
import { postWebhook } from './post-webhook';

let server: http.Server;
let base = '';
const agent = new Agent();
const seen: { url: string; body: string; headers: http.IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', body: Buffer.concat(chunks).toString(), headers: req.headers });
      if (req.url === '/big') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('x'.repeat(20_000));
      } else if (req.url === '/redirect') {
        res.writeHead(307, { location: '/elsewhere' });
        res.end();
      } else if (req.url === '/cut') {
        res.writeHead(200, { 'content-length': '100' });
        res.write('partial');
        setTimeout(() => res.destroy(), 20);
      } else {
        res.setHeader('x-seen', ['a', 'b']);
        res.writeHead(202, { 'Content-Type': 'application/json' });
        res.end('{"ok":true}');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await agent.close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('postWebhook', () => {
  it('sends the body and headers, and keeps status, headers (lower-case, repeats joined) and body', async () => {
    const result = await postWebhook(agent, {
      url: `${base}/hooks?x=1`,
      headers: { 'webhook-id': 'evt_1' },
      body: '{"a":1}',
    });
    expect(result).toEqual({
      status: 202,
      headers: expect.objectContaining({ 'content-type': 'application/json', 'x-seen': 'a, b' }),
      body: '{"ok":true}',
      error: null,
    });
    expect(seen.at(-1)).toMatchObject({ url: '/hooks?x=1', body: '{"a":1}' });
    expect(seen.at(-1)!.headers['webhook-id']).toBe('evt_1');
  });

  it('keeps only the first 8 KiB of an answer', async () => {
    const result = await postWebhook(agent, { url: `${base}/big`, headers: {}, body: '{}' });
    expect(result.status).toBe(200);
    expect(result.body).toHaveLength(WEBHOOK_RESPONSE_BODY_MAX_BYTES);
  });

  it('never follows a redirect: the 3xx is the answer', async () => {
    const before = seen.length;
    const result = await postWebhook(agent, { url: `${base}/redirect`, headers: {}, body: '{}' });
    expect(result.status).toBe(307);
    expect(seen.slice(before).map((s) => s.url)).toEqual(['/redirect']);
  });

  it('keeps the status of an answer whose body is cut off', async () => {
    const result = await postWebhook(agent, { url: `${base}/cut`, headers: {}, body: '{}' });
    expect(result).toMatchObject({ status: 200, body: 'partial', error: null });
  });

  it('reports a refused connection as an error without a status', async () => {
    const port = await freePort();
    const result = await postWebhook(agent, {
      url: `http://127.0.0.1:${port}/hooks`,
      headers: {},
      body: '{}',
    });
    expect(result.status).toBeNull();
    expect(result.error).toMatch(/ECONNREFUSED/);
  });
});
