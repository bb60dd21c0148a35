import type { FastifyInstance } from 'fastify';
import { presentPasswordPolicy } from '../password-policy';
import { identityRoute } from './define-route';

/** The read-only configuration endpoints the SDK asks for: policy, reCAPTCHA, authorised domains. */
export function projectSettingsRoutes(app: FastifyInstance) {
  const ctx = app.ctx;
  identityRoute(app, 'GET', 'v2/passwordPolicy', async () =>
    presentPasswordPolicy(ctx.config.passwordPolicy),
  );

  // Abuse protection lives on this server (rate limits), so client-side reCAPTCHA is off everywhere.
  identityRoute(app, 'GET', 'v2/recaptchaConfig', async () => ({
    recaptchaEnforcementState: [
      { provider: 'EMAIL_PASSWORD_PROVIDER', enforcementState: 'OFF' },
      { provider: 'PHONE_PROVIDER', enforcementState: 'OFF' },
    ],
    useSmsBotScore: false,
    useSmsTollFraudProtection: false,
  }));

  identityRoute(app, 'GET', 'v1/projects', async () => ({
    projectId: ctx.config.auth.projectId,
    authorizedDomains: ctx.config.auth.authorizedDomains,
  }));

  // Email-enumeration protection: never say which sign-in methods an address has.
  identityRoute(app, 'POST', 'v1/accounts:createAuthUri', async () => ({
    kind: 'identitytoolkit#CreateAuthUriResponse',
    sessionId: '',
    signinMethods: [],
  }));

  // Revokes a provider's OAuth token (Apple); we hold none, so there is nothing to revoke.
  identityRoute(app, 'POST', 'v2/accounts:revokeToken', async () => ({}));
}
