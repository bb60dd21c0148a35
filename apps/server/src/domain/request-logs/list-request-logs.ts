import type { RequestLog } from '@scanline/contracts';
import { and, eq } from 'drizzle-orm';
import { apiKeys, requestLogs } from '../../db/schema';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { Actor } from '../actor';
import { andAll, buildList, type ListSpec, toPage } from '../listing/list-query';
import type { ListRequest } from '../listing/page-in-sql';
import { projectAccess } from '../projects/project-access';

/** What `GET …/request-logs` filters and sorts on; newest first. `key` is the key's prefix. */
export const requestLogListSpec: ListSpec = {
  columns: {
    created_at: { column: requestLogs.createdAt, type: 'date', sortable: true },
    status: { column: requestLogs.status, type: 'numeric', sortable: true },
    method: { column: requestLogs.method, type: 'text', values: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] },
    path: { column: requestLogs.path, type: 'text' },
    key: { column: requestLogs.keyPrefix, type: 'text' },
  },
  id: requestLogs.id,
  defaultSort: { field: 'created_at', direction: 'desc' },
};

type Row = { log: typeof requestLogs.$inferSelect; keyName: string | null };

const present = ({ log, keyName }: Row): RequestLog => ({
  id: log.id,
  method: log.method,
  route: log.route,
  path: log.path,
  status: log.status,
  duration_ms: log.durationMs,
  key: log.keyPrefix ? { id: log.keyId, prefix: log.keyPrefix, name: keyName } : null,
  terminal_id: log.terminalId,
  ip: log.ip,
  request_id: log.requestId,
  idempotency_key: log.idempotencyKey,
  request_body: log.requestBody ?? null,
  response_body: log.responseBody ?? null,
  created_at: log.createdAt.toISOString(),
});

// The key's name is read at list time, so a renamed key shows its current name.
const selectRows = (db: Db) =>
  db
    .select({ log: requestLogs, keyName: apiKeys.name })
    .from(requestLogs)
    .leftJoin(apiKeys, eq(apiKeys.id, requestLogs.keyId));

export async function listRequestLogs(
  db: Db,
  { actor, projectId, req }: { actor: Actor; projectId: string; req: ListRequest },
) {
  const { project } = await projectAccess(db, { actor, projectId, action: 'logs.read' });
  const list = buildList(requestLogListSpec, {
    filters: req.filters,
    sort: req.sort,
    timeZone: project.timeZone,
  });
  const rows = await selectRows(db)
    .where(
      andAll([
        eq(requestLogs.projectId, projectId),
        ...list.where,
        req.startingAfter ? list.after(requestLogs, req.startingAfter) : undefined,
      ]),
    )
    .orderBy(...list.orderBy)
    .limit(req.limit + 1);
  const result = toPage(rows, req.limit, (r) => r.log.id);
  return { data: result.data.map(present), next_cursor: result.next_cursor };
}

export async function getRequestLog(
  db: Db,
  { actor, projectId, id }: { actor: Actor; projectId: string; id: string },
) {
  await projectAccess(db, { actor, projectId, action: 'logs.read' });
  const [row] = await selectRows(db)
    .where(and(eq(requestLogs.projectId, projectId), eq(requestLogs.id, id)))
    .limit(1);
  if (!row) throw notFound('Request log');
  return present(row);
}
