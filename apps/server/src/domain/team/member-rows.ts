import { and, eq } from 'drizzle-orm';
import { memberships } from '../../db/schema';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';

/** One membership of the project, or 404 (tenancy in the query). */
export async function findMembership(db: Db, { projectId, uid }: { projectId: string; uid: string }) {
  const [row] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.projectId, projectId), eq(memberships.uid, uid)))
    .limit(1);
  if (!row) throw notFound('Member');
  return row;
}
