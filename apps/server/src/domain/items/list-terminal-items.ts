import { ITEM_LIMITS } from '@scanline/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { items } from '../../db/schema';
import type { Db } from '../../platform/db';
import type { DeviceCaller } from '../terminals/authenticate-device';

/** What a paired terminal sells: the project's items not archived, in the terminal's order, whole. */
export async function listTerminalItems(db: Db, { device }: { device: DeviceCaller }) {
  return db
    .select()
    .from(items)
    .where(and(eq(items.projectId, device.projectId), eq(items.archived, false)))
    .orderBy(asc(items.position), asc(items.id))
    .limit(ITEM_LIMITS.items);
}
