import { STAFF_MAX } from '@scanline/contracts';
import { asc, eq } from 'drizzle-orm';
import { staff } from '../../db/schema';
import type { Db } from '../../platform/db';
import type { Actor } from '../actor';
import { projectAccess } from '../projects/project-access';

/** A project's staff, oldest first: a shop has a handful, listed whole. */
export async function listStaff(db: Db, opts: { actor: Actor; projectId: string }) {
  await projectAccess(db, { actor: opts.actor, projectId: opts.projectId, action: 'staff.manage' });
  return db
    .select()
    .from(staff)
    .where(eq(staff.projectId, opts.projectId))
    .orderBy(asc(staff.createdAt), asc(staff.id))
    .limit(STAFF_MAX);
}
