import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openEventStream, type StreamEvent } from './event-stream';

// A real server-sent-events peer on loopback: the reader parses, reconnects and stops.
let server: http.Server | undefined;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

async function serve(handler: http.RequestListener): Promise<string> {
  server = http.createServer(handler);
  await new Promise<void>((r) => server?.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`;
}

describe('openEventStream', () => {
  it('parses events split across chunks, sends fresh headers on every connection, reconnects after the server closes', async () => {
    const auth: string[] = [];
    let connections = 0;
    const url = await serve((req, res) => {
      auth.push(String(req.headers.authorization));
      connections += 1;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      // A short retry keeps the test quick; the default is the server's 3 s.
      res.write(`retry: 20\n: comment\nevent: status\ndata: {"n":${connections},`);
      setTimeout(() => res.end(`"part":2}\n\n`), 10);
    });
    const seen: StreamEvent[] = [];
    let token = 0;
    await new Promise<void>((done) => {
      openEventStream({
        url,
        headers: () => ({ authorization: `Bearer t${++token}` }),
        onEvent: (e) => {
          seen.push(e);
          if (seen.length === 2) {
            done();
            return 'stop';
          }
          return undefined;
        },
      });
    });
    expect(seen.map((e) => [e.event, JSON.parse(e.data)])).toEqual([
      ['status', { n: 1, part: 2 }],
      ['status', { n: 2, part: 2 }],
    ]);
    expect(auth.slice(0, 2)).toEqual(['Bearer t1', 'Bearer t2']);
  });

  it('sends the last id seen, even one without an event, as Last-Event-ID when it reconnects', async () => {
    const sent: (string | undefined)[] = [];
    const url = await serve((req, res) => {
      sent.push(req.headers['last-event-id'] as string | undefined);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      if (sent.length === 1) res.end('retry: 20\n: connected\nid: 7\n\n');
      else if (sent.length === 2) res.end('retry: 20\nid: 9\nevent: transaction\ndata: {}\n\n');
      else res.end('event: done\ndata: {}\n\n');
    });
    await new Promise<void>((done) => {
      openEventStream({
        url,
        headers: () => ({}),
        onEvent: (e) => {
          if (e.event !== 'done') return undefined;
          done();
          return 'stop';
        },
      });
    });
    expect(sent).toEqual([undefined, '7', '9']);
  });

  it('gives up on a 4xx that asking again cannot fix', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(401).end();
    });
    const status = await new Promise<number>((resolve) => {
      openEventStream({ url, headers: () => ({}), onEvent: () => undefined, onFatal: resolve });
    });
    expect(status).toBe(401);
  });

  it('stops reading when asked, even mid-stream', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('event: a\ndata: 1\n\n');
    });
    const got = await new Promise<string>((resolve) => {
      const stop = openEventStream({
        url,
        headers: () => ({}),
        onEvent: (e) => {
          stop();
          resolve(e.data);
          return undefined;
        },
      });
    });
    expect(got).toBe('1');
  });
});
