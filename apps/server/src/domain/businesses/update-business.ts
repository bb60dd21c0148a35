import type { updateBusinessSchema } from '@scanline/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { businesses } from '../../db/schema';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import { allProjectsChanged } from '../projects/project-access-cache';
import { getOwnedBusiness } from './business-rows';
import { requireStripeKey, stripeSecretColumns } from './stripe-settings';

/** Edits a business: the fields sent change, the others keep their value. */
export async function updateBusiness(
  db: Db,
  {
    config,
    ownerUid,
    businessId,
    input,
    now,
  }: {
    config: Config;
    ownerUid: string;
    businessId: string;
    input: z.infer<typeof updateBusinessSchema>;
    now: Date;
  },
) {
  const current = await getOwnedBusiness(db, { ownerUid, businessId });
  const provider = input.payment_provider ?? current.paymentProvider;
  requireStripeKey(provider, Boolean(input.stripe_secret_key ?? current.stripeSecretKeyEnc));
  const [row] = await db
    .update(businesses)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.legal_name !== undefined ? { legalName: input.legal_name } : {}),
      ...(input.country !== undefined ? { country: input.country } : {}),
      ...(input.default_currency !== undefined ? { defaultCurrency: input.default_currency } : {}),
      ...(input.support_email !== undefined ? { supportEmail: input.support_email } : {}),
      ...(input.address !== undefined ? { address: input.address } : {}),
      ...(input.vat_id !== undefined ? { vatId: input.vat_id } : {}),
      paymentProvider: provider,
      ...(input.stripe_publishable_key !== undefined
        ? { stripePublishableKey: input.stripe_publishable_key }
        : {}),
      ...stripeSecretColumns(config, input),
      updatedAt: now,
    })
    .where(eq(businesses.id, current.id))
    .returning();
  // The provider is in the setup every project's transaction creates keep per process.
  if (provider !== current.paymentProvider) await allProjectsChanged(db);
  return row!;
}
