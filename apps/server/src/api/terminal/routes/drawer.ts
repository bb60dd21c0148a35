import { createDrawerMovementSchema, drawerSchema, openDrawerSchema } from '@scanline/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { addDrawerMovement } from '../../../domain/drawers/add-drawer-movement';
import { getDrawer } from '../../../domain/drawers/get-drawer';
import { openDrawer } from '../../../domain/drawers/open-drawer';
import { pathParams } from '../../params';
import { presentDrawer } from '../../presenters/drawers';
import { cashierCallerOf, deviceOf } from '../caller';

const terminalParams = pathParams('project_id', 'terminal_id');
const tags = ['drawer'];
const security: Record<string, string[]>[] = [{ deviceToken: [] }, { apiKey: [] }, { idToken: [] }];
const deviceSecurity: Record<string, string[]>[] = [{ deviceToken: [] }];

const OPEN =
  'Opens the drawer with `float` (minor units, the project currency): the cash put in to give change from. ' +
  'Cash tenders need an open drawer (409 `drawer_closed`); one already open is 409 `drawer_already_open`. ' +
  'The close counts the drawer and ends it (docs/guide/drawer.md).';
const READ =
  '`expected` = float + cash_sales − cash_refunds + paid_in − paid_out. With no drawer open: `status: closed`, ' +
  'every figure 0.';
const MOVE =
  '`paid_in` / `paid_out` take an `amount`, `no_sale` (the drawer opened without a sale) none; every one a ' +
  '`reason`. Where staff sign in, paid out and no sale need a manager’s Cashier-Session (403 `manager_required`).';

/** The cash drawer: the device for its own terminal, people and keys for any of the project's. */
export function drawerRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  const db = ctx.database.db;
  const own = (request: FastifyRequest) => {
    const device = deviceOf(request);
    return { projectId: device.projectId, terminalId: device.terminalId };
  };

  app.post(
    '/drawer/open',
    {
      schema: {
        tags,
        security: deviceSecurity,
        summary: "Open the device's own cash drawer with a float",
        description: OPEN,
        body: openDrawerSchema,
        response: { 201: drawerSchema },
      },
    },
    async (request, reply) => {
      const drawer = await openDrawer(db, {
        caller: await cashierCallerOf(request),
        ...own(request),
        input: request.body,
        now: ctx.now,
      });
      return reply.status(201).send(presentDrawer(drawer));
    },
  );
  app.get(
    '/drawer',
    {
      schema: {
        tags,
        security: deviceSecurity,
        summary: "The device's own cash drawer as it stands",
        description: READ,
        response: { 200: drawerSchema },
      },
    },
    async (request) =>
      presentDrawer(await getDrawer(db, { caller: await cashierCallerOf(request), ...own(request) })),
  );
  app.post(
    '/drawer/movements',
    {
      schema: {
        tags,
        security: deviceSecurity,
        summary: "Pay cash in or out of the device's own drawer, or open it with no sale",
        description: MOVE,
        body: createDrawerMovementSchema,
        response: { 201: drawerSchema },
      },
    },
    async (request, reply) => {
      const drawer = await addDrawerMovement(db, {
        caller: await cashierCallerOf(request),
        ...own(request),
        input: request.body,
        now: ctx.now,
      });
      return reply.status(201).send(presentDrawer(drawer));
    },
  );

  const at = (request: { params: z.infer<typeof terminalParams> }) => ({
    projectId: request.params.project_id,
    terminalId: request.params.terminal_id,
  });
  app.post(
    '/projects/:project_id/terminals/:terminal_id/drawer/open',
    {
      schema: {
        tags,
        security,
        summary: "Open a terminal's cash drawer with a float",
        description: `${OPEN} A device may act only on its own terminal.`,
        params: terminalParams,
        body: openDrawerSchema,
        response: { 201: drawerSchema },
      },
    },
    async (request, reply) => {
      const drawer = await openDrawer(db, {
        caller: await cashierCallerOf(request),
        ...at(request),
        input: request.body,
        now: ctx.now,
      });
      return reply.status(201).send(presentDrawer(drawer));
    },
  );
  app.get(
    '/projects/:project_id/terminals/:terminal_id/drawer',
    {
      schema: {
        tags,
        security,
        summary: "A terminal's cash drawer as it stands",
        description: READ,
        params: terminalParams,
        response: { 200: drawerSchema },
      },
    },
    async (request) =>
      presentDrawer(await getDrawer(db, { caller: await cashierCallerOf(request), ...at(request) })),
  );
  app.post(
    '/projects/:project_id/terminals/:terminal_id/drawer/movements',
    {
      schema: {
        tags,
        security,
        summary: "Pay cash in or out of a terminal's drawer, or open it with no sale",
        description: MOVE,
        params: terminalParams,
        body: createDrawerMovementSchema,
        response: { 201: drawerSchema },
      },
    },
    async (request, reply) => {
      const drawer = await addDrawerMovement(db, {
        caller: await cashierCallerOf(request),
        ...at(request),
        input: request.body,
        now: ctx.now,
      });
      return reply.status(201).send(presentDrawer(drawer));
    },
  );
}
