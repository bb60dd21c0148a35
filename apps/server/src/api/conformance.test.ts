import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityMfaFactors, memberships } from '../db/schema';
import { runPayoutsNow } from '../domain/books/run-payouts';
import { listOutbox } from '../platform/mail/send-mail';
import { REFERENCE_FIELD } from '../platform/openapi-contract';
import { REQUEST_EXAMPLES } from '../platform/openapi-examples';
import { makeBusiness, makeTeam, type Person } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { apiKeyFor, cashierSignedIn, pairedTerminal, staffFor, type Team } from '../test/terminal-fixtures';
import { freshSession, signedInUser } from '../test/tokens';

/**
 * Every operation of `/api/v1/openapi.json`, called on a running server, answers
 * as the document says. One valid request per operation (its documented example body, real ids)
 * must answer a documented 2xx whose body validates against the documented schema (Ajv,
 * JSON Schema 2020-12); malformed variants (unknown query parameter, unknown or huge path ids,
 * missing, extra, mistyped and huge fields) must answer a documented 4xx problem, never a 5xx.
 */

type Json = Record<string, unknown>;
type Media = { schema?: Json; example?: unknown };
type Response = { $ref?: string; content?: Record<string, Media> };
type Operation = {
  operationId: string;
  security: Json[];
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { required?: boolean; content: Record<string, Media> };
  responses: Record<string, Response>;
};
type Op = { method: string; path: string; op: Operation };
type Answer = { status: number; type: string; body: string };

/** Event streams are called over a real socket (an injected request would never end). */
const isStream = (op: Op) => Boolean(op.op.responses['200']?.content?.['text/event-stream']);

let t: TestApp;
let doc: { paths: Record<string, Record<string, Operation>>; components: { schemas: Json } };
let ops: Op[];
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

// What the valid requests use: a team, a paired terminal, a paid transaction, a webhook…
interface World {
  team: Team;
  device: { authorization: string };
  signInDevice: { authorization: string };
  unpairingDevice: Json;
  sessionDevice: { authorization: string };
  readKey: { authorization: string };
  ids: Record<string, string>;
  guests: Person[];
}
let w: World;

/** A string payload goes as it is (with the content-type in `headers`); anything else as JSON. */
async function call(method: string, url: string, headers: Json, payload?: unknown): Promise<Answer> {
  const res = await t.app.inject({
    method: method.toUpperCase() as 'GET',
    url,
    headers: headers as Record<string, string>,
    ...(payload === undefined ? {} : { payload: payload as object | string }),
  });
  return { status: res.statusCode, type: String(res.headers['content-type'] ?? ''), body: res.body };
}

async function streamCall(url: string, headers: Json): Promise<Answer> {
  const abort = new AbortController();
  const res = await fetch(`${t.origin}${url}`, {
    headers: headers as Record<string, string>,
    signal: abort.signal,
  });
  const answer = { status: res.status, type: res.headers.get('content-type') ?? '', body: '' };
  if (!answer.type.startsWith('text/event-stream')) answer.body = await res.text();
  abort.abort();
  return answer;
}

const expectOk = (what: string, a: Answer) => {
  if (a.status >= 300) throw new Error(`${what}: ${a.status} ${a.body}`);
  return a.body ? JSON.parse(a.body) : null;
};

async function buildWorld(): Promise<World> {
  const team = await makeTeam(t);
  const owner = team.owner.auth;
  const paired = await pairedTerminal(t, team, { label: 'Till 1' });
  const readKey = await apiKeyFor(t, team, 'read');
  const ids: Record<string, string> = {
    project: team.project.id,
    business: team.business.id,
    terminal: paired.terminal.id,
    member: team.member.user.uid,
  };
  // A transaction the device creates, a shopper scans and pays: its scan, events and receipt.
  const created = expectOk(
    'transaction',
    await call(
      'POST',
      '/terminal/v1/transactions',
      { ...paired.auth, 'idempotency-key': 'world-1' },
      {
        amount: 2000,
        reference: 'world-1',
      },
    ),
  );
  ids.transaction = created.id;
  ids.paymentToken = new URL(created.payment_url).pathname.split('/').pop() as string;
  const open = expectOk(
    'open transaction',
    await call(
      'POST',
      '/terminal/v1/transactions',
      { ...paired.auth, 'idempotency-key': 'world-2' },
      { amount: 900 },
    ),
  );
  ids.openTransaction = open.id;
  // One left unpaid for the cash tender (docs/guide/tenders.md).
  ids.tenderTransaction = expectOk(
    'tender transaction',
    await call(
      'POST',
      '/terminal/v1/transactions',
      { ...paired.auth, 'idempotency-key': 'world-3' },
      { amount: 2000 },
    ),
  ).id;
  const scan = expectOk('scan', await call('POST', '/mobile/v1/scans', {}, { token: ids.paymentToken }));
  ids.scan = scan.id ?? scan.scan_id;
  expectOk(
    'pay',
    await call('POST', `/mobile/v1/scans/${ids.scan}/payments`, {}, { payment_method: 'pm_card_visa' }),
  );
  // A close of the paid transaction's terminal, and a payout of its balance entry.
  ids.close = expectOk(
    'close',
    await call('POST', `/terminal/v1/projects/${ids.project}/terminals/${ids.terminal}/closes`, owner),
  ).id;
  ids.payout =
    (await runPayoutsNow(t.ctx, { projectId: ids.project!, asOf: '2099-12-31' })).payouts[0]?.id ?? '';
  const terminal = expectOk(
    'terminal',
    await call('GET', `/terminal/v1/projects/${ids.project}/terminals/${ids.terminal}`, owner),
  );
  ids.sticker = new URL(terminal.sticker_url).pathname.split('/').pop() as string;
  const webhook = expectOk(
    'webhook',
    await call('POST', `/api/v1/projects/${ids.project}/webhooks`, owner, {
      url: 'https://hooks.corner-bakery.example/world',
      event_types: ['transaction.succeeded'],
    }),
  );
  ids.webhook = webhook.id;
  const delivery = expectOk(
    'test delivery',
    await call('POST', `/api/v1/projects/${ids.project}/webhooks/${ids.webhook}/test`, owner),
  );
  ids.delivery = delivery.delivery_id;
  const events = expectOk(
    'events',
    await call('GET', `/api/v1/projects/${ids.project}/events?limit=1`, owner),
  );
  ids.event = events.data[0].id;
  const key = expectOk(
    'api key',
    await call('POST', `/api/v1/projects/${ids.project}/api-keys`, owner, { name: 'To roll', mode: 'write' }),
  );
  ids.key = key.id;
  // A key request, flushed, so the request log has a row.
  await call('GET', `/api/v1/projects/${ids.project}/transactions`, readKey);
  await t.app.requestLogs?.flush();
  const logs = expectOk('logs', await call('GET', `/api/v1/projects/${ids.project}/request-logs`, owner));
  ids.log = logs.data[0].id;
  // Two guests invited: one accepts, one declines.
  const guests = [await signedInUser(t.ctx), await signedInUser(t.ctx), await signedInUser(t.ctx)];
  expectOk(
    'invite',
    await call('POST', `/api/v1/projects/${ids.project}/invitations`, owner, {
      emails: guests.map((g) => g.user.email),
      role: 'member',
    }),
  );
  const mails = await listOutbox(t.ctx, { limit: 50 });
  guests.forEach((g, i) => {
    const mail = mails.find((m) => m.to === g.user.email && m.kind === 'invitation');
    ids[`invitationToken${i}`] = new URL(mail!.text.match(/https?:\/\/\S+/)![0]).searchParams.get(
      'invitation',
    )!;
  });
  const invitations = expectOk(
    'invitations',
    await call('GET', `/api/v1/projects/${ids.project}/invitations`, owner),
  );
  // The third guest's invitation is the one resent and withdrawn (a resend changes its token).
  ids.invitation = invitations.data.find((i: { email: string }) => i.email === guests[2]!.user.email).id;
  // Throwaways for the destructive operations.
  const spareTerminal = expectOk(
    'spare terminal',
    await call('POST', `/terminal/v1/projects/${ids.project}/terminals`, owner, {
      label: 'Spare',
      kind: 'virtual',
    }),
  );
  ids.spareTerminal = spareTerminal.id;
  // Recovery codes are for people with an authenticator.
  await t.ctx.database.db.insert(identityMfaFactors).values({
    id: 'mfa_conformance',
    uid: team.owner.user.uid,
    displayName: 'Phone',
    secretSealed: 'unused',
    enrolledAt: new Date(),
  });
  const spareBusiness = await makeBusiness(t, team.owner, { name: 'Spare business' });
  ids.spareBusiness = spareBusiness.id;
  const spareProject = expectOk(
    'spare project',
    await call('POST', '/api/v1/projects', owner, {
      name: 'Spare',
      business_id: ids.business,
      time_zone: 'UTC',
      currency: 'USD',
    }),
  );
  ids.spareProject = spareProject.id;
  const now = new Date();
  await t.ctx.database.db.insert(memberships).values({
    projectId: spareProject.id as string,
    uid: team.admin.user.uid,
    email: team.admin.user.email,
    role: 'admin',
    createdAt: now,
    updatedAt: now,
  });
  const leaver = await signedInUser(t.ctx);
  await t.ctx.database.db.insert(memberships).values({
    projectId: team.project.id,
    uid: leaver.user.uid,
    email: leaver.user.email,
    role: 'member',
    createdAt: now,
    updatedAt: now,
  });
  ids.leaver = leaver.user.uid;
  // A manager signed in on the world's device (its device calls carry the session);
  // a second device for the sign-in itself (signing in ends the terminal's other session), a
  // third with its own session for reading and ending it; a spare cashier to edit and delete.
  const manager = await staffFor(t, team, { name: 'World manager', pin: '4821', role: 'manager' });
  expectOk(
    'tipping',
    await call('PATCH', `/api/v1/projects/${ids.project}`, owner, { tipping: { enabled: true } }),
  );
  ids.manager = manager.id;
  ids.staff = (await staffFor(t, team, { name: 'Spare cashier', pin: '6402' })).id;
  const item = expectOk(
    'item',
    await call('POST', `/api/v1/projects/${ids.project}/items`, owner, { name: 'Croissant', price: 210 }),
  );
  ids.item = item.id;
  const signedIn = await cashierSignedIn(t, paired.auth, '4821');
  const signInDevice = await pairedTerminal(t, team, { label: 'Till 2' });
  const sessionDevice = await pairedTerminal(t, team, { label: 'Till 3' });
  const session3 = await cashierSignedIn(t, sessionDevice.auth, '4821');
  // A fourth with a manager signed in, to unpair (which ends its token).
  const unpairingDevice = await pairedTerminal(t, team, { label: 'Till 4' });
  const session4 = await cashierSignedIn(t, unpairingDevice.auth, '4821');
  await freshSession(t.ctx, team.owner.user);
  const sessions = expectOk('sessions', await call('GET', '/api/v1/me/sessions', owner));
  ids.session = sessions.data.find((s: { current: boolean }) => !s.current).id;
  return {
    team,
    device: { ...paired.auth, ...signedIn.header },
    signInDevice: signInDevice.auth,
    unpairingDevice: { ...unpairingDevice.auth, ...session4.header },
    sessionDevice: { ...sessionDevice.auth, ...session3.header },
    readKey,
    ids,
    guests,
  };
}

/** The real id for a path parameter, by operation (destructive ones get throwaways). */
function idFor(op: Op, name: string): string {
  const { ids } = w;
  const key = `${op.method.toUpperCase()} ${op.path}`;
  if (name === 'business_id') {
    return key === 'DELETE /api/v1/businesses/{business_id}' ? ids.spareBusiness! : ids.business!;
  }
  if (name === 'transaction_id' && op.path.startsWith('/terminal/v1/transactions/')) {
    if (op.path.endsWith('/tenders') || op.path.endsWith('/tenders/split')) return ids.tenderTransaction!;
    return op.path.endsWith('/cancel') ? ids.openTransaction! : ids.transaction!;
  }
  if (name === 'project_id') {
    return /^(DELETE \/api\/v1\/projects\/\{project_id\}|POST \/api\/v1\/projects\/\{project_id\}\/(restore|transfer))$/.test(
      key,
    )
      ? ids.spareProject!
      : ids.project!;
  }
  const byName: Record<string, string | undefined> = {
    user_id: op.method === 'delete' ? ids.leaver : ids.member,
    invitation_id: ids.invitation,
    token: op.path.startsWith('/mobile/v1/stickers')
      ? ids.sticker
      : op.path.endsWith('/decline')
        ? ids.invitationToken1
        : ids.invitationToken0,
    key_id: ids.key,
    transaction_id: ids.transaction,
    scan_id: ids.scan,
    event_id: ids.event,
    log_id: ids.log,
    webhook_id: ids.webhook,
    delivery_id: ids.delivery,
    // Re-pairing, disabling or a new sticker would cut the world's device off: a spare takes those.
    terminal_id: op.method === 'get' ? ids.terminal : ids.spareTerminal,
    session_id: ids.session,
    staff_id: ids.staff,
    item_id: ids.item,
    close_id: ids.close,
    payout_id: ids.payout,
  };
  const id = byName[name];
  if (!id) throw new Error(`no id for {${name}} in ${key}`);
  return id;
}

function credentialsFor(op: Op, variant: 'valid' | 'malformed'): Json {
  if (!op.op.security.length) return {};
  const schemes = op.op.security.flatMap((s) => Object.keys(s));
  if (schemes.every((scheme) => scheme === 'apiKey')) return w.readKey;
  if (op.path.startsWith('/api/v1/invitations/')) {
    return w.guests[op.path.endsWith('/decline') ? 1 : 0]!.auth;
  }
  if (op.path === '/terminal/v1/cashier-sessions') return w.signInDevice;
  // Only the one valid call unpairs; the others use a device with no session (401, nothing ends).
  if (op.path === '/terminal/v1/unpair') return variant === 'valid' ? w.unpairingDevice : w.signInDevice;
  if (op.path === '/terminal/v1/cashier-sessions/current') return w.sessionDevice;
  if (schemes.includes('deviceToken') && !op.path.startsWith('/terminal/v1/projects/')) {
    return variant === 'valid' &&
      op.method === 'post' &&
      (op.path === '/terminal/v1/transactions' ||
        op.path === '/terminal/v1/transactions/{transaction_id}/tenders' ||
        op.path === '/terminal/v1/transactions/{transaction_id}/tenders/split')
      ? { ...w.device, 'idempotency-key': `conformance-${Date.now()}` }
      : w.device;
  }
  return w.team.owner.auth;
}

function urlOf(op: Op, replace?: (name: string) => string): string {
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(replace ? replace(name) : idFor(op, name)),
  );
}

/** Required query parameters of a valid request. */
function queryOf(op: Op): string {
  const values: Record<string, string | undefined> = { object_id: w.ids.transaction };
  const pairs = (op.op.parameters ?? [])
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => [p.name, values[p.name] ?? 'x']);
  return pairs.length ? `?${new URLSearchParams(pairs).toString()}` : '';
}

/** The body a valid request sends: the document's example with placeholder ids made real. */
function validBody(op: Op): unknown {
  const media = op.op.requestBody?.content['application/json'];
  if (!media) return undefined;
  const example = structuredClone(media.example) as Json;
  const key = `${op.method.toUpperCase()} ${op.path}`;
  if ('business_id' in example) example.business_id = w.ids.business;
  if ('to_user_id' in example) example.to_user_id = w.team.admin.user.uid;
  if (key === 'POST /mobile/v1/scans') example.token = w.ids.paymentToken;
  if (key === 'POST /terminal/v1/pair') return undefined; // a fresh code: see the test
  return example;
}

/** Error responses are `$ref`s to the shared Problem responses. */
function resolve(response: Response): Response {
  if (!response.$ref) return response;
  return { content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } };
}

/** The answer is one the document lists for this operation, with a body its schema accepts. */
function checkAgainstDocument(op: Op, a: Answer, what: string) {
  const where = `${op.method.toUpperCase()} ${op.path} (${what}): ${a.status} ${a.body.slice(0, 300)}`;
  expect(a.status, where).toBeLessThan(500);
  const documented = op.op.responses[String(a.status)];
  expect(documented, `${where} — status not documented`).toBeDefined();
  const response = resolve(documented!);
  if (a.status === 204) {
    expect(a.body, where).toBe('');
    return;
  }
  const mediaType = a.type.split(';')[0]!.trim();
  const media = response.content?.[mediaType];
  expect(media, `${where} — media type ${mediaType} not documented`).toBeDefined();
  if (mediaType.endsWith('json') && media?.schema) {
    const validate = ajv.compile({ ...media.schema, components: doc.components });
    const ok = validate(JSON.parse(a.body));
    expect(ok ? [] : validate.errors, where).toEqual([]);
  }
}

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  doc = (await t.app.inject('/api/v1/openapi.json')).json();
  ops = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([m]) => ['get', 'put', 'post', 'patch', 'delete'].includes(m))
      .map(([method, op]) => ({ method, path, op })),
  );
  w = await buildWorld();
}, 60_000);
afterAll(() => t.close());

describe('the OpenAPI document against the running server', () => {
  it('validates every documented example against its schema', () => {
    let checked = 0;
    for (const { method, path, op } of ops) {
      const medias = [
        ...Object.values(op.requestBody?.content ?? {}),
        ...Object.values(op.responses).flatMap((r) => Object.values(r.content ?? {})),
      ];
      for (const media of medias) {
        if (media.example === undefined || !media.schema) continue;
        const validate = ajv.compile({ ...media.schema, components: doc.components });
        expect(validate(media.example) ? [] : validate.errors, `${method} ${path}`).toEqual([]);
        checked++;
      }
    }
    for (const { method, path, op } of ops) {
      if (op.requestBody)
        expect(op.requestBody.content['application/json']?.example, `${method} ${path}`).toBeDefined();
    }
    expect(checked).toBeGreaterThan(ops.length);
  });

  it('answers every malformed request with a documented 4xx problem, never a 5xx', async () => {
    let variants = 0;
    for (const op of ops) {
      const headers = credentialsFor(op, 'malformed');
      const body = validBody(op) ?? (op.op.requestBody ? {} : undefined);
      const send = async (
        what: string,
        url: string,
        payload: unknown,
        expected?: { status: number; code?: string },
        extraHeaders: Json = {},
      ) => {
        const a = isStream(op)
          ? await streamCall(url, headers)
          : await call(op.method, url, { ...headers, ...extraHeaders }, payload);
        variants++;
        expect(a.status, `${op.method} ${url} (${what}): ${a.body.slice(0, 200)}`).toBeGreaterThanOrEqual(
          400,
        );
        checkAgainstDocument(op, a, what);
        expect(a.type, `${op.method} ${op.path} (${what})`).toMatch(/^application\/problem\+json/);
        if (expected) {
          const problem = JSON.parse(a.body);
          expect(
            { what, status: a.status, code: expected.code ? problem.code : undefined },
            `${op.method} ${op.path}`,
          ).toEqual({ what, ...expected });
        }
      };
      const url = urlOf(op);
      await send('unknown query parameter', `${url}?zz_unknown=1`, body, {
        status: 400,
        code: 'unknown_parameter',
      });
      const declared = (op.op.parameters ?? []).filter((p) => p.in === 'query').slice(0, 6);
      for (const param of declared) {
        const query = new URLSearchParams({ [param.name]: 'x'.repeat(5000) });
        await send(`${param.name} huge`, `${url}?${query}`, body);
      }
      if (op.path.includes('{')) {
        await send(
          'huge path id',
          urlOf(op, () => 'x'.repeat(5000)),
          body,
          { status: 414 },
        );
        const names = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
        for (const unknown of names) {
          await send(
            `unknown {${unknown}}`,
            urlOf(op, (n) => (n === unknown ? 'zz_unknown_1' : idFor(op, n))),
            body,
          );
        }
      }
      // A body in another media type, wherever a body is read (every method but GET).
      if (op.method !== 'get' && !isStream(op)) {
        await send(
          'form body',
          url,
          'amount=1&token=x',
          { status: 415, code: 'unsupported_media_type' },
          { 'content-type': 'application/x-www-form-urlencoded' },
        );
      }
      const media = op.op.requestBody?.content['application/json'];
      if (media?.schema && op.path !== '/api/v1/providers/stripe/webhook') {
        const example = (body ?? {}) as Json;
        await send('extra field', url, { ...example, zz_extra: 1 }, { status: 400 });
        await send('not an object', url, ['a'], { status: 400 });
        const props = Object.keys((media.schema.properties ?? {}) as Json);
        // An unknown id or code in a body field answers as documented (404 included).
        const names = (p: string) =>
          REFERENCE_FIELD.test(p) || /^[a-z]{2,5}_\w+$/.test(String(example[p] ?? ''));
        for (const prop of props.filter(names)) {
          await send(`unknown ${prop}`, url, { ...example, [prop]: 'zz_unknown_1' });
        }
        for (const prop of props) {
          await send(`${prop} mistyped`, url, { ...example, [prop]: { nested: [true] } });
          await send(`${prop} huge`, url, { ...example, [prop]: 'x'.repeat(100_000) });
        }
        const required = (media.schema.required ?? []) as string[];
        if (required.length) await send('required fields missing', url, {}, { status: 400 });
      }
    }
    expect(variants).toBeGreaterThan(400);
  }, 120_000);

  it('answers one valid request per operation with a documented 2xx that matches its schema', async () => {
    const order = (o: Op) =>
      o.method === 'delete' || o.path.endsWith('/restore')
        ? 2
        : /\/(transfer|revoke-others)$/.test(o.path)
          ? 3
          : o.method === 'get'
            ? 0
            : 1;
    const sorted = [...ops].sort((a, b) => order(a) - order(b));
    let ok = 0;
    const failures: string[] = [];
    for (const op of sorted) {
      const headers = credentialsFor(op, 'valid');
      let body = validBody(op);
      const key = `${op.method.toUpperCase()} ${op.path}`;
      if (key === 'POST /terminal/v1/pair') {
        const terminal = expectOk(
          'terminal',
          await call('POST', `/terminal/v1/projects/${w.ids.project}/terminals`, w.team.owner.auth, {
            label: 'Pair me',
            kind: 'virtual',
          }),
        );
        const code = expectOk(
          'code',
          await call(
            'POST',
            `/terminal/v1/projects/${w.ids.project}/terminals/${terminal.id}/pairing-codes`,
            w.team.owner.auth,
          ),
        );
        body = { ...(REQUEST_EXAMPLES[key] as Json), code: code.code };
      }
      // Cash needs the terminal's open drawer, and a drawer opens only when none is
      // (docs/guide/drawer.md): the close before an open ends any, an open before cash makes one.
      const drawerPath = `/terminal/v1/projects/${w.ids.project}/terminals/${w.ids.terminal}`;
      if (key.endsWith('/drawer/open'))
        await call('POST', `${drawerPath}/closes`, w.team.owner.auth, { counted_cash: 0 });
      if (key.endsWith('/tenders') || key.endsWith('/drawer/movements'))
        await call('POST', `${drawerPath}/drawer/open`, w.team.owner.auth, { float: 0 });
      const url = urlOf(op) + queryOf(op);
      // An event about nothing of ours is acknowledged before its signature is checked
      // (stripe-payments tests cover signed ones); its 200 must be documented.
      const stripe = key === 'POST /api/v1/providers/stripe/webhook';
      if (stripe)
        body = { id: 'evt_conformance', object: 'event', type: 'charge.updated', data: { object: {} } };
      const a = isStream(op)
        ? await streamCall(url, headers)
        : await call(op.method, url, stripe ? { 'stripe-signature': 't=1,v1=00' } : headers, body);
      try {
        expect(a.status, `${key}: ${a.body.slice(0, 300)}`).toBeLessThan(300);
        checkAgainstDocument(op, a, 'valid');
        ok++;
      } catch (error) {
        failures.push((error as Error).message.split('\n')[0]!);
      }
    }
    expect(failures).toEqual([]);
    expect(ok).toBe(ops.length);
  }, 120_000);
});

describe('bodies that may be left out', () => {
  /** A refusal of the body itself: it could not be parsed, or its schema wanted something. */
  const bodyRefused = (a: Answer) => {
    if (a.status === 415) return true;
    if (a.status !== 400) return false;
    const problem = JSON.parse(a.body) as { code: string; detail: string; errors?: { path?: string }[] };
    return (
      (problem.code === 'bad_request' && /JSON/.test(problem.detail)) ||
      (problem.code === 'validation_failed' &&
        (problem.errors ?? [{}]).some((e) => !e.path || e.path === 'body' || e.path.startsWith('body.')))
    );
  };

  it('every operation whose body is optional takes no body and an empty application/json body', async () => {
    // Derived from the document: bodies it marks `required: false`, and writes that take none.
    const optional = ops.filter(
      (op) =>
        ['post', 'put', 'patch'].includes(op.method) &&
        !isStream(op) &&
        (!op.op.requestBody || op.op.requestBody.required === false),
    );
    const names = optional.map((op) => op.path);
    for (const expected of [
      '/revoke-others',
      '/roll',
      '/rotate-secret',
      '/pairing-codes',
      '/sticker/rotate',
      '/disable',
    ])
      expect(
        names.some((p) => p.endsWith(expected)),
        expected,
      ).toBe(true);
    const failures: string[] = [];
    for (const op of optional) {
      const url = urlOf(op) + queryOf(op);
      const headers = credentialsFor(op, 'malformed');
      for (const [what, extra] of [
        ['no body', {}],
        ['empty application/json body', { 'content-type': 'application/json' }],
      ] as const) {
        const a = await call(
          op.method,
          url,
          { ...headers, ...extra },
          extra['content-type'] ? '' : undefined,
        );
        if (bodyRefused(a))
          failures.push(`${op.method.toUpperCase()} ${op.path} (${what}): ${a.status} ${a.body}`);
        else checkAgainstDocument(op, a, what);
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it('a body that is there but not JSON stays a 400, and a required body stays required', async () => {
    const url = `/api/v1/projects/${w.ids.project}/api-keys`;
    const headers = w.team.owner.auth;
    const notJson = await call('POST', url, { ...headers, 'content-type': 'application/json' }, '{name:');
    expect(notJson.status).toBe(400);
    expect(JSON.parse(notJson.body)).toMatchObject({ code: 'bad_request' });
    for (const payload of [undefined, '']) {
      const missing = await call('POST', url, { ...headers, 'content-type': 'application/json' }, payload);
      expect(missing.status).toBe(400);
      expect(JSON.parse(missing.body)).toMatchObject({ code: 'validation_failed' });
    }
  });
});
