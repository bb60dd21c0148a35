import { count, eq } from 'drizzle-orm';
import { businesses, projects } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { getOwnedBusiness } from './business-rows';

/** Refused while a project (deleted ones included, until purged) charges through it. */
export async function deleteBusiness(
  db: Db,
  { ownerUid, businessId }: { ownerUid: string; businessId: string },
) {
  await db.transaction(async (tx) => {
    const business = await getOwnedBusiness(tx, { ownerUid, businessId });
    const [used] = await tx.select({ n: count() }).from(projects).where(eq(projects.businessId, business.id));
    if ((used?.n ?? 0) > 0) {
      throw new AppError('business_in_use', 'Projects still use this business; move or delete them first.');
    }
    await tx.delete(businesses).where(eq(businesses.id, business.id));
  });
}
