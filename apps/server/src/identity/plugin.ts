import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { installIdentityCors } from './cors';
import { federatedRoutes } from './federated/federated-routes';
import { IdentityError, installIdentityErrorHandler } from './identity-error';
import { applyOobCode } from './oob/apply-oob-code';
import { deleteRoute } from './routes/delete';
import { lookupRoute } from './routes/lookup';
import { mfaEnrollmentRoutes } from './routes/mfa-enrollment';
import { mfaSignInRoutes } from './routes/mfa-sign-in';
import { projectSettingsRoutes } from './routes/project-settings';
import { resetPasswordRoute } from './routes/reset-password';
import { secureTokenRoute } from './routes/secure-token';
import { sendOobCodeRoute } from './routes/send-oob-code';
import { signInWithEmailLinkRoute } from './routes/sign-in-with-email-link';
import { signInWithIdpRoute } from './routes/sign-in-with-idp';
import { signInWithPasswordRoute } from './routes/sign-in-with-password';
import { signUpRoute } from './routes/sign-up';
import { updateRoute } from './routes/update';
import { wellKnownRoutes } from './routes/well-known';

/** Every call carries `?key=`; only the configured key is accepted (the SDK raises invalid-api-key). */
function installApiKeyCheck(app: FastifyInstance) {
  const expected = app.ctx.config.auth.apiKey;
  app.addHook('preHandler', async (request) => {
    if (request.method === 'OPTIONS') return;
    const key = (request.query as Record<string, unknown> | undefined)?.key;
    if (key !== expected) throw new IdentityError('INVALID_API_KEY');
  });
}

function identityToolkit(app: FastifyInstance) {
  signUpRoute(app);
  signInWithPasswordRoute(app);
  lookupRoute(app);
  updateRoute(app, (body) => applyOobCode(app.ctx, body.oobCode));
  sendOobCodeRoute(app);
  resetPasswordRoute(app);
  signInWithEmailLinkRoute(app);
  signInWithIdpRoute(app);
  deleteRoute(app);
  projectSettingsRoutes(app);
  mfaEnrollmentRoutes(app);
  mfaSignInRoutes(app);
}

/**
 * The Identity Toolkit–compatible service, at the root of the origin in the firebase
 * emulator's layout (`/<google host>/<path>`), so the unmodified SDK is its client.
 */
export async function identityPlugin(app: FastifyInstance) {
  const scoped = (routes: (child: FastifyInstance) => void) => async (child: FastifyInstance) => {
    await child.register(formbody, { bodyLimit: 64 * 1024 });
    installIdentityErrorHandler(child);
    installIdentityCors(child);
    installApiKeyCheck(child);
    routes(child);
  };
  await app.register(scoped(identityToolkit), { prefix: '/identitytoolkit.googleapis.com' });
  await app.register(scoped(secureTokenRoute), { prefix: '/securetoken.googleapis.com' });
  await app.register(federatedRoutes, { prefix: '/auth/federated' });
  wellKnownRoutes(app);
}
