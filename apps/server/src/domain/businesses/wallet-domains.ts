import type { WalletDomain } from '@scanline/contracts';
import type { Config } from '../../platform/config';
import { open } from '../../platform/crypto/secret-box';
import { AppError } from '../../platform/errors';
import type { BusinessRow } from './business-rows';
import type { StripeEndpoint } from './test-stripe-connection';

/**
 * Apple Pay and Google Pay on the pay page (docs/guide/wallets.md): Stripe shows a wallet only
 * on a domain registered to the account (`/v1/payment_method_domains`), and Apple Pay only once
 * Apple could read the association file there. The pay page's domain is PUBLIC_URL's host.
 */
export async function walletDomain(
  config: Config,
  business: BusinessRow,
  options: { register: boolean; endpoint?: StripeEndpoint },
): Promise<WalletDomain> {
  const domain = new URL(config.publicUrl).hostname;
  const association = Boolean(config.applePayDomainAssociation);
  // The simulator's pay page has a wallet sheet of its own: nothing to register anywhere.
  if (business.paymentProvider !== 'stripe' || !business.stripeSecretKeyEnc) {
    return present({ provider: 'simulator', domain, apple_pay_association: association }, null);
  }
  const base = { provider: 'stripe' as const, domain, apple_pay_association: association };
  const { default: StripeSdk } = await import('stripe');
  const stripe = new StripeSdk(open(config, business.stripeSecretKeyEnc), {
    maxNetworkRetries: 1,
    timeout: 15_000,
    ...(options.endpoint ?? {}),
  });
  try {
    const found = (await stripe.paymentMethodDomains.list({ domain_name: domain, limit: 1 })).data[0];
    if (!options.register) return present(base, found ?? null);
    if (!isRegistrable(domain)) {
      throw new AppError(
        'conflict',
        `Stripe registers domain names, not ${domain}: set PUBLIC_URL to the pay page's public https address.`,
      );
    }
    // Registered already: ask Stripe (and Apple) to check it again, e.g. after the file was added.
    const after = found
      ? await stripe.paymentMethodDomains.validate(found.id)
      : await stripe.paymentMethodDomains.create({ domain_name: domain, enabled: true });
    return present(base, after);
  } catch (error) {
    if (error instanceof AppError) throw error;
    const e = error as { type?: string; message?: string };
    if (e.type === 'StripeAuthenticationError' || e.type === 'StripePermissionError') {
      throw new AppError('provider_error', `Stripe refused the key: ${e.message}`);
    }
    if (e.type === 'StripeInvalidRequestError') {
      throw new AppError('provider_error', `Stripe did not register ${domain}: ${e.message}`);
    }
    throw new AppError('service_unavailable', `Stripe could not be reached: ${e.message ?? 'unknown error'}`);
  }
}

/** Not an IP address or a single label such as `localhost`: what Stripe accepts as a domain. */
const isRegistrable = (host: string) => host.includes('.') && !/^[\d.]+$/.test(host) && !host.includes(':');

type Status = { status: string; status_details?: { error_message?: string } | null };

function present(
  base: { provider: 'simulator' | 'stripe'; domain: string; apple_pay_association: boolean },
  d: { id: string; enabled: boolean; apple_pay: Status; google_pay: Status } | null,
): WalletDomain {
  const wallet = (s: Status | undefined) =>
    d && s
      ? {
          status: s.status === 'active' ? ('active' as const) : ('inactive' as const),
          detail: s.status_details?.error_message ?? null,
        }
      : null;
  return {
    ...base,
    registered: Boolean(d),
    payment_method_domain_id: d?.id ?? null,
    enabled: d?.enabled ?? false,
    apple_pay: wallet(d?.apple_pay),
    google_pay: wallet(d?.google_pay),
  };
}
