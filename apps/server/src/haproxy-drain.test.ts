import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { spawnServer } from './test/spawn-server';

// On real processes: three replicas (main.ts) on one PostgreSQL behind Debian's
// HAProxy, configured from deploy/haproxy/haproxy.cfg by scripts/haproxy-test.sh, which sets
// HAPROXY_URL, HAPROXY_SOCKET (its runtime API) and HAPROXY_REPLICA_PORTS. A device stream and
// the console's live stream are held through HAProxy on one replica; that replica gets SIGTERM.
// Checkouts pushed before, during and after its drain — one while both streams are between
// their end and their reconnection — reach both streams, which come back through HAProxy to
// another replica with Last-Event-ID; no client sees a 5xx; the replica exits 0 within 10 s.

const haproxyUrl = process.env.HAPROXY_URL ?? '';
const adminSocket = process.env.HAPROXY_SOCKET ?? '';
const replicaPorts = (process.env.HAPROXY_REPLICA_PORTS ?? '').split(',').filter(Boolean).map(Number);
/** The replicas' shutdown delay: longer than HAProxy needs to mark a server DOWN (~1.3 s). */
const SHUTDOWN_DELAY_SECONDS = 2;

vi.setConfig({ testTimeout: 120_000, hookTimeout: 90_000 });

const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const fn of cleanups.reverse()) fn();
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Replica {
  name: string;
  port: number;
  child: ChildProcess;
  out: () => string;
  exited: Promise<number | null>;
}

function spawnReplica(name: string, port: number, secretsKey: string): Replica {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `scanline-${name}-`));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const server = spawnServer({
    PORT: String(port),
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    DATA_DIR: dataDir,
    SECRETS_KEY: secretsKey,
    PUBLIC_URL: haproxyUrl,
    TRUST_PROXY: 'true',
    SHUTDOWN_DELAY_SECONDS: String(SHUTDOWN_DELAY_SECONDS),
    SHUTDOWN_GRACE_SECONDS: '8',
  });
  cleanups.push(server.kill);
  // One log for both streams: the test prints it when something goes wrong.
  return { name, port, child: server.child, out: () => server.out() + server.err(), exited: server.exited };
}

async function waitUntil<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** One command to HAProxy's runtime API (the stats socket), its answer. */
function admin(command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ path: adminSocket });
    let answer = '';
    socket.on('data', (d) => {
      answer += d.toString();
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.end(`${command}\n`);
  });
}

/** Each replica's state and open sessions as HAProxy sees them (`show stat`). */
async function servers(): Promise<Map<string, { status: string; sessions: number }>> {
  const lines = (await admin('show stat')).trim().split('\n');
  const header = (lines[0] ?? '').replace(/^# /, '').split(',');
  const col = (name: string) => header.indexOf(name);
  const result = new Map<string, { status: string; sessions: number }>();
  for (const line of lines.slice(1)) {
    const f = line.split(',');
    if (f[col('pxname')] !== 'scanline' || ['FRONTEND', 'BACKEND'].includes(f[col('svname')] ?? '')) continue;
    result.set(f[col('svname')] ?? '', {
      status: f[col('status')] ?? '',
      sessions: Number(f[col('scur')]),
    });
  }
  return result;
}

/** Every answer a client got through HAProxy: none may be a 5xx. */
const seen: { what: string; status: number }[] = [];
async function call(what: string, url: string, init: RequestInit = {}) {
  const res = await fetch(`${haproxyUrl}${url}`, init);
  seen.push({ what, status: res.status });
  return res;
}
async function json(what: string, url: string, init: RequestInit, status: number) {
  const res = await call(what, url, init);
  const text = await res.text();
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${text}`);
  return JSON.parse(text);
}

interface StreamEvent {
  event: string;
  data: string;
  id?: string;
}

/**
 * A server-sent-events client as a terminal or the console holds one: reconnects after the
 * server's `retry:` and sends the last `id:` back as Last-Event-ID. `beforeReconnect` runs after
 * each end, before the next connection.
 */
class StreamClient {
  readonly events: StreamEvent[] = [];
  readonly sentLastEventIds: (string | undefined)[] = [];
  ends: number[] = [];
  failures = 0;
  private lastEventId: string | undefined;
  private retryMs = 3000;
  private readonly controller = new AbortController();
  private stopped = false;

  constructor(
    private readonly what: string,
    private readonly url: string,
    private readonly headers: Record<string, string>,
    private readonly beforeReconnect: () => Promise<void> = async () => {},
  ) {
    cleanups.push(() => this.stop());
    void this.run();
  }

  stop() {
    this.stopped = true;
    this.controller.abort();
  }

  has(event: string, predicate: (data: Record<string, unknown>) => boolean) {
    return this.events.some((e) => e.event === event && predicate(JSON.parse(e.data)));
  }

  private async run() {
    while (!this.stopped) {
      this.sentLastEventIds.push(this.lastEventId);
      try {
        const res = await call(this.what, this.url, {
          headers: {
            accept: 'text/event-stream',
            ...this.headers,
            ...(this.lastEventId ? { 'last-event-id': this.lastEventId } : {}),
          },
          signal: this.controller.signal,
        });
        if (res.ok && res.body) await this.read(res.body);
        else await res.body?.cancel();
      } catch {
        if (this.stopped) return;
        this.failures += 1;
      }
      if (this.stopped) return;
      this.ends.push(Date.now());
      await this.beforeReconnect();
      await sleep(this.retryMs);
    }
  }

  private async read(body: ReadableStream<Uint8Array>) {
    const reader = body
      .pipeThrough(new TextDecoderStream() as ReadableWritablePair<string, Uint8Array>)
      .getReader();
    let buffer = '';
    let event: StreamEvent = { event: 'message', data: '' };
    let data: string[] = [];
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let nl = buffer.indexOf('\n');
      while (nl >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        nl = buffer.indexOf('\n');
        if (line === '') {
          if (data.length) this.events.push({ ...event, data: data.join('\n') });
          event = { event: 'message', data: '' };
          data = [];
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const val = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event.event = val;
        else if (field === 'data') data.push(val);
        else if (field === 'id') {
          event.id = val;
          this.lastEventId = val;
        } else if (field === 'retry') this.retryMs = Number(val);
      }
    }
  }
}

describe.runIf(haproxyUrl && adminSocket && replicaPorts.length === 3)(
  'three replicas behind HAProxy',
  () => {
    it('drains a replica on SIGTERM: its streams resume on another with nothing missed, no 5xx, exit within 10 s', async () => {
      const secretsKey = randomBytes(32).toString('base64');
      const replicas = replicaPorts.map((port, i) => spawnReplica(`app${i + 1}`, port, secretsKey));
      const booted = Date.now();
      await waitUntil('every replica UP in HAProxy', async () => {
        for (const r of replicas)
          if (r.child.exitCode !== null) throw new Error(`${r.name} exited ${r.child.exitCode}: ${r.out()}`);
        const state = await servers();
        return [...state.values()].filter((s) => s.status === 'UP').length === 3 ? true : undefined;
      });
      console.log(`3 replicas up behind HAProxy in ${Date.now() - booted} ms`);

      // The owner signs up in the console; a project, a register's write key, a paired terminal.
      const signUp = await json(
        'sign up',
        '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=scanline-local-api-key',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            email: 'drain@example.test',
            password: 'drain-Passw0rd!',
            returnSecureToken: true,
          }),
        },
        200,
      );
      const owner = { authorization: `Bearer ${signUp.idToken}`, 'content-type': 'application/json' };
      const post = (what: string, url: string, body: unknown, headers: Record<string, string> = owner) =>
        json(what, url, { method: 'POST', headers, body: JSON.stringify(body) }, 201);
      const business = await post('business', '/api/v1/businesses', {
        name: 'Drain Co',
        country: 'US',
        default_currency: 'USD',
      });
      const project = await post('project', '/api/v1/projects', {
        name: 'Drain',
        business_id: business.id,
        time_zone: 'UTC',
        currency: 'USD',
      });
      const key = await post('api key', `/api/v1/projects/${project.id}/api-keys`, {
        name: 'register',
        mode: 'write',
      });
      const terminal = await post('terminal', `/terminal/v1/projects/${project.id}/terminals`, {
        label: 'Counter',
        kind: 'virtual',
      });
      const { code } = await post(
        'pairing code',
        `/terminal/v1/projects/${project.id}/terminals/${terminal.id}/pairing-codes`,
        {},
      );
      const paired = await post(
        'pair',
        '/terminal/v1/pair',
        { code, device: { model: 'Test tablet', app_version: '1.0.0' } },
        { 'content-type': 'application/json' },
      );
      let pushes = 0;
      const pushCheckout = async (reference: string) => {
        const t = await post(
          `push ${reference}`,
          '/terminal/v1/transactions',
          { amount: 1250 + pushes++, terminal_id: terminal.id, reference },
          {
            authorization: `Bearer ${key.secret}`,
            'content-type': 'application/json',
            'idempotency-key': `drain-${reference}-${Date.now()}`,
          },
        );
        return t.id as string;
      };

      // Both streams on app1: the other two take no new connections while they open.
      await admin('set server scanline/app2 state drain');
      await admin('set server scanline/app3 state drain');
      // After both streams have ended once, one checkout is pushed before either reconnects.
      let whilePaused: Promise<string> | undefined;
      const pausedPush = () => {
        whilePaused ??= pushCheckout('while-reconnecting');
        return whilePaused.then(() => undefined);
      };
      const device = new StreamClient(
        'device stream',
        '/terminal/v1/stream',
        { authorization: `Bearer ${paired.device_token}` },
        pausedPush,
      );
      const live = new StreamClient('live stream', `/api/v1/projects/${project.id}/live`, owner, pausedPush);
      await waitUntil('both streams open on app1', async () => {
        const app1 = (await servers()).get('app1');
        return (app1?.sessions ?? 0) >= 2 ? true : undefined;
      });
      await admin('set server scanline/app2 state ready');
      await admin('set server scanline/app3 state ready');
      const before = await pushCheckout('before');
      await waitUntil('the first checkout on both streams', () =>
        device.has('transaction', (t) => t.id === before) && live.has('transaction', (t) => t.id === before)
          ? true
          : undefined,
      );

      // Reads keep flowing through HAProxy for the whole drain: none may fail.
      let reading = true;
      const reads = (async () => {
        while (reading) {
          const res = await call('read', '/terminal/v1/me', {
            headers: { authorization: `Bearer ${paired.device_token}` },
          });
          await res.arrayBuffer();
          await sleep(25);
        }
      })();

      const app1 = replicas[0] as Replica;
      const t0 = Date.now();
      app1.child.kill('SIGTERM');
      const exit = app1.exited.then((code) => ({ code, ms: Date.now() - t0 }));
      let downMs = 0;
      const markedDown = waitUntil('app1 DOWN in HAProxy', async () => {
        const state = (await servers()).get('app1');
        if (state?.status.startsWith('DOWN') || state?.status === 'MAINT') downMs = Date.now() - t0;
        return downMs || undefined;
      });
      const during = await pushCheckout('during-drain');
      const paused = await waitUntil('the checkout pushed while the streams were away', () => whilePaused);
      await waitUntil('every checkout on both streams', () =>
        [during, paused].every(
          (id) =>
            device.has('transaction', (t) => t.id === id) && live.has('transaction', (t) => t.id === id),
        )
          ? true
          : undefined,
      );
      const { code: exitCode, ms: exitMs } = await exit;
      await markedDown;
      const after = await pushCheckout('after-exit');
      await waitUntil('the checkout pushed after the exit on both streams', () =>
        device.has('transaction', (t) => t.id === after) && live.has('transaction', (t) => t.id === after)
          ? true
          : undefined,
      );
      reading = false;
      await reads;
      const streamsEndedMs = Math.min(device.ends[0] ?? 0, live.ends[0] ?? 0) - t0;
      console.log(
        `SIGTERM -> HAProxy DOWN ${downMs} ms, streams ended ${streamsEndedMs} ms, exit ${exitMs} ms; ` +
          `${seen.length} answers through HAProxy`,
      );

      expect(exitCode).toBe(0);
      expect(exitMs).toBeLessThan(10_000);
      expect(app1.out()).toMatch(/"msg":"shut down"/);
      // Out of rotation before the listener closed (SHUTDOWN_DELAY_SECONDS), so nothing was refused.
      expect(downMs).toBeLessThan(SHUTDOWN_DELAY_SECONDS * 1000);
      expect(streamsEndedMs).toBeGreaterThanOrEqual(SHUTDOWN_DELAY_SECONDS * 1000 - 100);
      // Each stream ended once (the drain), cleanly, and came back with its Last-Event-ID.
      for (const stream of [device, live]) {
        expect(stream.ends).toHaveLength(1);
        expect(stream.failures).toBe(0);
        expect(stream.sentLastEventIds).toHaveLength(2);
        expect(stream.sentLastEventIds[1]).toMatch(/^\d+$/);
      }
      // The live stream's resume told the console to re-read what has no history.
      expect(live.events.some((e) => e.event === 'resync')).toBe(true);
      expect(seen.filter((s) => s.status >= 500)).toEqual([]);
      expect(seen.filter((s) => s.what === 'read').length).toBeGreaterThan(20);
      // The terminal never looked offline: its stream's presence moved with it.
      const now = await json(
        'terminal',
        `/terminal/v1/projects/${project.id}/terminals/${terminal.id}`,
        { headers: owner },
        200,
      );
      expect(now.status).toBe('online');
      // The streams now live on the others.
      const state = await servers();
      expect((state.get('app2')?.sessions ?? 0) + (state.get('app3')?.sessions ?? 0)).toBeGreaterThanOrEqual(
        2,
      );

      device.stop();
      live.stop();
      await Promise.all(
        replicas.slice(1).map((r) => {
          r.child.kill('SIGTERM');
          return r.exited;
        }),
      );
    });
  },
);
