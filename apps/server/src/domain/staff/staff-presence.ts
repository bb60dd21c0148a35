import { and, eq, isNull, sql } from 'drizzle-orm';
import { staff } from '../../db/schema';
import type { Db } from '../../platform/db';
import { projectCacheOf } from '../projects/project-access-cache';

interface StaffPresence {
  /** The project has enabled staff: its terminals are locked until a cashier signs in. */
  staffed: boolean;
}

/**
 * Whether a project's terminals need a cashier, read on every device create and
 * kept in the per-process project cache: adding, disabling, enabling or deleting staff drops it
 * here and on every replica (`projectAccessChanged`). A one-person shop with no staff pays one
 * cached lookup, then nothing.
 */
export async function projectHasStaff(db: Db, projectId: string): Promise<boolean> {
  const cache = projectCacheOf<StaffPresence>(db, 'staff_presence');
  const cached = cache?.get(projectId);
  if (cached) return cached.staffed;
  const generation = cache?.begin() ?? 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(staff)
    .where(and(eq(staff.projectId, projectId), isNull(staff.disabledAt)));
  const staffed = (row?.n ?? 0) > 0;
  cache?.set(projectId, projectId, { staffed }, generation);
  return staffed;
}
