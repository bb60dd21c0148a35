import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { webhookEndpoints } from '../../db/schema';
import type { Config } from '../../platform/config';
import { open, seal } from '../../platform/crypto/secret-box';

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** Standard Webhooks secrets: `whsec_` + base64 of 24 random bytes (192 bits, as Svix's). */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

export const sealSecret = (config: Config, secret: string) => seal(config, secret);

// Opening a sealed secret and decoding it for HMAC is per endpoint, not per delivery. Keyed by
// the sealed text, which changes with every rotation; bounded so deleted endpoints age out.
const signers = new Map<string, Webhook>();
const SIGNERS_MAX = 1000;

function signerFor(config: Config, sealed: string): Webhook {
  let signer = signers.get(sealed);
  if (!signer) {
    if (signers.size >= SIGNERS_MAX) signers.clear();
    signer = new Webhook(open(config, sealed));
    signers.set(sealed, signer);
  }
  return signer;
}

type SigningEndpoint = Pick<EndpointRow, 'secretEnc' | 'previousSecretEnc' | 'previousSecretExpiresAt'>;

/**
 * Standard Webhooks `webhook-signature`: the current secret's signature, and during a
 * rotation's overlap the previous secret's too (space-separated), so receivers on either accept.
 */
export function signatureHeader(
  config: Config,
  endpoint: SigningEndpoint,
  msgId: string,
  at: Date,
  body: string,
): string {
  const current = signerFor(config, endpoint.secretEnc).sign(msgId, at, body);
  if (
    endpoint.previousSecretEnc &&
    endpoint.previousSecretExpiresAt &&
    endpoint.previousSecretExpiresAt > at
  ) {
    return `${current} ${signerFor(config, endpoint.previousSecretEnc).sign(msgId, at, body)}`;
  }
  return current;
}

export const currentSecret = (config: Config, endpoint: EndpointRow) => open(config, endpoint.secretEnc);
