import { createHmac, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import type { webhookEndpoints } from '../../db/schema';
import type { Config } from '../../platform/config';
import { open, seal } from '../../platform/crypto/secret-box';

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** Standard Webhooks secrets: `whsec_` + base64 of 24 random bytes (192 bits, as Svix's). */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

export const sealSecret = (config: Config, secret: string) => seal(config, secret);

// Opening a sealed secret and decoding it for HMAC is per endpoint, not per delivery. Keyed by
// the sealed text, which changes with every rotation; bounded so deleted endpoints age out.
const keys = new Map<string, KeyObject>();
const KEYS_MAX = 1000;

/** The HMAC key of a `whsec_…` secret: the bytes its base64 part encodes (as `standardwebhooks` reads it). */
export const webhookSecretKey = (secret: string): KeyObject =>
  createSecretKey(
    Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64'),
  );

function keyFor(config: Config, sealed: string): KeyObject {
  let key = keys.get(sealed);
  if (!key) {
    if (keys.size >= KEYS_MAX) keys.clear();
    key = webhookSecretKey(open(config, sealed));
    keys.set(sealed, key);
  }
  return key;
}

/**
 * One Standard Webhooks signature, `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`. Node's
 * HMAC rather than `standardwebhooks`' own, whose SHA-256 in JavaScript took a tenth of a
 * send's CPU; the library still verifies it in the tests.
 */
export const signWebhook = (key: KeyObject, { msgId, at, body }: { msgId: string; at: Date; body: string }) =>
  `v1,${createHmac('sha256', key)
    .update(`${msgId}.${Math.floor(at.getTime() / 1000)}.${body}`)
    .digest('base64')}`;

type SigningEndpoint = Pick<EndpointRow, 'secretEnc' | 'previousSecretEnc' | 'previousSecretExpiresAt'>;

/**
 * Standard Webhooks `webhook-signature`: the current secret's signature, and during a
 * rotation's overlap the previous secret's too (space-separated), so receivers on either accept.
 */
export function signatureHeader(
  config: Config,
  { endpoint, msgId, at, body }: { endpoint: SigningEndpoint; msgId: string; at: Date; body: string },
): string {
  const current = signWebhook(keyFor(config, endpoint.secretEnc), { msgId, at, body });
  if (
    endpoint.previousSecretEnc &&
    endpoint.previousSecretExpiresAt &&
    endpoint.previousSecretExpiresAt > at
  ) {
    return `${current} ${signWebhook(keyFor(config, endpoint.previousSecretEnc), { msgId, at, body })}`;
  }
  return current;
}

export const currentSecret = (config: Config, endpoint: EndpointRow) => open(config, endpoint.secretEnc);
