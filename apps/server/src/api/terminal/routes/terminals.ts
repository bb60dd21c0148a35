import {
  createTerminalSchema,
  fleetTerminalSchema,
  pageSchema,
  pairingCodeSchema,
  updateTerminalSchema,
} from '@scanline/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createTerminal } from '../../../domain/terminals/create-terminal';
import { disableTerminal } from '../../../domain/terminals/disable-terminal';
import { enableTerminal } from '../../../domain/terminals/enable-terminal';
import { getTerminal } from '../../../domain/terminals/get-terminal';
import { listTerminals } from '../../../domain/terminals/list-terminals';
import { createPairingCode } from '../../../domain/terminals/pairing';
import { rotateSticker } from '../../../domain/terminals/sticker';
import { terminalListSpec } from '../../../domain/terminals/terminal-list-spec';
import { updateTerminal } from '../../../domain/terminals/update-terminal';
import { listQueryOf } from '../../list-query-schema';
import { listRequestOf } from '../../list-request';
import { pathParams } from '../../params';
import { presentFleetTerminal } from '../../presenters/terminals';
import { managerOf } from '../caller';

const projectParams = pathParams('project_id');
const terminalParams = pathParams('project_id', 'terminal_id');
const tags = ['terminals'];
const security: Record<string, string[]>[] = [{ idToken: [] }, { apiKey: [] }];

/** Fleet management: admins/owner and write keys act; members and read keys read. */
export function terminalRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  const db = ctx.database.db;

  app.post(
    '/projects/:project_id/terminals',
    {
      schema: {
        tags,
        security,
        summary: 'Create a terminal (unpaired until a device trades a pairing code)',
        params: projectParams,
        body: createTerminalSchema,
        response: { 201: fleetTerminalSchema },
      },
    },
    async (request, reply) => {
      const row = await createTerminal(ctx.database, {
        actor: managerOf(request),
        projectId: request.params.project_id,
        input: request.body,
        now: ctx.now(),
      });
      return reply.status(201).send(presentFleetTerminal(row, ctx.config.publicUrl));
    },
  );

  app.get(
    '/projects/:project_id/terminals',
    {
      schema: {
        tags,
        security,
        summary: 'Terminals of a project',
        description:
          'Keyset pages (`limit`, `starting_after`), `sort` (`created_at`, `label`; `-` for descending) and ' +
          '`field[mode]=value` filters on status, kind, label, location, serial, last_seen_at, created_at.',
        params: projectParams,
        querystring: listQueryOf(terminalListSpec),
        response: { 200: pageSchema(fleetTerminalSchema) },
      },
    },
    async (request) => {
      const page = await listTerminals(db, {
        actor: managerOf(request),
        projectId: request.params.project_id,
        query: listRequestOf(request.query),
      });
      return {
        data: page.data.map((t) => presentFleetTerminal(t, ctx.config.publicUrl)),
        next_cursor: page.next_cursor,
      };
    },
  );

  app.get(
    '/projects/:project_id/terminals/:terminal_id',
    {
      schema: {
        tags,
        security,
        summary: 'One terminal',
        params: terminalParams,
        response: { 200: fleetTerminalSchema },
      },
    },
    async (request) => {
      const { project_id, terminal_id } = request.params;
      return presentFleetTerminal(
        await getTerminal(db, { actor: managerOf(request), projectId: project_id, terminalId: terminal_id }),
        ctx.config.publicUrl,
      );
    },
  );

  app.patch(
    '/projects/:project_id/terminals/:terminal_id',
    {
      schema: {
        tags,
        security,
        summary: 'Edit label, location or serial',
        params: terminalParams,
        body: updateTerminalSchema,
        response: { 200: fleetTerminalSchema },
      },
    },
    async (request) => {
      const { project_id, terminal_id } = request.params;
      const row = await updateTerminal(ctx.database, {
        actor: managerOf(request),
        projectId: project_id,
        terminalId: terminal_id,
        input: request.body,
        now: ctx.now(),
      });
      return presentFleetTerminal(row, ctx.config.publicUrl);
    },
  );

  app.post(
    '/projects/:project_id/terminals/:terminal_id/pairing-codes',
    {
      schema: {
        tags,
        security,
        summary: 'New pairing code (8 characters, 15 minutes, single use; voids the previous one)',
        params: terminalParams,
        response: { 201: pairingCodeSchema },
      },
    },
    async (request, reply) => {
      const { project_id, terminal_id } = request.params;
      const { code, expiresAt } = await createPairingCode(db, {
        actor: managerOf(request),
        projectId: project_id,
        terminalId: terminal_id,
        now: ctx.now(),
      });
      reply.header('cache-control', 'no-store');
      return reply.status(201).send({ code, expires_at: expiresAt.toISOString() });
    },
  );

  // Disable revokes the device token at once; enable returns the terminal unpaired.
  const switches = [
    ['disable', disableTerminal, 'Disable: the device token is revoked at once (its next request is 401)'],
    ['enable', enableTerminal, 'Enable a disabled terminal: it returns unpaired, and the device pairs again'],
  ] as const;
  for (const [verb, change, summary] of switches) {
    app.post(
      `/projects/:project_id/terminals/:terminal_id/${verb}`,
      { schema: { tags, security, summary, params: terminalParams, response: { 200: fleetTerminalSchema } } },
      async (request) => {
        const { project_id, terminal_id } = request.params;
        const { row } = await change(ctx.database, {
          actor: managerOf(request),
          projectId: project_id,
          terminalId: terminal_id,
          now: ctx.now(),
        });
        return presentFleetTerminal(row, ctx.config.publicUrl);
      },
    );
  }

  app.post(
    '/projects/:project_id/terminals/:terminal_id/sticker/rotate',
    {
      schema: {
        tags,
        security,
        summary: "Replace the terminal's sticker link (the old one stops at once)",
        description:
          'Every terminal has a static pay link, `sticker_url` (`PUBLIC_URL/s/{token}`), printed as a ' +
          'QR code. Rotating makes a new link; the printed old one stops working at once. Admins, owner, write keys.',
        params: terminalParams,
        response: { 200: fleetTerminalSchema },
      },
    },
    async (request) => {
      const { project_id, terminal_id } = request.params;
      const row = await rotateSticker(db, {
        actor: managerOf(request),
        projectId: project_id,
        terminalId: terminal_id,
        now: ctx.now(),
      });
      return presentFleetTerminal(row, ctx.config.publicUrl);
    },
  );
}
