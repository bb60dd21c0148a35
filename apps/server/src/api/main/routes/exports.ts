import { Readable } from 'node:stream';
import { timeZoneSchema } from '@scanline/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ExportKind, prepareExport } from '../../../domain/exports/export-list';
import type { ListSpec } from '../../../domain/listing/list-query';
import type { Action } from '../../../domain/policy';
import { projectAccess } from '../../../domain/projects/project-access';
import { scanListSpec } from '../../../domain/scans/scan-list-spec';
import { transactionListSpec } from '../../../domain/transactions/transaction-list-spec';
import { AppError } from '../../../platform/errors';
import { readOnReplica } from '../../../platform/read-your-writes';
import { listQueryOf } from '../../list-query-schema';
import { listRequestOf } from '../../list-request';
import { pathParams } from '../../params';
import { actorOf } from '../actor';

const params = pathParams('project_id');
// The list's query (filters `field[mode]=value`, `sort`), without paging; `time_zone` decides
// which instants a date filter's day covers (the project's zone by default).
const exportQueryOf = (spec: ListSpec) =>
  listQueryOf(spec)
    .omit({ limit: true, starting_after: true })
    .extend({
      time_zone: z
        .string()
        .max(64)
        .optional()
        .describe("Days of date filters in this zone (the project's by default)."),
    });

const KINDS: { kind: ExportKind; action: Action; summary: string; spec: ListSpec }[] = [
  {
    kind: 'transactions',
    action: 'transactions.read',
    summary: 'Export transactions as CSV (every row matching the filters)',
    spec: transactionListSpec,
  },
  {
    kind: 'scans',
    action: 'scans.read',
    summary: 'Export scans as CSV (every row matching the filters)',
    spec: scanListSpec,
  },
];

/**
 * CSV exports, streamed from keyset batches so memory stays flat. `cookieAuth`: a
 * plain download link works with the console's session cookie (GET only, no side effects).
 */
export function exportRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const now = () => root.ctx.now();

  for (const { kind, action, summary, spec } of KINDS) {
    app.get(
      `/projects/:project_id/${kind}/export.csv`,
      {
        config: { cookieAuth: true },
        schema: {
          tags: [kind],
          summary,
          params,
          querystring: exportQueryOf(spec),
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        // The count is read with the access check; the stream's pages then follow on the same
        // server (prepared.lines holds its handle).
        const { project, prepared } = await readOnReplica(request, async (db) => {
          const { project } = await projectAccess(db, {
            actor: actorOf(request),
            projectId: request.params.project_id,
            action,
          });
          const q = request.query as Record<string, string | undefined>;
          const timeZone = q.time_zone ?? project.timeZone;
          if (!timeZoneSchema.safeParse(timeZone).success) {
            throw new AppError('validation_failed', 'Unknown time zone.', [
              { path: 'query.time_zone', message: 'An IANA time zone, e.g. Europe/Paris.' },
            ]);
          }
          const { filters, sort } = listRequestOf(q);
          const prepared = await prepareExport(db, {
            kind,
            projectId: project.id,
            query: { filters, sort, timeZone },
          });
          return { project, prepared };
        });
        const day = now().toISOString().slice(0, 10);
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${kind}-${project.id}-${day}.csv"`)
          .header('cache-control', 'no-store');
        // Counted only up to EXPORT_COUNT_CAP rows: a bigger export goes without the header.
        if (prepared.total !== null) reply.header('x-total-count', String(prepared.total));
        // One batch read ahead, not Readable.from's default sixteen: the next batch is ready when
        // the client takes this one, and no more (memory, and CPU the first byte competes with).
        return reply.send(Readable.from(prepared.lines, { highWaterMark: 1 }));
      },
    );
  }
}
