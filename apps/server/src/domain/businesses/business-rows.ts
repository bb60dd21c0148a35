import { and, eq } from 'drizzle-orm';
import { businesses } from '../../db/schema';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';

export type BusinessRow = typeof businesses.$inferSelect;

/** Only the owner sees a business; anyone else gets the same 404 as for a missing one. */
export async function getOwnedBusiness(
  db: Db,
  { ownerUid, businessId: id }: { ownerUid: string; businessId: string },
): Promise<BusinessRow> {
  const [row] = await db
    .select()
    .from(businesses)
    .where(and(eq(businesses.id, id), eq(businesses.ownerUid, ownerUid)))
    .limit(1);
  if (!row) throw notFound('Business');
  return row;
}
