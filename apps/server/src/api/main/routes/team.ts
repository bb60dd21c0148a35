import {
  createInvitationsSchema,
  invitationPreviewSchema,
  invitationSchema,
  memberSchema,
  noContentSchema,
  pageSchema,
  type Role,
  refusedInvitationSchema,
  roleSchema,
  updateMemberSchema,
} from '@scanline/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invitationListSpec, memberListSpec } from '../../../domain/listing/workspace-list-specs';
import { changeMemberRole } from '../../../domain/team/change-member-role';
import { inviteMembers } from '../../../domain/team/invite-members';
import { listInvitations } from '../../../domain/team/list-invitations';
import { listMembers } from '../../../domain/team/list-members';
import { mailInvitations } from '../../../domain/team/mail-invitations';
import { previewInvitation } from '../../../domain/team/preview-invitation';
import { removeMember } from '../../../domain/team/remove-member';
import { resendInvitation } from '../../../domain/team/resend-invitation';
import { respondToInvitation } from '../../../domain/team/respond-to-invitation';
import { revokeInvitation } from '../../../domain/team/revoke-invitation';
import { authenticateRequest } from '../../../platform/auth/authenticate';
import { requestLanguages } from '../../../platform/i18n/recipient-locale';
import { personCredentials } from '../../credential-verifiers';
import { listQueryOf } from '../../list-query-schema';
import { listRequestOf } from '../../list-request';
import { pathParams } from '../../params';
import { presentInvitation, presentMember } from '../../presenters/team';
import { actorOf, userActorOf } from '../actor';

const projectParams = pathParams('project_id');
const tags = ['team'];

/** Whose language an invitation falls back to: the inviting person's, and their request's. */
const inviterOf = (request: FastifyRequest) => {
  const actor = actorOf(request);
  return {
    inviterUid: actor.kind === 'user' ? actor.uid : null,
    languages: requestLanguages(request.headers),
  };
};

export function teamRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  const db = ctx.database.db;

  app.get(
    '/projects/:project_id/members',
    {
      schema: {
        tags,
        summary: 'Members of the project (filtered, sorted and paged)',
        description: 'Filter, sort and page like every list: `role[equals]=owner,admin`, `sort=email`.',
        params: projectParams,
        querystring: listQueryOf(memberListSpec).extend({
          role: roleSchema.optional(),
          q: z.string().max(120).optional(),
        }),
        response: { 200: pageSchema(memberSchema) },
      },
    },
    async (request) => {
      const q = request.query as Record<string, string | undefined> & { limit: number };
      const page = await listMembers(db, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        list: {
          // Validated by the schema above; the filters' index signature hides its type.
          role: q.role as Role | undefined,
          q: q.q,
          ...listRequestOf(q),
        },
      });
      return { data: page.data.map(presentMember), next_cursor: page.next_cursor };
    },
  );

  const memberParams = projectParams.extend({ user_id: z.string().min(1).max(128) });
  app.patch(
    '/projects/:project_id/members/:user_id',
    {
      schema: {
        response: { 204: noContentSchema },
        tags,
        summary: 'Change a role',
        params: memberParams,
        body: updateMemberSchema,
      },
    },
    async (request, reply) => {
      await changeMemberRole(db, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        uid: request.params.user_id,
        role: request.body.role,
        now: ctx.now(),
      });
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/projects/:project_id/members/:user_id',
    {
      schema: {
        response: { 204: noContentSchema },
        tags,
        summary: 'Remove a member, or leave',
        params: memberParams,
      },
    },
    async (request, reply) => {
      await removeMember(db, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        uid: request.params.user_id,
        now: ctx.now(),
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/projects/:project_id/invitations',
    {
      schema: {
        tags,
        summary: 'Invite people by email',
        description:
          'Each address stands alone: one that is not an email, or already a member, is listed in `refused` with ' +
          'its reason and the others are invited. With no one left to invite: 409 `already_member` (all were ' +
          'members) or 400 `validation_failed`.',
        params: projectParams,
        body: createInvitationsSchema,
        response: {
          201: z.object({ data: z.array(invitationSchema), refused: z.array(refusedInvitationSchema) }),
        },
      },
    },
    async (request, reply) => {
      const { project, issued, refused } = await inviteMembers(db, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        emails: request.body.emails,
        role: request.body.role,
        now: ctx.now(),
      });
      await mailInvitations(ctx, { projectName: project.name, issued, ...inviterOf(request) });
      return reply.status(201).send({ data: issued.map((i) => presentInvitation(i.invitation)), refused });
    },
  );

  app.get(
    '/projects/:project_id/invitations',
    {
      schema: {
        tags,
        summary: 'Pending invitations',
        params: projectParams,
        querystring: listQueryOf(invitationListSpec),
        response: { 200: pageSchema(invitationSchema) },
      },
    },
    async (request) => {
      const page = await listInvitations(db, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        now: ctx.now(),
        list: listRequestOf(request.query),
      });
      return { data: page.data.map(presentInvitation), next_cursor: page.next_cursor };
    },
  );

  const invitationParams = pathParams('project_id', 'invitation_id');
  app.delete(
    '/projects/:project_id/invitations/:invitation_id',
    {
      schema: {
        response: { 204: noContentSchema },
        tags,
        summary: 'Revoke an invitation',
        params: invitationParams,
      },
    },
    async (request, reply) => {
      await revokeInvitation(db, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        invitationId: request.params.invitation_id,
        now: ctx.now(),
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/projects/:project_id/invitations/:invitation_id/resend',
    {
      schema: {
        tags,
        summary: 'Send a fresh link',
        params: invitationParams,
        response: { 200: invitationSchema },
      },
    },
    async (request) => {
      const { project, issued } = await resendInvitation(db, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        invitationId: request.params.invitation_id,
        now: ctx.now(),
      });
      await mailInvitations(ctx, { projectName: project.name, issued, ...inviterOf(request) });
      return presentInvitation(issued[0]!.invitation);
    },
  );

  const tokenParams = z.object({ token: z.string().min(1).max(200) });
  app.get(
    '/invitations/:token',
    {
      // Signed out is fine (the link's token is the credential); a signed-in caller is still checked.
      config: { public: true },
      schema: {
        tags,
        summary: 'What an invitation is for',
        description:
          "Open to the link's holder signed out (the sign-in screens say who invited them to which project); " +
          'an invitation id (`inv_…`) only for a signed-in user.',
        // Signed out or signed in (`{}`: no credential): the link's token is the proof here
        // (43+ random characters, stored hashed).
        security: [{}, { idToken: [] }],
        params: tokenParams,
        response: { 200: invitationPreviewSchema },
      },
    },
    async (request) => {
      const signedIn = Boolean(request.headers.authorization);
      if (signedIn) {
        request.auth = await authenticateRequest(ctx, request, personCredentials);
        userActorOf(request);
      }
      const { invitation, projectName, inviter } = await previewInvitation(db, {
        tokenOrId: request.params.token,
        signedIn,
        now: ctx.now(),
      });
      return {
        inviter,
        project_id: invitation.projectId,
        project_name: projectName,
        role: invitation.role,
        email: invitation.email,
        invited_by: invitation.invitedBy,
        expires_at: invitation.expiresAt.toISOString(),
      };
    },
  );

  for (const response of ['accept', 'decline'] as const) {
    app.post(
      `/invitations/:token/${response}`,
      {
        schema: {
          tags,
          summary: `${response} an invitation`,
          params: tokenParams,
          response: { 200: z.object({ project_id: z.string() }) },
        },
      },
      async (request) => {
        const actor = userActorOf(request);
        const invitation = await respondToInvitation(ctx.database, {
          actor,
          token: request.params.token,
          response: response === 'accept' ? 'accepted' : 'declined',
          now: ctx.now(),
        });
        return { project_id: invitation.projectId };
      },
    );
  }
}
