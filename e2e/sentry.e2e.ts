import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByEmail } from '../apps/server/src/identity/users/find-user';
import { newEmail, registerThroughUi, type Stack, startStack } from './support';

/** A stand-in for Sentry's ingest: keeps every envelope the browser (or server) sends. */
async function startIngest() {
  const envelopes: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      // The server's SDK compresses its envelopes; the browser's does not.
      const body = Buffer.concat(chunks);
      envelopes.push((req.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8'));
      res.writeHead(200, { 'access-control-allow-origin': '*', 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { port, envelopes, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/**
 * The root transaction name of every envelope. Sentry 11 streams spans (`type: span`
 * items); each envelope's header carries its trace's root name in `trace.transaction`.
 */
const transactionNames = (envelopes: string[]) =>
  envelopes.flatMap((e) => {
    const header = JSON.parse(e.split('\n')[0] ?? '{}') as { trace?: { transaction?: string } };
    return header.trace?.transaction ? [header.trace.transaction] : [];
  });

describe('error reporting and tracing in Chromium (seed §1)', () => {
  let s: Stack;
  let ingest: Awaited<ReturnType<typeof startIngest>>;
  beforeAll(async () => {
    ingest = await startIngest();
    s = await startStack({ env: { SENTRY_DSN: `http://publickey@127.0.0.1:${ingest.port}/1` } });
  });
  afterAll(async () => {
    await s.close();
    await ingest.close();
  });

  it('names transactions after route patterns, propagates traces to our API and sends the user id only', async () => {
    const email = newEmail('sentry');
    const page = await (await s.context()).newPage();
    const traced: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/') && r.headers()['sentry-trace']) traced.push(r.url());
    });
    await registerThroughUi(page, s.origin, email);
    await page.goto(`${s.origin}/p/prj_demo/scans`);
    await page.locator('h1').waitFor();
    await page.getByRole('link', { name: 'Transactions' }).first().click();
    await page.waitForURL('**/transactions');
    await page.waitForTimeout(1500);
    await page.goto(`${s.origin}/u/dashboard`); // ends the open navigation span
    const deadline = Date.now() + 15_000;
    let names: string[] = [];
    while (Date.now() < deadline) {
      names = transactionNames(ingest.envelopes);
      if (names.includes('/p/:id/scans') && names.includes('/p/:id/transactions')) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(names).toContain('/p/:id/scans');
    expect(names).toContain('/p/:id/transactions');
    expect(names.some((n) => n.includes('prj_demo'))).toBe(false);
    expect(traced.length).toBeGreaterThan(0);
    // The signed-in user's id goes with the spans; the email never does.
    const uid = (await findUserByEmail(s.t.ctx.database.db, email))?.uid ?? 'missing';
    const sent = ingest.envelopes.join('\n');
    expect(sent).toContain(uid);
    expect(sent).not.toContain(email);
  });
});
