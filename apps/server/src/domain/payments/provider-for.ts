import type { businesses } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { open } from '../../platform/crypto/secret-box';
import { AppError } from '../../platform/errors';
import type { PaymentProvider, ProviderKind } from './provider';
import { simulatorProvider } from './simulator';

type BusinessRow = typeof businesses.$inferSelect;

/**
 * The provider a transaction was created with (its `provider` column), with the business's
 * keys. A transaction created on the simulator stays on it even if the business later moves.
 * The Stripe SDK loads on first use: a fifth of a second of every start otherwise.
 */
export async function providerFor(
  ctx: AppContext,
  kind: ProviderKind,
  business: BusinessRow,
): Promise<PaymentProvider> {
  if (kind === 'simulator') return simulatorProvider(ctx.database.db);
  if (!business.stripeSecretKeyEnc) {
    throw new AppError('provider_error', 'The merchant has no Stripe key; the payment cannot be taken.');
  }
  const { stripeClient, stripeProvider } = await import('./stripe-provider');
  return stripeProvider(stripeClient(ctx.config, open(ctx.config, business.stripeSecretKeyEnc)));
}
