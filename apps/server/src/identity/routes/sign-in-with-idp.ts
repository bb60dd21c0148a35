import type { FastifyInstance } from 'fastify';
import { linkFederatedUser } from '../federated/link-federated-user';
import { verifyProviderToken } from '../federated/verify-provider-token';
import { IdentityError } from '../identity-error';
import { completeFirstFactor } from '../mfa/challenge';
import { requireTokenUser } from '../users/require-user';
import { identityRoute, sessionRequest, str } from './define-route';

/**
 * `accounts:signInWithIdp` with a provider credential, as `signInWithCredential` sends it:
 * `postBody: "&id_token=<JWT>&providerId=oidc.x"`. With `idToken` it links to the caller;
 * `autoCreate: false` (reauthentication) never creates an account. Access-token credentials
 * are refused: a provider's access token does not say which client it was issued to, so
 * accepting one would let any app at that provider sign its users in here.
 */
export function signInWithIdpRoute(app: FastifyInstance) {
  const ctx = app.ctx;
  identityRoute(app, 'POST', 'v1/accounts:signInWithIdp', async (body, request) => {
    const params = new URLSearchParams(str(body.postBody) ?? '');
    const providerId = params.get('providerId');
    const providerToken = params.get('id_token');
    if (!providerId || !providerToken) {
      throw new IdentityError('INVALID_IDP_RESPONSE : Only OpenID Connect ID-token credentials are accepted');
    }
    const profile = await verifyProviderToken(ctx, {
      providerId,
      idToken: providerToken,
      rawNonce: params.get('nonce') ?? undefined,
    });
    const linkTo = body.idToken ? (await requireTokenUser(ctx, body.idToken)).user : undefined;
    const outcome = await linkFederatedUser(ctx.database.db, {
      profile,
      autoCreate: body.autoCreate !== false,
      linkTo,
      now: ctx.now(),
    });
    const base = {
      kind: 'identitytoolkit#VerifyAssertionResponse',
      providerId,
      federatedId: profile.federatedId,
      email: profile.email,
      emailVerified: profile.emailVerified,
      displayName: profile.displayName,
      photoUrl: profile.photoUrl,
      oauthIdToken: providerToken,
      rawUserInfo: JSON.stringify(profile.raw),
    };
    // The SDK turns needConfirmation into auth/account-exists-with-different-credential.
    if (outcome.kind === 'needs-confirmation') return { ...base, needConfirmation: true };
    if (outcome.user.disabled) throw new IdentityError('USER_DISABLED');
    const session = await completeFirstFactor(ctx, {
      user: outcome.user,
      provider: providerId,
      request: sessionRequest(request),
    });
    return {
      ...base,
      localId: outcome.user.uid,
      email: outcome.user.email ?? profile.email,
      isNewUser: outcome.isNewUser,
      ...session,
    };
  });
}
