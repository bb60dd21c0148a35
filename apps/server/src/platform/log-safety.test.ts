import { describe, expect, it } from 'vitest';
import {
  capLine,
  MAX_LINE_BYTES,
  redactObject,
  redactPatterns,
  repeatLimiter,
  serializeError,
} from './log-safety';

describe('log safety', () => {
  it('redacts values under secret keys at any depth', () => {
    const out = redactObject({
      user: { password: 'hunter2', email: 'a@b.c' },
      headers: { authorization: 'Bearer x', cookie: 'c=1' },
      list: [{ secret_hash: 'abc' }, { refreshToken: 'r' }],
      params: ['value'],
      apiKey: 'k',
    });
    expect(JSON.stringify(out)).not.toMatch(/hunter2|Bearer x|c=1|"abc"|"r"|value|"k"/);
    expect(out).toMatchObject({ user: { email: 'a@b.c', password: '[redacted]' } });
  });

  it("drops Drizzle's parameters and PostgreSQL's quoted values from errors", () => {
    const driver = Object.assign(new Error('duplicate key value violates unique constraint "users_email"'), {
      code: '23505',
      detail: 'Key (email)=(someone@example.com) already exists.',
      constraint: 'users_email',
    });
    const wrapped = new Error(
      'Failed query: insert into users values ($1, $2)\nparams: someone@example.com,s3cret',
      {
        cause: driver,
      },
    );
    const text = JSON.stringify(serializeError(wrapped));
    expect(text).not.toMatch(/someone@example\.com|s3cret|params:/);
    expect(text).toContain('users_email');
    expect(text).toContain('insert into users');
  });

  it('redacts secret shapes in finished lines: keys, tokens, hashes, card numbers', () => {
    const line = JSON.stringify({
      msg: [
        'sl_AbCdEfGh_0123456789abcdefghijABCDEFGHIJ',
        'sltd_0123456789abcdefghijABCDEFGHIJ0123456789',
        'whsec_MTIzNDU2Nzg5MDEyMzQ1Njc4OTAxMjM0',
        'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl',
        'Bearer opaque-token-value',
        'postgres://scanline:pa55word@db:5432/x',
        'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        'card 4242 4242 4242 4242 and 4000-0566-5566-5556',
      ].join(' '),
      time: 1795668646613,
    });
    const out = redactPatterns(line);
    expect(out).not.toMatch(
      /0123456789abcdefghij|MTIzNDU2|eyJzdWIi|opaque-token|pa55word|e3b0c442|4242 4242|5566-5556/,
    );
    // Timestamps and ordinary numbers survive.
    expect(out).toContain('1795668646613');
  });

  it('caps a line at 16 KiB, keeping level, time and message', () => {
    const line = `${JSON.stringify({ level: 50, time: 1, msg: 'big', blob: 'x'.repeat(40_000) })}\n`;
    const capped = capLine(line);
    expect(Buffer.byteLength(capped)).toBeLessThanOrEqual(MAX_LINE_BYTES);
    expect(JSON.parse(capped)).toMatchObject({ level: 50, msg: 'big', truncated: true });
  });

  it('writes a repeating failure once per interval, then how often it repeated', async () => {
    const limiter = repeatLimiter(200);
    const written: unknown[][] = [];
    const method = function (this: unknown, ...args: unknown[]) {
      written.push(args);
    };
    const err = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    for (let i = 0; i < 1_523; i++) limiter.logMethod.call({}, [{ err }, 'database unavailable'], method, 50);
    limiter.logMethod.call({}, [{ n: 1 }, 'something else'], method, 50);
    limiter.logMethod.call({}, ['an info line'], method, 30);
    expect(written).toHaveLength(3);
    await new Promise((r) => setTimeout(r, 1_300));
    limiter.stop();
    const summary = written.find((args) => String(args[1]).includes('repeated'));
    expect(summary?.[1]).toMatch(/^database unavailable …repeated 1,522 times in the last \d+ s$/);
  });
});
