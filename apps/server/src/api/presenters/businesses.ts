import type { Business } from '@scanline/contracts';
import type { BusinessRow } from '../../domain/businesses/business-rows';

export function presentBusiness(b: BusinessRow): Business {
  return {
    id: b.id,
    name: b.name,
    legal_name: b.legalName,
    country: b.country,
    default_currency: b.defaultCurrency,
    support_email: b.supportEmail,
    address: b.address
      ? {
          line1: b.address.line1 ?? '',
          line2: b.address.line2 ?? null,
          postal_code: b.address.postal_code ?? null,
          city: b.address.city ?? '',
          state: b.address.state ?? null,
          country: b.address.country ?? b.country,
        }
      : null,
    vat_id: b.vatId,
    payment_provider: b.paymentProvider,
    stripe_secret_key_last4: b.stripeSecretKeyLast4,
    stripe_publishable_key: b.stripePublishableKey,
    stripe_webhook_secret_set: Boolean(b.stripeWebhookSecretEnc),
    created_at: b.createdAt.toISOString(),
  };
}
