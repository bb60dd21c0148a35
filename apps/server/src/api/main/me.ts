import {
  invitationSchema,
  myProjectSchema,
  type User,
  updateMeSchema,
  userSchema,
} from '@scanline/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { updateMe } from '../../domain/me/update-me';
import { listMyProjects } from '../../domain/projects/list-my-projects';
import { listInvitationsFor } from '../../domain/team/list-invitations-for';
import { findUserById } from '../../identity/users/find-user';
import { requireUser } from '../../platform/auth/authenticate';
import type { Principal } from '../../platform/auth/principal';
import type { AppContext } from '../../platform/context';
import { accountLocale } from '../../platform/i18n/account-locale';
import { presentInvitation } from '../presenters/team';

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
  const [user, locale] = await Promise.all([
    ctx.config.auth.provider === 'builtin' ? findUserById(ctx.database.db, principal.uid) : undefined,
    accountLocale(ctx.database.db, principal.uid),
  ]);
  return {
    uid: principal.uid,
    email: user?.email ?? principal.email,
    email_verified: user?.emailVerified ?? principal.emailVerified,
    display_name: user?.displayName ?? null,
    photo_url: user?.photoUrl ?? null,
    sign_in_provider: principal.signInProvider,
    locale,
  };
}

export function meRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().patch(
    '/me',
    {
      schema: {
        tags: ['me'],
        summary: 'Change the signed-in user’s settings: their language',
        description:
          'The language of the console and of the emails Scanline sends this user: `en`, `de`, `fr`, `es`, or the pseudo-locale `en-XA` (accented, longer text for finding untranslated words). `null` follows the browser’s language again. Answers the user as `GET /api/v1/me` does.',
        body: updateMeSchema,
        response: { 200: userSchema },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      await updateMe(app.ctx.database.db, {
        uid: principal.uid,
        locale: request.body.locale,
        now: app.ctx.now(),
      });
      return presentUser(app.ctx, principal);
    },
  );
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
