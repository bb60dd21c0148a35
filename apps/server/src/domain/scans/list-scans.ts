import { and, eq } from 'drizzle-orm';
import { scans, terminals } from '../../db/schema';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { Actor } from '../actor';
import { andAll, buildList, toPage } from '../listing/list-query';
import type { ListRequest } from '../listing/page-in-sql';
import { projectAccess } from '../projects/project-access';
import { scanListSpec } from './scan-list-spec';

const labelJoin = and(eq(terminals.id, scans.terminalId), eq(terminals.projectId, scans.projectId));

/** `GET …/scans` (outcome, terminal_id, created_at filters), in SQL with keyset pages. */
export async function listScans(
  db: Db,
  { actor, projectId, req }: { actor: Actor; projectId: string; req: ListRequest },
) {
  const { project } = await projectAccess(db, { actor, projectId, action: 'scans.read' });
  const list = buildList(scanListSpec, {
    filters: req.filters,
    sort: req.sort,
    timeZone: project.timeZone,
  });
  const rows = await db
    .select({ scan: scans, label: terminals.label })
    .from(scans)
    .leftJoin(terminals, labelJoin)
    .where(
      andAll([
        eq(scans.projectId, projectId),
        ...list.where,
        req.startingAfter ? list.after(scans, req.startingAfter) : undefined,
      ]),
    )
    .orderBy(...list.orderBy)
    .limit(req.limit + 1);
  const result = toPage(rows, req.limit, (r) => r.scan.id);
  return result;
}

export async function getScan(
  db: Db,
  { actor, projectId, id }: { actor: Actor; projectId: string; id: string },
) {
  await projectAccess(db, { actor, projectId, action: 'scans.read' });
  const [row] = await db
    .select({ scan: scans, label: terminals.label })
    .from(scans)
    .leftJoin(terminals, labelJoin)
    .where(and(eq(scans.projectId, projectId), eq(scans.id, id)))
    .limit(1);
  if (!row) throw notFound('Scan');
  return row;
}
