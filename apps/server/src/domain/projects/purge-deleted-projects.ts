import { and, isNotNull, lt } from 'drizzle-orm';
import { projects } from '../../db/schema';
import type { Db } from '../../platform/db';
import { projectAccessChanged } from './project-access-cache';
import { RESTORE_WINDOW_MS } from './restore-window';

/** Run by the maintenance loop: removes projects deleted more than 30 days ago, with their data. */
export async function purgeDeletedProjects(db: Db, now: Date): Promise<number> {
  const purged = await db
    .delete(projects)
    .where(
      and(isNotNull(projects.deletedAt), lt(projects.deletedAt, new Date(now.getTime() - RESTORE_WINDOW_MS))),
    )
    .returning({ id: projects.id });
  for (const { id } of purged) await projectAccessChanged(db, id);
  return purged.length;
}
