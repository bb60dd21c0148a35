import { terminalItemsSchema } from '@scanline/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listTerminalItems } from '../../../domain/items/list-terminal-items';
import { presentItem } from '../../presenters/items';
import { deviceOf } from '../caller';

/** What the paired terminal sells: its project's catalogue, archived items left out, whole. */
export function terminalItemRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = root.ctx.database.db;

  app.get(
    '/items',
    {
      schema: {
        tags: ['terminal devices'],
        security: [{ deviceToken: [] }],
        summary: "The paired terminal's catalogue (not archived, in position order)",
        description:
          'Device token. The whole catalogue in one answer (a shop has at most a few thousand items).',
        response: { 200: terminalItemsSchema },
      },
    },
    async (request) => ({
      data: (await listTerminalItems(db, { device: deviceOf(request) })).map(presentItem),
    }),
  );
}
