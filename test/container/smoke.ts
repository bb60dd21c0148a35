// A short walk through a running Scanline from outside, with plain fetch: the container image and
// the compose stack are checked with it (scripts/container-test.sh). It signs up, has the
// verification email sent (to an SMTP peer on `--smtp-port`, when given: the server's SMTP_URL
// must reach it), makes a business and then projects one by one; `--midway` runs a command a third
// of the way through (a replica killed) and every project must still exist exactly once at the
// end, every read must succeed.
//
//   node --import tsx test/container/smoke.ts --url http://127.0.0.1:3000 [--smtp-port 2525]
//     [--count 30] [--midway 'podman kill x']
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { startSmtpPeer } from '../../apps/server/src/test/smtp-peer';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    'api-key': { type: 'string', default: 'scanline-local-api-key' },
    count: { type: 'string', default: '30' },
    midway: { type: 'string' },
    'smtp-port': { type: 'string' },
  },
});
const mailbox = args['smtp-port'] ? await startSmtpPeer(Number(args['smtp-port'])) : undefined;
const base = args.url.replace(/\/+$/, '');
const count = Number(args.count);
const started = Date.now();
const stats = { requests: 0, clientRetries: 0, writeRechecks: 0 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function fail(message: string): never {
  console.error(`smoke: FAILED: ${message}`);
  process.exit(1);
}

/** One request; a network error comes back as status 0 so callers decide what is safe to repeat. */
async function call(method: string, path: string, body?: unknown, token?: string) {
  stats.requests++;
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        // As a browser navigating: the console's pages answer those.
        accept: method === 'GET' && !path.startsWith('/api/') ? 'text/html,*/*' : 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    return { status: res.status, text, json: () => JSON.parse(text) as Record<string, unknown> };
  } catch (error) {
    return { status: 0, text: String(error), json: () => ({}) as Record<string, unknown> };
  }
}

const transient = (status: number) => status === 0 || status === 502 || status === 503 || status === 504;

/** A read: repeating it is harmless; the balancer should make repeats unnecessary (counted). */
async function read(path: string, token?: string, expect = 200) {
  for (let attempt = 0; ; attempt++) {
    const res = await call('GET', path, undefined, token);
    if (res.status === expect) return res;
    if (!transient(res.status) || attempt === 5) fail(`GET ${path}: ${res.status} ${res.text.slice(0, 300)}`);
    stats.clientRetries++;
    await sleep(500);
  }
}

async function step<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const t = Date.now();
  const out = await fn();
  console.log(`smoke: ${name} (${Date.now() - t} ms)`);
  return out;
}

await step('ready', async () => {
  for (let i = 0; ; i++) {
    const res = await call('GET', '/readyz');
    if (res.status === 200) return;
    if (i === 120) fail(`/readyz: ${res.status} ${res.text.slice(0, 200)}`);
    await sleep(500);
  }
});

await step('console and web terminal pages', async () => {
  for (const page of ['/', '/terminal', '/login']) {
    const res = await read(page);
    if (!/<!doctype html>/i.test(res.text)) fail(`${page} is not the built page: ${res.text.slice(0, 200)}`);
  }
});

const identity = (op: string) => `/identitytoolkit.googleapis.com/v1/accounts:${op}?key=${args['api-key']}`;
const email = `smoke-${Date.now()}-${process.pid}@example.com`;
const token = await step('sign up', async () => {
  const res = await call('POST', identity('signUp'), {
    email,
    password: 'container-smoke-1',
    returnSecureToken: true,
  });
  if (res.status !== 200) fail(`signUp: ${res.status} ${res.text.slice(0, 300)}`);
  return res.json().idToken as string;
});

await step(mailbox ? 'verification email received' : 'verification email rendered', async () => {
  const res = await call('POST', identity('sendOobCode'), { requestType: 'VERIFY_EMAIL', idToken: token });
  if (res.status !== 200) fail(`sendOobCode: ${res.status} ${res.text.slice(0, 300)}`);
  if (!mailbox) return;
  const mail = await mailbox.waitForMail(email, { timeoutMs: 15_000 }).catch((e: Error) => fail(e.message));
  if (!mail.links.some((l) => l.startsWith(base) && l.includes('oobCode=')))
    fail(`the verification email has no link to ${base} with its code:\n${mail.text}`);
});

const business = await step('business', async () => {
  const res = await call(
    'POST',
    '/api/v1/businesses',
    { name: 'Smoke Coffee', country: 'US', default_currency: 'USD' },
    token,
  );
  if (res.status !== 201) fail(`POST /api/v1/businesses: ${res.status} ${res.text.slice(0, 300)}`);
  return res.json().id as string;
});

async function projectNames(): Promise<string[]> {
  const res = await read('/api/v1/projects?limit=100', token);
  return (res.json().data as { name: string }[]).map((p) => p.name);
}

/**
 * A write that may have reached a replica as it died: look before repeating it, as a client
 * without an Idempotency-Key must, so nothing is made twice.
 */
async function createProject(name: string) {
  for (let attempt = 0; ; attempt++) {
    const res = await call(
      'POST',
      '/api/v1/projects',
      { name, business_id: business, time_zone: 'Europe/Berlin', currency: 'EUR' },
      token,
    );
    if (res.status === 201) return res.json().id as string;
    if (!transient(res.status) || attempt === 5)
      fail(`POST /api/v1/projects: ${res.status} ${res.text.slice(0, 300)}`);
    stats.writeRechecks++;
    await sleep(500);
    if ((await projectNames()).includes(name)) return undefined;
  }
}

let midway: Promise<void> | undefined;
await step(`${count} projects, each read back${args.midway ? ', with the midway command' : ''}`, async () => {
  for (let i = 0; i < count; i++) {
    if (args.midway && i === Math.floor(count / 3)) {
      console.log(`smoke: midway: ${args.midway}`);
      const child = spawn('sh', ['-c', args.midway], { stdio: 'inherit' });
      midway = new Promise((resolve, reject) =>
        child.on('exit', (code) =>
          code === 0 ? resolve() : reject(new Error(`midway command: exit ${code}`)),
        ),
      );
    }
    const id = await createProject(`Smoke ${i}`);
    if (id) await read(`/api/v1/projects/${id}`, token);
    await read('/api/v1/businesses', token);
    // Time for the midway command to land among the requests, not after them.
    if (args.midway) await sleep(100);
  }
  await midway?.catch((error: Error) => fail(error.message));
});

await step('every project there exactly once', async () => {
  const names = await projectNames();
  for (let i = 0; i < count; i++) {
    const n = names.filter((x) => x === `Smoke ${i}`).length;
    if (n !== 1) fail(`project "Smoke ${i}" is there ${n} times`);
  }
});

await mailbox?.close();
console.log(
  `smoke: passed in ${((Date.now() - started) / 1000).toFixed(1)} s: ${stats.requests} requests, ` +
    `${stats.clientRetries} reads repeated by the client, ${stats.writeRechecks} writes checked after a failure`,
);
