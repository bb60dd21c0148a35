import { type ChildProcess, execFile, spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses } from '../db/schema';
import { recordEvent } from '../domain/events/record-event';
import { makeTeam } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { apiKeyFor, type Team } from '../test/terminal-fixtures';
import { startReceiver, type WebhookReceiver } from '../test/webhook-receiver';
import { listen, listenSecretOf, matchesAny } from './listen';

const root = path.join(__dirname, '../../../..');
const cliArgs = ['--import', 'tsx', 'apps/server/src/cli/main.ts'];

/** `npm run cli -- …` as a developer runs it: its own process, talking to the server over HTTP. */
const cli = (args: string[], env: Record<string, string> = {}) =>
  promisify(execFile)(process.execPath, [...cliArgs, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
  }).then(
    (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
  );

describe('listen and trigger', () => {
  let t: TestApp;
  let team: Team;
  let writeKey: string;
  let receiver: WebhookReceiver;
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    team = await makeTeam(t);
    writeKey = (await apiKeyFor(t, team, 'write')).authorization.replace('Bearer ', '');
    receiver = await startReceiver();
  });
  afterAll(async () => {
    child?.kill('SIGTERM');
    await receiver.close();
    await t.close();
  });

  it('forwards triggered events, signed per Standard Webhooks, to a local receiver', async () => {
    const secret = listenSecretOf(writeKey);
    const verifier = new Webhook(secret);
    const verified: { type: string; data: { id: string; source?: string }; id: string }[] = [];
    receiver.respond = (req) => {
      try {
        const body = verifier.verify(req.body, req.headers as Record<string, string>) as {
          type: string;
          data: { id: string };
        };
        verified.push({ ...body, id: String(req.headers['webhook-id']) });
        return { status: 204 };
      } catch {
        return { status: 400, body: 'bad signature' };
      }
    };

    // The key from the environment; the URL given; only transaction events.
    child = spawn(
      process.execPath,
      [...cliArgs, 'listen', '--forward-to', receiver.url, '--events', 'transaction.*', '--url', t.origin],
      { cwd: root, env: { PATH: process.env.PATH ?? '', SCANLINE_API_KEY: writeKey } },
    );
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += String(chunk);
    });
    child.stderr!.on('data', (chunk) => {
      out += String(chunk);
    });
    const until = async (what: () => boolean, label: string) => {
      for (let i = 0; i < 300 && !what(); i++) await new Promise((r) => setTimeout(r, 100));
      if (!what()) throw new Error(`waited for ${label}; listen printed:\n${out}`);
    };
    await until(() => out.includes('signing secret'), 'listen to start');
    expect(out).toContain(secret);
    expect(out).toContain(team.project.id);
    // The stream is open once the server counts it; give it a moment to subscribe.
    await new Promise((r) => setTimeout(r, 500));

    const triggered = await cli([
      'trigger',
      'transaction.succeeded',
      '--url',
      t.origin,
      '--api-key',
      writeKey,
    ]);
    expect(triggered.err).toBe('');
    expect(triggered.code).toBe(0);
    const txnId = /Created (txn_\w+)/.exec(triggered.out)?.[1];
    expect(txnId).toBeDefined();
    expect(triggered.out).toContain('Triggered transaction.succeeded');

    await until(() => verified.some((v) => v.type === 'transaction.succeeded'), 'transaction.succeeded');
    const succeeded = verified.find((v) => v.type === 'transaction.succeeded')!;
    expect(succeeded.data.id).toBe(txnId);
    // A test payment says so, and the shop's dashboard leaves it out.
    expect(succeeded.data.source).toBe('cli');
    expect(succeeded.id).toMatch(/^evt_/);
    expect(verified.map((v) => v.type)).toEqual(['transaction.created', 'transaction.succeeded']);
    // Every request the receiver got verified; none was refused.
    expect(receiver.received).toHaveLength(2);
    // One line per event: time, type, id, status, duration.
    await until(() => /transaction\.succeeded\s+evt_\w+\s+\[204\] \d+ ms/.test(out), 'the printed line');
    // The terminal's own events are filtered out by --events.
    expect(out).not.toMatch(/terminal\.\w+\s+evt_/);
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    child = undefined;
  }, 60_000);

  it('refuses to trigger on a project on Stripe, and a read-only key', async () => {
    const stripeTeam = await makeTeam(t);
    await t.ctx.database.db
      .update(businesses)
      .set({ paymentProvider: 'stripe' })
      .where(eq(businesses.id, stripeTeam.business.id));
    const stripeKey = (await apiKeyFor(t, stripeTeam, 'write')).authorization.replace('Bearer ', '');
    const refused = await cli(['trigger', 'transaction.succeeded', '--url', t.origin], {
      SCANLINE_API_KEY: stripeKey,
    });
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/Stripe/);

    const readKey = (await apiKeyFor(t, team, 'read')).authorization.replace('Bearer ', '');
    const readOnly = await cli(['trigger', 'transaction.succeeded', '--url', t.origin, '--api-key', readKey]);
    expect(readOnly.code).toBe(1);
    expect(readOnly.err).toMatch(/write API key/);

    const unknown = await cli(['trigger', 'coffee.spilled', '--url', t.origin, '--api-key', readKey]);
    expect(unknown.code).toBe(2);
    const noKey = await cli(['listen', '--forward-to', receiver.url, '--url', t.origin]);
    expect(noKey.code).toBe(2);
    expect(noKey.err).toMatch(/SCANLINE_API_KEY/);
  }, 60_000);

  it('reconnects after a dropped stream from the last event, skipping none and repeating none', async () => {
    // A proxy that cuts the first stream right after its first event, as a load balancer might.
    const lastEventIds: (string | undefined)[] = [];
    const proxy = http.createServer((req, res) => {
      const isStream = req.url?.endsWith('/events/stream');
      if (isStream) lastEventIds.push(req.headers['last-event-id'] as string | undefined);
      const cut = isStream && lastEventIds.length === 1;
      const upstream = http.request(
        `${t.origin}${req.url}`,
        { method: req.method, headers: req.headers },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.on('data', (chunk: Buffer) => {
            // Cut once the event is on its way to listen, not before.
            res.write(chunk, () => {
              if (cut && String(chunk).includes('id: evt_'))
                setTimeout(() => {
                  up.destroy();
                  res.destroy();
                }, 200);
            });
          });
          up.on('end', () => res.end());
        },
      );
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const forwarded: string[] = [];
    receiver.respond = (req) => {
      forwarded.push(String(req.headers['webhook-id']));
      return { status: 200 };
    };
    const write = (n: number) =>
      t.ctx.database.db.transaction((tx) =>
        recordEvent(tx, {
          projectId: team.project.id,
          type: 'transaction.created',
          data: { id: `txn_reconnect${n}` },
          now: t.ctx.now(),
        }),
      );
    const lines: string[] = [];
    const controller = new AbortController();
    const running = listen(
      { target: { baseUrl: proxyUrl, apiKey: writeKey }, forwardTo: receiver.url, events: [] },
      (line) => lines.push(line),
      controller.signal,
    ).catch(() => undefined);
    try {
      for (let i = 0; i < 100 && lastEventIds.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 300));
      const first = await write(1);
      for (let i = 0; i < 100 && !lines.some((l) => l.includes('Reconnecting')); i++)
        await new Promise((r) => setTimeout(r, 50));
      // Written while listen is away: it comes on the next stream.
      const second = await write(2);
      for (let i = 0; i < 200 && forwarded.length < 2; i++) await new Promise((r) => setTimeout(r, 50));
      expect(lastEventIds).toEqual([undefined, first.id]);
      expect(lines.some((l) => l.includes('Lost the events stream'))).toBe(true);
      expect(forwarded).toEqual([first.id, second.id]);
    } finally {
      controller.abort();
      await running;
      await new Promise((resolve) => proxy.close(resolve));
    }
  }, 30_000);

  it('keeps one secret per key and matches event patterns', () => {
    expect(listenSecretOf('sl_a_b')).toBe(listenSecretOf('sl_a_b'));
    expect(listenSecretOf('sl_a_b')).not.toBe(listenSecretOf('sl_a_c'));
    expect(() => new Webhook(listenSecretOf('sl_a_b'))).not.toThrow();
    expect(matchesAny(['transaction.*', 'terminal.offline'], 'transaction.succeeded')).toBe(true);
    expect(matchesAny(['transaction.*', 'terminal.offline'], 'terminal.offline')).toBe(true);
    expect(matchesAny(['transaction.*', 'terminal.offline'], 'terminal.online')).toBe(false);
    expect(matchesAny([], 'anything')).toBe(true);
  });
});
