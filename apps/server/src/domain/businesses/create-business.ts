import type { createBusinessSchema } from '@scanline/contracts';
import type { z } from 'zod';
import { businesses } from '../../db/schema';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import { newId } from '../../platform/ids';
import { requireStripeKey, stripeSecretColumns } from './stripe-settings';

/** A new business owned by the caller (the seller of record its projects charge through). */
export async function createBusiness(
  db: Db,
  {
    config,
    ownerUid,
    input,
    now,
  }: { config: Config; ownerUid: string; input: z.infer<typeof createBusinessSchema>; now: Date },
) {
  requireStripeKey(input.payment_provider, Boolean(input.stripe_secret_key));
  const [row] = await db
    .insert(businesses)
    .values({
      id: newId('biz'),
      ownerUid,
      name: input.name,
      legalName: input.legal_name ?? null,
      country: input.country,
      defaultCurrency: input.default_currency,
      supportEmail: input.support_email ?? null,
      address: input.address ?? null,
      vatId: input.vat_id ?? null,
      paymentProvider: input.payment_provider,
      stripePublishableKey: input.stripe_publishable_key ?? null,
      ...stripeSecretColumns(config, input),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}
