import { eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema';
import type { Db } from '../../platform/db';
import type { Actor } from '../actor';
import { type ListInput, pageInSql } from '../listing/page-in-sql';
import { auditListSpec } from '../listing/workspace-list-specs';
import { projectAccess } from '../projects/project-access';
import { auditLabels } from './audit-labels';

/** The project's audit log, filtered and keyset-paged in SQL (admins). */
export async function listAudit(
  db: Db,
  { actor, projectId, input }: { actor: Actor; projectId: string; input: Omit<ListInput, 'timeZone'> },
) {
  const { project } = await projectAccess(db, { actor, projectId, action: 'audit.read' });
  const page = await pageInSql<typeof auditLog.$inferSelect>(db, {
    table: auditLog,
    spec: auditListSpec,
    scope: [eq(auditLog.projectId, projectId)],
    input: {
      ...input,
      timeZone: project.timeZone,
    },
  });
  return { ...page, labels: await auditLabels(db, projectId, page.data) };
}
