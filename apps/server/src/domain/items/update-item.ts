import type { UpdateItem } from '@scanline/contracts';
import { and, eq } from 'drizzle-orm';
import { items } from '../../db/schema';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { Actor } from '../actor';
import { recordAudit } from '../audit/record-audit';
import { projectAccess } from '../projects/project-access';
import { blankToNull, checkPricedByVariants, taxRateText, variantsToStore } from './item-values';

/**
 * Edits an item; what was sold keeps the name and price it was sold at (sales copy them).
 * `archived: false` brings an archived item back.
 */
export async function updateItem(
  db: Db,
  opts: { actor: Actor; projectId: string; itemId: string; input: UpdateItem; now: Date },
) {
  const { actor, projectId, itemId, input, now } = opts;
  await projectAccess(db, { actor, projectId, action: 'items.manage' });
  return db.transaction(async (tx) => {
    const where = and(eq(items.projectId, projectId), eq(items.id, itemId));
    const [before] = await tx.select().from(items).where(where).for('update');
    if (!before) throw notFound('Item');
    const variants =
      input.variants !== undefined ? variantsToStore(input.variants, before.variants) : before.variants;
    const price = input.price !== undefined ? input.price : before.price;
    checkPricedByVariants(price, variants);
    const [updated] = await tx
      .update(items)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.category !== undefined ? { category: blankToNull(input.category) } : {}),
        ...(input.sku !== undefined ? { sku: blankToNull(input.sku) } : {}),
        ...(input.tax_rate !== undefined ? { taxRate: taxRateText(input.tax_rate) } : {}),
        ...(input.position !== undefined ? { position: input.position } : {}),
        ...(input.archived !== undefined ? { archived: input.archived } : {}),
        price,
        variants,
        updatedAt: now,
      })
      .where(where)
      .returning();
    await recordAudit(tx, {
      actor,
      projectId,
      action: input.archived === true && !before.archived ? 'item.archived' : 'item.updated',
      target: itemId,
      now,
      metadata: { name: updated!.name, fields: Object.keys(input) },
    });
    return updated!;
  });
}
