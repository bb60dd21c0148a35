import type { createBusinessSchema } from '@scanline/contracts';
import type { z } from 'zod';
import type { Config } from '../../platform/config';
import { seal } from '../../platform/crypto/secret-box';
import { AppError } from '../../platform/errors';

/** The sealed Stripe secrets (and the key's last 4) from a create or an update. */
export function stripeSecretColumns(
  config: Config,
  input: Pick<z.infer<typeof createBusinessSchema>, 'stripe_secret_key' | 'stripe_webhook_secret'>,
) {
  return {
    ...(input.stripe_secret_key
      ? {
          stripeSecretKeyEnc: seal(config, input.stripe_secret_key),
          stripeSecretKeyLast4: input.stripe_secret_key.slice(-4),
        }
      : {}),
    ...(input.stripe_webhook_secret
      ? { stripeWebhookSecretEnc: seal(config, input.stripe_webhook_secret) }
      : {}),
  };
}

/** Stripe cannot charge without a secret key. */
export function requireStripeKey(provider: string | undefined, hasKey: boolean) {
  if (provider === 'stripe' && !hasKey) {
    throw new AppError('validation_failed', 'Stripe needs a secret key.', [
      { path: 'body.stripe_secret_key', message: 'Required when payment_provider is stripe' },
    ]);
  }
}
