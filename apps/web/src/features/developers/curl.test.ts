import type { RequestLog } from '@scanline/contracts';
import { describe, expect, it } from 'vitest';
import { curlFor } from './curl';

const log: RequestLog = {
  id: 'req_1',
  method: 'POST',
  route: '/terminal/v1/transactions',
  path: '/terminal/v1/transactions',
  status: 400,
  duration_ms: 3,
  key: { id: 'key_1', prefix: 'sl_abc', name: 'Register' },
  terminal_id: null,
  ip: '127.0.0.1',
  request_id: 'r1',
  idempotency_key: 'order-1042',
  request_body: { amount: -5, reference: "Bob's order" },
  response_body: { code: 'validation_failed' },
  created_at: '2026-11-25T08:00:00Z',
};

describe('copy as curl', () => {
  it('sends the same request again, with the key as a variable and quotes escaped', () => {
    expect(curlFor(log, 'https://scanline.example.com')).toBe(
      [
        "curl -X POST 'https://scanline.example.com/terminal/v1/transactions'",
        '  -H "Authorization: Bearer $SCANLINE_API_KEY"',
        "  -H 'Idempotency-Key: order-1042'",
        "  -H 'Content-Type: application/json'",
        `  --data '{"amount":-5,"reference":"Bob'\\''s order"}'`,
      ].join(' \\\n'),
    );
  });
  it('uses the device token for a terminal and sends no body for a GET', () => {
    const curl = curlFor(
      { ...log, method: 'GET', key: null, terminal_id: 'trm_1', request_body: null, idempotency_key: null },
      'http://127.0.0.1:3000',
    );
    expect(curl).toContain('$SCANLINE_DEVICE_TOKEN');
    expect(curl).not.toContain('--data');
  });
});
