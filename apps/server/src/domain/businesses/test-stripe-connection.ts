import type { Config } from '../../platform/config';
import { open } from '../../platform/crypto/secret-box';
import { AppError } from '../../platform/errors';
import type { BusinessRow } from './business-rows';

export interface StripeEndpoint {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

/** Where the Stripe SDK is sent: STRIPE_API_BASE (a local stand-in in tests), else Stripe. */
export function stripeEndpoint(config: Config): StripeEndpoint | undefined {
  if (!config.stripeApiBase) return undefined;
  const base = new URL(config.stripeApiBase);
  return {
    host: base.hostname,
    port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
    protocol: base.protocol.replace(':', '') as 'http' | 'https',
  };
}

/**
 * "Test connection": asks Stripe for the account balance with the stored key. The endpoint
 * is injectable because Stripe's servers are unreachable from tests (a local stand-in answers).
 */
export async function testStripeConnection(config: Config, business: BusinessRow, endpoint?: StripeEndpoint) {
  if (business.paymentProvider !== 'stripe' || !business.stripeSecretKeyEnc) {
    return { ok: true, provider: 'simulator', detail: 'The payment simulator needs no connection.' };
  }
  // The SDK is loaded when first used, not at every start (docs/develop/benchmarks.md).
  const { default: Stripe } = await import('stripe');
  const stripe = new Stripe(open(config, business.stripeSecretKeyEnc), {
    maxNetworkRetries: 0,
    timeout: 10_000,
    ...(endpoint ?? {}),
  });
  try {
    const balance = await stripe.balance.retrieve();
    return { ok: true, provider: 'stripe', detail: `Connected (livemode: ${balance.livemode}).` };
  } catch (error) {
    const e = error as { type?: string; message?: string };
    if (e.type === 'StripeAuthenticationError' || e.type === 'StripePermissionError') {
      return { ok: false, provider: 'stripe', detail: `Stripe refused the key: ${e.message}` };
    }
    throw new AppError('service_unavailable', `Stripe could not be reached: ${e.message ?? 'unknown error'}`);
  }
}
