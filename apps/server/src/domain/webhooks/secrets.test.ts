import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signWebhook, webhookSecretKey } from './secrets';

describe('webhook signatures', () => {
  it('are the ones standardwebhooks makes and verifies, for any body', () => {
    for (const body of [
      '{}',
      '{"type":"transaction.succeeded","data":{"note":"café ☕ 👩‍👩‍👧"}}',
      `{"data":"${'x'.repeat(70_000)}"}`,
    ]) {
      const secret = newWebhookSecret();
      const at = new Date();
      const signature = signWebhook(webhookSecretKey(secret), { msgId: 'evt_1', at, body });
      const library = new Webhook(secret);
      expect(signature).toBe(library.sign('evt_1', at, body));
      const headers = {
        'webhook-id': 'evt_1',
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': signature,
      };
      expect(() => library.verify(body, headers)).not.toThrow();
      expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    }
  });
});
