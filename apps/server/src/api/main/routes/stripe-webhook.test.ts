import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

describe('POST /api/v1/providers/stripe/webhook body shape', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(['[]', '[{"type":"payment_intent.succeeded"}]', '"event"', '42', 'null', 'true'])(
    'refuses %s (not a JSON object) with 400 problem+json, even with a signature',
    async (payload) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/providers/stripe/webhook',
        payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=deadbeef' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ code: 'bad_request' });
    },
  );

  it('still acknowledges a signed object about nothing of ours', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/providers/stripe/webhook',
      payload: '{"type":"charge.updated","data":{"object":{"id":"ch_1"}}}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=deadbeef' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, handled: false });
  });
});
