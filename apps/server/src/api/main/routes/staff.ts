import {
  createStaffSchema,
  noContentSchema,
  staffListSchema,
  staffSchema,
  updateStaffSchema,
} from '@scanline/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createStaff } from '../../../domain/staff/create-staff';
import { deleteStaff } from '../../../domain/staff/delete-staff';
import { listStaff } from '../../../domain/staff/list-staff';
import { updateStaff } from '../../../domain/staff/update-staff';
import { pinLookupKey } from '../../../platform/crypto/pin-lookup';
import { pathParams } from '../../params';
import { presentStaff } from '../../presenters/staff';
import { actorOf } from '../actor';

const params = pathParams('project_id');
const staffParams = pathParams('project_id', 'staff_id');
const tags = ['staff'];

/** The people who sign in to the project's terminals with a PIN. Admins and owners. */
export function staffRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  const db = ctx.database.db;

  app.get(
    '/projects/:project_id/staff',
    {
      schema: {
        tags,
        summary: "The project's staff (cashiers and managers)",
        description: 'Admins and owners. PINs are never shown: they are kept as slow hashes.',
        params,
        response: { 200: staffListSchema },
      },
    },
    async (request) => {
      const rows = await listStaff(db, { actor: actorOf(request), projectId: request.params.project_id });
      return { data: rows.map(presentStaff) };
    },
  );

  app.post(
    '/projects/:project_id/staff',
    {
      schema: {
        tags,
        summary: 'Add a cashier or manager with a PIN',
        description:
          'Admins and owners. `pin`: 4–6 digits, unique in the project (409 `pin_in_use`). Once the project has ' +
          'enabled staff, its terminals are locked until a cashier signs in.',
        params,
        body: createStaffSchema,
        response: { 201: staffSchema },
      },
    },
    async (request, reply) => {
      const row = await createStaff(db, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        input: request.body,
        pinKey: pinLookupKey(ctx.config),
        now: ctx.now(),
      });
      return reply.status(201).send(presentStaff(row));
    },
  );

  app.patch(
    '/projects/:project_id/staff/:staff_id',
    {
      schema: {
        tags,
        summary: 'Rename, change the role or PIN of, disable or enable a staff member',
        description:
          'Admins and owners. Disabling (and a new PIN or role) ends their cashier sessions at once on every ' +
          'replica. 409 `pin_in_use` when another staff member has the PIN.',
        params: staffParams,
        body: updateStaffSchema,
        response: { 200: staffSchema },
      },
    },
    async (request) => {
      const row = await updateStaff(db, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        staffId: request.params.staff_id,
        input: request.body,
        pinKey: pinLookupKey(ctx.config),
        now: ctx.now(),
      });
      return presentStaff(row);
    },
  );

  app.delete(
    '/projects/:project_id/staff/:staff_id',
    {
      schema: {
        tags,
        summary: 'Delete a staff member (their sessions end; their sales keep their name)',
        params: staffParams,
        response: { 204: noContentSchema },
      },
    },
    async (request, reply) => {
      await deleteStaff(db, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        staffId: request.params.staff_id,
        now: ctx.now(),
      });
      return reply.status(204).send(null);
    },
  );
}
