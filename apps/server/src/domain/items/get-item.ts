import { and, eq } from 'drizzle-orm';
import { items } from '../../db/schema';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { Actor } from '../actor';
import { projectAccess } from '../projects/project-access';

/** One item, archived or not: a sale's item stays readable. */
export async function getItem(
  db: Db,
  { actor, projectId, itemId }: { actor: Actor; projectId: string; itemId: string },
) {
  await projectAccess(db, { actor, projectId, action: 'items.read' });
  const [row] = await db
    .select()
    .from(items)
    .where(and(eq(items.projectId, projectId), eq(items.id, itemId)))
    .limit(1);
  if (!row) throw notFound('Item');
  return row;
}
