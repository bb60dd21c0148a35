import type { FastifyInstance } from 'fastify';
import { IdentityError } from '../identity-error';
import { completeFirstFactor } from '../mfa/challenge';
import { consumeOobCode, peekOobCode } from '../oob/oob-codes';
import { createUser } from '../users/create-user';
import { findUserByEmail } from '../users/find-user';
import { normalizeEmail, requireEmail } from '../users/normalize-email';
import { markEmailVerified } from '../users/update-user';
import { identityRoute, sessionRequest } from './define-route';

/** `accounts:signInWithEmailLink`: the link proves the address; a new address gets a new account. */
export function signInWithEmailLinkRoute(app: FastifyInstance) {
  const ctx = app.ctx;
  identityRoute(app, 'POST', 'v1/accounts:signInWithEmailLink', async (body, request) => {
    const db = ctx.database.db;
    const email = requireEmail(body.email);
    const code = await peekOobCode(db, { code: body.oobCode, now: ctx.now(), kinds: ['EMAIL_SIGNIN'] });
    // The address typed on this device must be the one the link was sent to.
    if (normalizeEmail(code.email) !== normalizeEmail(email)) throw new IdentityError('INVALID_EMAIL');
    await consumeOobCode(db, { code: body.oobCode, now: ctx.now(), kinds: ['EMAIL_SIGNIN'] });
    let user = await findUserByEmail(db, email);
    const isNewUser = !user;
    if (!user) {
      try {
        user = await createUser(db, { email: code.email, emailVerified: true }, ctx.now());
      } catch (error) {
        // Two links used at once for a new address: the other one created the account.
        if (!(error instanceof IdentityError)) throw error;
        user = await findUserByEmail(db, email);
      }
    }
    if (!user) throw new IdentityError('INTERNAL_ERROR', 500);
    if (user.disabled) throw new IdentityError('USER_DISABLED');
    if (!user.emailVerified) await markEmailVerified(ctx.database, user.uid, ctx.now());
    const fresh = { ...user, emailVerified: true };
    const session = await completeFirstFactor(ctx, {
      user: fresh,
      provider: 'password',
      request: sessionRequest(request),
    });
    return {
      kind: 'identitytoolkit#EmailLinkSigninResponse',
      localId: user.uid,
      email: user.email,
      isNewUser,
      ...session,
    };
  });
}
