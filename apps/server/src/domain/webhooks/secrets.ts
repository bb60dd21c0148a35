import { randomBytes } from 'node:crypto';
import type { webhookEndpoints } from '../../db/schema';
import type { Config } from '../../platform/config';
import { open, seal } from '../../platform/crypto/secret-box';

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** Standard Webhooks secrets: `whsec_` + base64 of 24 random bytes (192 bits, as Svix's). */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

export const sealSecret = (config: Config, secret: string) => seal(config, secret);

/** The secrets that sign right now: the current one, and during a rotation's overlap the previous one. */
export function signingSecrets(config: Config, endpoint: EndpointRow, now: Date): string[] {
  const secrets = [open(config, endpoint.secretEnc)];
  if (
    endpoint.previousSecretEnc &&
    endpoint.previousSecretExpiresAt &&
    endpoint.previousSecretExpiresAt > now
  ) {
    secrets.push(open(config, endpoint.previousSecretEnc));
  }
  return secrets;
}

export const currentSecret = (config: Config, endpoint: EndpointRow) => open(config, endpoint.secretEnc);
