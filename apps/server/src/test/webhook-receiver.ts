import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface WebhookReceiver {
  url: string;
  port: number;
  received: ReceivedWebhook[];
  /** Every TCP connection accepted, even one that never sent a request. */
  connections: number;
  /** Requests being answered right now, and the most there ever were at once. */
  inFlight: number;
  maxInFlight: number;
  respond: (req: ReceivedWebhook) => {
    status: number;
    headers?: Record<string, string>;
    body?: string;
    /** Answer this much later (a slow receiver). */
    delayMs?: number;
  };
  close(): Promise<void>;
}

/** A local webhook receiver (tests only ever listen on 127.0.0.0/8). */
export async function startReceiver(host = '127.0.0.1', port = 0): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = {
    url: '',
    port: 0,
    received: [],
    connections: 0,
    inFlight: 0,
    maxInFlight: 0,
    respond: () => ({ status: 200, body: 'ok' }),
    close: async () => {},
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const got = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      receiver.received.push(got);
      receiver.inFlight += 1;
      receiver.maxInFlight = Math.max(receiver.maxInFlight, receiver.inFlight);
      const answer = receiver.respond(got);
      const reply = () => {
        receiver.inFlight -= 1;
        if (res.destroyed) return;
        res.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
        res.end(answer.body ?? '');
      };
      if (answer.delayMs) setTimeout(reply, answer.delayMs);
      else reply();
    });
  });
  server.on('connection', () => {
    receiver.connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://${host}:${receiver.port}/hooks`;
  receiver.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}
