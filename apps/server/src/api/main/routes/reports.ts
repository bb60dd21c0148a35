import { type ItemReportQuery, itemReportQuerySchema, itemReportSchema } from '@scanline/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { projectAccess } from '../../../domain/projects/project-access';
import { getItemReport } from '../../../domain/reports/get-item-report';
import { itemReportCsv } from '../../../domain/reports/item-report-csv';
import { readOnReplica } from '../../../platform/read-your-writes';
import { pathParams } from '../../params';
import { actorOf } from '../actor';

const params = pathParams('project_id');
const tags = ['reports'];
const description =
  'What was sold over calendar days of the project’s time zone, per item and variant (or per category with ' +
  '`group=category`), read from rollups kept by the dashboard’s job (they trail payments and refunds by at most ' +
  '`lag_seconds`). `gross` is what the sold lines cost, `refunds` what refunds by line gave back, `net` = gross − ' +
  'refunds, `tax` the VAT included in `net`; amounts in minor units. See docs/guide/item-reports.md. A range with ' +
  '`from` after `to`, or longer than 400 days, is `422 invalid_date_range`.';

/** Access as the dashboard's (members, read keys, admins), then the report. */
const itemReportOf = (
  root: FastifyInstance,
  request: FastifyRequest,
  projectId: string,
  q: ItemReportQuery,
) =>
  readOnReplica(request, async (db) => {
    const { project } = await projectAccess(db, {
      actor: actorOf(request),
      projectId,
      action: 'dashboard.read',
    });
    const report = await getItemReport(db, {
      project,
      input: {
        from: q.from,
        to: q.to,
        terminalId: q.terminal_id,
        cashierId: q.cashier_id,
        currency: q.currency,
        group: q.group,
      },
      now: root.ctx.now(),
    });
    return report;
  });

export function reportRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/projects/:project_id/reports/items',
    {
      schema: {
        tags,
        summary: 'What was sold: quantity, gross, refunds, net and VAT per item and variant, or per category',
        description,
        params,
        querystring: itemReportQuerySchema,
        response: { 200: itemReportSchema },
      },
    },
    async (request) => itemReportOf(root, request, request.params.project_id, request.query),
  );

  app.get(
    '/projects/:project_id/reports/items.csv',
    {
      // A plain download link works with the console's session cookie, as the other exports.
      config: { cookieAuth: true },
      schema: {
        tags,
        summary: 'The item report as CSV',
        description: `${description} The CSV has the JSON's rows and columns, plus \`currency\`.`,
        params,
        querystring: itemReportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const report = await itemReportOf(root, request, request.params.project_id, request.query);
      const suffix = report.group === 'category' ? '-by-category' : '';
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="items-${report.project_id}-${report.from}-${report.to}${suffix}.csv"`,
        )
        .header('cache-control', 'no-store')
        .header('x-total-count', String(report.rows.length))
        .send(itemReportCsv(report));
    },
  );
}
