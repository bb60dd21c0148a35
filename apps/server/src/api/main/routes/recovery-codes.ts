import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countFactors } from '../../../identity/mfa/factors';
import { RECOVERY_CODE_COUNT, replaceRecoveryCodes } from '../../../identity/mfa/recovery-codes';
import { requireUser } from '../../../platform/auth/authenticate';
import { AppError } from '../../../platform/errors';

/** Sign-ins older than this cannot make new recovery codes, as with Firebase's sensitive changes. */
const RECENT_SIGN_IN_S = 5 * 60;

export const recoveryCodesResponseSchema = z.object({
  codes: z.array(z.string()).length(RECOVERY_CODE_COUNT),
  created_at: z.string(),
});

export function recoveryCodeRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/me/recovery-codes',
    {
      schema: {
        tags: ['me'],
        summary: 'Make a new set of two-step recovery codes (the old set stops working)',
        description:
          'Answers 10 single-use codes once, in clear; they are stored hashed. Needs a sign-in from the last 5 minutes and an enrolled authenticator.',
        body: z.object({}).strict().optional(),
        response: { 201: recoveryCodesResponseSchema },
      },
    },
    async (request, reply) => {
      const principal = requireUser(request);
      const ctx = app.ctx;
      if (ctx.config.auth.provider !== 'builtin')
        throw new AppError('bad_request', 'Recovery codes belong to the built-in sign-in service.');
      if (ctx.now().getTime() / 1000 - principal.authTime > RECENT_SIGN_IN_S)
        throw new AppError('recent_sign_in_required', 'Sign in again to make new recovery codes.');
      if ((await countFactors(ctx.database.db, principal.uid)) === 0)
        throw new AppError('mfa_not_enrolled', 'Add an authenticator before making recovery codes.');
      const codes = await replaceRecoveryCodes(ctx, principal.uid);
      return reply.status(201).send({ codes, created_at: ctx.now().toISOString() });
    },
  );
}
