import type { businesses } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { open } from '../../platform/crypto/secret-box';
import { AppError } from '../../platform/errors';
import type { PaymentProvider, ProviderKind } from './provider';
import { simulatorProvider } from './simulator';
import { stripeClient, stripeProvider } from './stripe-provider';

type BusinessRow = typeof businesses.$inferSelect;

/**
 * The provider a transaction was created with (its `provider` column), with the business's
 * keys. A transaction created on the simulator stays on it even if the business later moves.
 */
export function providerFor(ctx: AppContext, kind: ProviderKind, business: BusinessRow): PaymentProvider {
  if (kind === 'simulator') return simulatorProvider(ctx.database.db);
  if (!business.stripeSecretKeyEnc) {
    throw new AppError('provider_error', 502, 'The merchant has no Stripe key; the payment cannot be taken.');
  }
  return stripeProvider(stripeClient(ctx.config, open(ctx.config, business.stripeSecretKeyEnc)));
}
