import { type CreateItem, ITEM_LIMITS } from '@scanline/contracts';
import { count, eq, max } from 'drizzle-orm';
import { items } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { type Actor, actorId } from '../actor';
import { recordAudit } from '../audit/record-audit';
import { projectAccess } from '../projects/project-access';
import { blankToNull, checkPricedByVariants, taxRateText, variantsToStore } from './item-values';

export const catalogueFull = () =>
  new AppError(
    'conflict',
    `A catalogue holds at most ${ITEM_LIMITS.items} items; archive or edit some instead.`,
  );

/** Adds an item; without a position it goes last. */
export async function createItem(
  db: Db,
  opts: { actor: Actor; projectId: string; input: CreateItem; now: Date },
) {
  const { actor, projectId, input, now } = opts;
  await projectAccess(db, { actor, projectId, action: 'items.manage' });
  const variants = variantsToStore(input.variants ?? [], []);
  const price = input.price ?? null;
  checkPricedByVariants(price, variants);
  return db.transaction(async (tx) => {
    const [stats] = await tx
      .select({ n: count(), last: max(items.position) })
      .from(items)
      .where(eq(items.projectId, projectId));
    if ((stats?.n ?? 0) >= ITEM_LIMITS.items) throw catalogueFull();
    const [created] = await tx
      .insert(items)
      .values({
        id: newId('itm'),
        projectId,
        name: input.name,
        category: blankToNull(input.category) ?? null,
        price,
        taxRate: taxRateText(input.tax_rate) ?? null,
        sku: blankToNull(input.sku) ?? null,
        variants,
        position: input.position ?? (stats?.last ?? -1) + 1,
        createdBy: actorId(actor),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordAudit(tx, {
      actor,
      projectId,
      action: 'item.created',
      target: created!.id,
      now,
      metadata: { name: input.name },
    });
    return created!;
  });
}
