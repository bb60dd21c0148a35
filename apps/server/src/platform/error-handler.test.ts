import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTeam } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';

const isProblem = (res: { headers: Record<string, unknown>; body: string }, status: number) => {
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  const problem = JSON.parse(res.body);
  expect(problem).toMatchObject({ status, type: expect.any(String), title: expect.any(String) });
  expect(problem.detail).toEqual(expect.any(String));
  expect(JSON.stringify(problem)).not.toMatch(/FST_|stack/);
  return problem;
};

/** Raw HTTP over loopback, for what Node's parser refuses before Fastify sees a request. */
function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let data = '';
    socket.on('data', (chunk) => {
      data += chunk.toString();
    });
    socket.on('close', () => resolve(data));
    socket.on('error', reject);
  });
}

describe("the framework's own errors are problems", () => {
  let t: TestApp;
  let team: Awaited<ReturnType<typeof makeTeam>>;
  beforeAll(async () => {
    t = await createTestApp({ listen: true, env: { RATE_LIMIT_MULTIPLIER: '0' } });
    team = await makeTeam(t);
  });
  afterAll(() => t.close());

  it('404 for an unknown route', async () => {
    const res = await t.app.inject('/api/v1/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(isProblem(res, 404).code).toBe('not_found');
  });

  it('405 with Allow for a known path and another method', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/health' });
    expect(res.statusCode).toBe(405);
    expect(isProblem(res, 405).code).toBe('method_not_allowed');
    expect(String(res.headers.allow)).toContain('GET');
    const withParam = await t.app.inject({ method: 'PUT', url: `/api/v1/projects/${team.project.id}` });
    expect(withParam.statusCode).toBe(405);
    expect(String(withParam.headers.allow)).toMatch(/GET.*PATCH|PATCH.*GET/);
  });

  it('414 for an over-long path parameter', async () => {
    const res = await t.app.inject({ url: `/api/v1/projects/${'x'.repeat(2000)}`, headers: team.owner.auth });
    expect(res.statusCode).toBe(414);
    expect(isProblem(res, 414).code).toBe('uri_too_long');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('400 for a URL that does not decode', async () => {
    const res = await t.app.inject('/api/v1/projects/%E0%A4%A');
    expect(res.statusCode).toBe(400);
    isProblem(res, 400);
  });

  it('413, 415 and a body that is not JSON', async () => {
    const post = (headers: Record<string, string>, payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/businesses',
        headers: { ...team.owner.auth, ...headers },
        payload,
      });
    const big = await post(
      { 'content-type': 'application/json' },
      JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
    );
    expect(big.statusCode).toBe(413);
    expect(isProblem(big, 413).code).toBe('payload_too_large');
    const text = await post({ 'content-type': 'application/xml' }, '<name/>');
    expect(text.statusCode).toBe(415);
    expect(isProblem(text, 415).code).toBe('unsupported_media_type');
    const broken = await post({ 'content-type': 'application/json' }, '{"name":');
    expect(broken.statusCode).toBe(400);
    expect(isProblem(broken, 400).code).toBe('bad_request');
  });

  it("requests Node's parser refuses: 431, 414 and 400 as problems", async () => {
    const port = Number(new URL(t.origin).port);
    const huge = await rawRequest(
      port,
      `GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(huge).toMatch(/^HTTP\/1\.1 431 /);
    expect(huge).toMatch(/content-type: application\/problem\+json/i);
    expect(JSON.parse(huge.slice(huge.indexOf('\r\n\r\n') + 4))).toMatchObject({ status: 431 });
    // A 100,000-character URL is too long a URL, not too large headers.
    const longUrl = await rawRequest(
      port,
      `GET /api/v1/projects/${'x'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expect(longUrl).toMatch(/^HTTP\/1\.1 414 /);
    expect(longUrl).toMatch(/content-type: application\/problem\+json/i);
    expect(JSON.parse(longUrl.slice(longUrl.indexOf('\r\n\r\n') + 4))).toMatchObject({
      status: 414,
      code: 'uri_too_long',
    });
    const garbage = await rawRequest(port, 'NOT HTTP AT ALL\r\n\r\n');
    expect(garbage).toMatch(/^HTTP\/1\.1 400 /);
    expect(garbage).toMatch(/application\/problem\+json/i);
  });
});
