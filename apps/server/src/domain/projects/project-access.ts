import type { Role } from '@scanline/contracts';
import { and, eq } from 'drizzle-orm';
import { memberships, projects } from '../../db/schema';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { Actor } from '../actor';
import { type Action, authorize } from '../policy';

export type ProjectRow = typeof projects.$inferSelect;

/**
 * The project as the actor may see it, after the policy check. Outsiders, other projects'
 * keys, and non-owners of a deleted project all get the same 404: nothing leaks.
 */
export async function projectAccess(
  db: Db,
  actor: Actor,
  projectId: string,
  action: Action,
  opts: { allowDeleted?: boolean } = {},
): Promise<{ project: ProjectRow; role: Role | null }> {
  if (actor.kind === 'api_key') {
    if (actor.projectId !== projectId) throw notFound('Project');
    const [project] = await db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
    if (!project || project.deletedAt) throw notFound('Project');
    authorize(actor, null, action);
    return { project, role: null };
  }
  const [row] = await db
    .select({ project: projects, role: memberships.role })
    .from(projects)
    .innerJoin(memberships, and(eq(memberships.projectId, projects.id), eq(memberships.uid, actor.uid)))
    .where(eq(projects.id, projectId))
    .limit(1);
  if (!row) throw notFound('Project');
  if (row.project.deletedAt && !(opts.allowDeleted && row.role === 'owner')) throw notFound('Project');
  authorize(actor, row.role, action);
  return row;
}
