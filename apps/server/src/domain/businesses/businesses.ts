import type { createBusinessSchema, updateBusinessSchema } from '@scanline/contracts';
import { and, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { businesses, projects } from '../../db/schema';
import type { Config } from '../../platform/config';
import { seal } from '../../platform/crypto/secret-box';
import type { Db } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { type ListInput, pageInSql } from '../listing/page-in-sql';
import { businessListSpec } from '../listing/workspace-list-specs';
import { allProjectsChanged } from '../projects/project-access-cache';

export type BusinessRow = typeof businesses.$inferSelect;
type CreateBusiness = z.infer<typeof createBusinessSchema>;
type UpdateBusiness = z.infer<typeof updateBusinessSchema>;

function secretColumns(
  config: Config,
  input: Pick<CreateBusiness, 'stripe_secret_key' | 'stripe_webhook_secret'>,
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

function requireStripeKey(provider: string | undefined, hasKey: boolean) {
  if (provider === 'stripe' && !hasKey) {
    throw new AppError('validation_failed', 'Stripe needs a secret key.', [
      { path: 'body.stripe_secret_key', message: 'Required when payment_provider is stripe' },
    ]);
  }
}

export async function createBusiness(
  db: Db,
  config: Config,
  ownerUid: string,
  input: CreateBusiness,
  now: Date,
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
      ...secretColumns(config, input),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

/** The owner's businesses, filtered, sorted and keyset-paged in SQL (issue 9). */
export function listBusinesses(db: Db, ownerUid: string, input: ListInput) {
  return pageInSql<typeof businesses.$inferSelect>(
    db,
    businesses,
    businessListSpec,
    [eq(businesses.ownerUid, ownerUid)],
    input,
  );
}

/** Only the owner sees a business; anyone else gets the same 404 as for a missing one. */
export async function getOwnedBusiness(db: Db, ownerUid: string, id: string) {
  const [row] = await db
    .select()
    .from(businesses)
    .where(and(eq(businesses.id, id), eq(businesses.ownerUid, ownerUid)))
    .limit(1);
  if (!row) throw notFound('Business');
  return row;
}

export async function updateBusiness(
  db: Db,
  config: Config,
  ownerUid: string,
  id: string,
  input: UpdateBusiness,
  now: Date,
) {
  const current = await getOwnedBusiness(db, ownerUid, id);
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
      ...secretColumns(config, input),
      updatedAt: now,
    })
    .where(eq(businesses.id, current.id))
    .returning();
  // The provider is in the setup every project's transaction creates keep per process.
  if (provider !== current.paymentProvider) await allProjectsChanged(db);
  return row!;
}

/** Refused while a project (deleted ones included, until purged) charges through it. */
export async function deleteBusiness(db: Db, ownerUid: string, id: string) {
  await db.transaction(async (tx) => {
    const business = await getOwnedBusiness(tx, ownerUid, id);
    const [used] = await tx.select({ n: count() }).from(projects).where(eq(projects.businessId, business.id));
    if ((used?.n ?? 0) > 0) {
      throw new AppError('business_in_use', 'Projects still use this business; move or delete them first.');
    }
    await tx.delete(businesses).where(eq(businesses.id, business.id));
  });
}
