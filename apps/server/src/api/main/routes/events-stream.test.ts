import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { recordEvent, recordEvents } from '../../../domain/events/record-event';
import { makeTeam } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { sseReader } from '../../../test/sse-reader';
import { apiKeyFor, createTerminalVia, type Team } from '../../../test/terminal-fixtures';
import { openSameDatabase } from '../../../test/test-database';

let t: TestApp;
let team: Team;
let readKey: Record<string, string>;
let writeKey: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  team = await makeTeam(t);
  readKey = await apiKeyFor(t, team, 'read');
  writeKey = await apiKeyFor(t, team, 'write');
});
afterAll(() => t.close());

const streamUrl = () => `${t.origin}/api/v1/projects/${team.project.id}/events/stream`;

async function openStream(auth: Record<string, string>, lastEventId?: string, origin = t.origin) {
  const controller = new AbortController();
  const res = await fetch(`${origin}/api/v1/projects/${team.project.id}/events/stream`, {
    headers: { ...auth, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const sse = sseReader(res);
  expect((await sse.next())?.retry).toBe(3000);
  expect((await sse.next())?.comment).toBe('connected');
  return {
    sse,
    close: () => {
      void sse.cancel();
      controller.abort();
    },
  };
}

/** An event written as the payment core writes them (no bus hint: the stream's poll finds it). */
const writeEvent = (reference: string) =>
  t.ctx.database.db.transaction((tx) =>
    recordEvent(tx, {
      projectId: team.project.id,
      type: 'transaction.succeeded',
      objectId: `txn_${reference}`,
      data: { id: `txn_${reference}`, amount: 1250, reference },
      now: t.ctx.now(),
    }),
  );

const checkout = async (terminalId: string) => {
  const res = await fetch(`${t.origin}/terminal/v1/transactions`, {
    method: 'POST',
    headers: { ...writeKey, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({ amount: 990, terminal_id: terminalId, reference: 'stream-42' }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string };
};

describe('GET /projects/{project_id}/events/stream', () => {
  it('sends new events live, with their id, type and the webhook body', async () => {
    const terminal = await createTerminalVia(t, team);
    const { sse, close } = await openStream(readKey);
    try {
      const txn = await checkout(terminal.id);
      const msg = await sse.nextEvent();
      expect(msg?.event).toBe('transaction.created');
      expect(msg?.id).toMatch(/^evt_/);
      const body = JSON.parse(msg!.data!);
      expect(Object.keys(body)).toEqual(['type', 'timestamp', 'data']);
      expect(body).toMatchObject({ type: 'transaction.created', data: { id: txn.id, amount: 990 } });
      // The same object GET …/events/{id} answers for the event.
      const one = await t.app.inject({
        url: `/api/v1/projects/${team.project.id}/events/${msg!.id}`,
        headers: readKey,
      });
      expect(one.json().data).toEqual(body.data);
      expect(one.json().created_at).toBe(body.timestamp);
    } finally {
      close();
    }
  });

  it('resumes after Last-Event-ID with what was written since, in order', async () => {
    const first = await writeEvent('resume-1');
    const second = await writeEvent('resume-2');
    const third = await writeEvent('resume-3');
    const { sse, close } = await openStream(writeKey, first.id);
    try {
      const ids = [(await sse.nextEvent())?.id, (await sse.nextEvent())?.id];
      expect(ids).toEqual([second.id, third.id]);
      // Found by the poll, without a bus hint.
      const fourth = await writeEvent('resume-4');
      expect((await sse.nextEvent())?.id).toBe(fourth.id);
    } finally {
      close();
    }
  });

  it('replays a backlog longer than one read in order, then goes on live', async () => {
    const first = await writeEvent('backlog-0');
    const now = t.ctx.now();
    const backlog = await t.ctx.database.db.transaction((tx) =>
      recordEvents(
        tx,
        Array.from({ length: 1200 }, (_, i) => ({
          projectId: team.project.id,
          type: 'scan.created',
          objectId: `scn_backlog${i}`,
          data: { id: `scn_backlog${i}`, i },
          now,
        })),
      ),
    );
    const { sse, close } = await openStream(readKey, first.id);
    try {
      const ids: string[] = [];
      for (let i = 0; i < backlog.length; i++) ids.push((await sse.nextEvent())!.id!);
      expect(ids).toEqual(backlog.map((e) => e.id));
      const live = await writeEvent('after-backlog');
      expect((await sse.nextEvent())?.id).toBe(live.id);
    } finally {
      close();
    }
  });

  it('starts at the end when no Last-Event-ID is sent', async () => {
    await writeEvent('before-connect');
    const { sse, close } = await openStream(team.member.auth);
    try {
      const after = await writeEvent('after-connect');
      const msg = await sse.nextEvent();
      expect(msg?.id).toBe(after.id);
      expect(JSON.parse(msg!.data!).data.reference).toBe('after-connect');
    } finally {
      close();
    }
  });

  it('is counted in the metrics as an events stream while it is open', async () => {
    const open = async () => {
      const res = await t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
      return Number(/scanline_event_streams\{kind="events"\} (\d+)/.exec(res.body)?.[1]);
    };
    const before = await open();
    const { close } = await openStream(readKey);
    expect(await open()).toBe(before + 1);
    close();
    await expect.poll(open).toBe(before);
  });

  it('refuses an unknown Last-Event-ID, outsiders and other projects', async () => {
    const unknown = await fetch(streamUrl(), { headers: { ...readKey, 'last-event-id': 'evt_unknown1' } });
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const malformed = await fetch(streamUrl(), { headers: { ...readKey, 'last-event-id': '12; drop' } });
    expect(malformed.status).toBe(400);

    const outsider = await fetch(streamUrl(), { headers: team.outsider.auth });
    expect(outsider.status).toBe(404);
    const other = await makeTeam(t);
    const otherKey = await apiKeyFor(t, other, 'read');
    const wrongProject = await fetch(streamUrl(), { headers: otherKey });
    expect(wrongProject.status).toBe(404);
    expect((await wrongProject.json()).code).toBe('not_found');
    const anonymous = await fetch(streamUrl());
    expect(anonymous.status).toBe(401);
  });

  it('ends the stream when its API key is revoked', async () => {
    const key = await t.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${team.project.id}/api-keys`,
      headers: team.owner.auth,
      payload: { name: 'short-lived', mode: 'read' },
    });
    const { id, secret } = key.json() as { id: string; secret: string };
    const { sse, close } = await openStream({ authorization: `Bearer ${secret}` });
    try {
      const revoked = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/projects/${team.project.id}/api-keys/${id}`,
        headers: team.owner.auth,
      });
      expect(revoked.statusCode).toBeLessThan(300);
      expect(await sse.nextEvent()).toBeNull();
    } finally {
      close();
    }
  });

  it('two replicas on one PostgreSQL: a stream on one hears a checkout made on the other at once', async (c) => {
    if (t.ctx.database.kind !== 'postgres') return c.skip();
    const database = await openSameDatabase(t.ctx.database, 2);
    const replica = await buildApp({ ...t.ctx, database }, { logger: false });
    await replica.listen({ port: 0, host: '127.0.0.1' });
    const address = replica.server.address();
    const other = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const terminal = await createTerminalVia(t, team);
    const { sse, close } = await openStream(readKey, undefined, other);
    try {
      const started = Date.now();
      const txn = await checkout(terminal.id);
      const msg = await sse.nextEvent();
      expect(JSON.parse(msg!.data!).data.id).toBe(txn.id);
      // The bus hint, not the 3 s poll, brought it.
      expect(Date.now() - started).toBeLessThan(2500);
    } finally {
      close();
      await replica.close();
      await database.close();
    }
  });
});
