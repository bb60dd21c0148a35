import { invitationSchema, myProjectSchema, type User, userSchema } from '@scanline/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentInvitation } from '../../domain/presenters/workspace';
import { listMyProjects } from '../../domain/projects/list-my-projects';
import { listInvitationsFor } from '../../domain/team/list-invitations-for';
import { findUserById } from '../../identity/users/find-user';
import { requireUser } from '../../platform/auth/authenticate';
import type { Principal } from '../../platform/auth/principal';
import type { AppContext } from '../../platform/context';

export const meResponseSchema = z.object({
  user: userSchema,
  projects: z.array(myProjectSchema),
  invitations: z.array(invitationSchema.extend({ project_id: z.string(), project_name: z.string() })),
});

/** The caller as the console shows them; profile fields come from the identity service's record. */
export async function presentUser(
  ctx: AppContext,
  principal: Extract<Principal, { kind: 'user' }>,
): Promise<User> {
  const user =
    ctx.config.auth.provider === 'builtin' ? await findUserById(ctx.database.db, principal.uid) : undefined;
  return {
    uid: principal.uid,
    email: user?.email ?? principal.email,
    email_verified: user?.emailVerified ?? principal.emailVerified,
    display_name: user?.displayName ?? null,
    photo_url: user?.photoUrl ?? null,
    sign_in_provider: principal.signInProvider,
  };
}

export function meRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/me',
      { schema: { tags: ['me'], summary: 'The signed-in user', response: { 200: meResponseSchema } } },
      async (request) => {
        const principal = requireUser(request);
        const user = await presentUser(app.ctx, principal);
        const ctx = app.ctx;
        const [projects, invitations] = await Promise.all([
          listMyProjects(ctx.database.db, { uid: principal.uid }),
          // Invitations are offered only to a proven address.
          user.email && user.email_verified
            ? listInvitationsFor(ctx.database.db, { email: user.email, now: ctx.now() })
            : [],
        ]);
        return {
          user,
          projects: projects.data.map((p) => ({
            id: p.project.id,
            name: p.project.name,
            role: p.role,
            currency: p.project.currency,
            require_mfa: p.project.requireMfa,
          })),
          invitations: invitations.map((i) => ({
            ...presentInvitation(i.invitation),
            project_id: i.invitation.projectId,
            project_name: i.projectName,
          })),
        };
      },
    );
}
