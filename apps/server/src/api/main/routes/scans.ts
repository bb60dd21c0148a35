import { pageSchema, scanSchema } from '@scanline/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { presentScan } from '../../../domain/presenters/payments';
import { getScan, listScans } from '../../../domain/scans/list-scans';
import { scanListSpec } from '../../../domain/scans/scan-list-spec';
import { listQueryOf } from '../../list-query-schema';
import { listRequestOf } from '../../list-request';
import { pathParams } from '../../params';
import { actorOf } from '../actor';

const params = pathParams('project_id');
const tags = ['scans'];

export function scanRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = root.ctx.database.db;

  app.get(
    '/projects/:project_id/scans',
    {
      schema: {
        tags,
        summary: 'Scans of a project',
        description: 'Filters as `field[mode]=value`: outcome, terminal_id, transaction_id, created_at.',
        params,
        querystring: listQueryOf(scanListSpec),
        response: { 200: pageSchema(scanSchema) },
      },
    },
    async (request) => {
      const page = await listScans(db, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        req: listRequestOf(request.query),
      });
      return { data: page.data.map((r) => presentScan(r.scan, r.label)), next_cursor: page.next_cursor };
    },
  );

  app.get(
    '/projects/:project_id/scans/:scan_id',
    {
      schema: {
        tags,
        summary: 'One scan',
        params: pathParams('project_id', 'scan_id'),
        response: { 200: scanSchema },
      },
    },
    async (request) => {
      const row = await getScan(db, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        id: request.params.scan_id,
      });
      return presentScan(row.scan, row.label);
    },
  );
}
