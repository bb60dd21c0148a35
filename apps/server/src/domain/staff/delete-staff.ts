import { and, eq } from 'drizzle-orm';
import { staff } from '../../db/schema';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { Actor } from '../actor';
import { recordAudit } from '../audit/record-audit';
import { projectAccess } from '../projects/project-access';
import { projectAccessChanged } from '../projects/project-access-cache';

/**
 * Removes a staff member. Their cashier sessions go with them (cascade), so the
 * next request on any replica finds none; the transactions they took keep `cashier_id` and
 * `cashier_name` as plain columns.
 */
export async function deleteStaff(
  db: Db,
  opts: { actor: Actor; projectId: string; staffId: string; now: Date },
) {
  const { actor, projectId, staffId, now } = opts;
  await projectAccess(db, { actor, projectId, action: 'staff.manage' });
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(staff)
      .where(and(eq(staff.projectId, projectId), eq(staff.id, staffId)))
      .returning({ name: staff.name });
    if (!gone) throw notFound('Staff member');
    await recordAudit(tx, {
      actor,
      projectId,
      action: 'staff.deleted',
      target: staffId,
      now,
      metadata: { name: gone.name },
    });
  });
  await projectAccessChanged(db, projectId);
}
