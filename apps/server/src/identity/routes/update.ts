import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../platform/crypto/hash-password';
import { IdentityError } from '../identity-error';
import { checkPassword } from '../password-policy';
import { issueSession, secondFactorOf } from '../tokens/issue-session';
import { findUserById, listProviderLinks } from '../users/find-user';
import { presentUserInfo } from '../users/present-user';
import { requireRecentSignIn, requireTokenUser } from '../users/require-user';
import { setPassword, updateProfile } from '../users/update-user';
import { type Body, identityRoute, sessionRequest, str } from './define-route';

export type OobApplier = (body: Body) => Promise<unknown>;

const MAX_PROFILE_FIELD = 2048;

function profileField(value: unknown, name: string): string | null | undefined {
  if (value === undefined) return undefined;
  // The SDK's updateProfile sends null (and forms send "") to remove a field, as Google accepts
  // (saving a name without a photo answered INVALID_PHOTO_URL).
  if (value === null || value === '') return null;
  if (typeof value !== 'string' || value.length > MAX_PROFILE_FIELD)
    throw new IdentityError(`INVALID_${name}`);
  return value;
}

/**
 * `accounts:update`: profile, password, and (with `oobCode`) applying an email action code —
 * the SDK's applyActionCode posts here; `applyOob` handles that branch.
 */
export function updateRoute(app: FastifyInstance, applyOob?: OobApplier) {
  const ctx = app.ctx;
  identityRoute(app, 'POST', 'v1/accounts:update', async (body, request) => {
    if (body.oobCode !== undefined && body.idToken === undefined) {
      if (!applyOob) throw new IdentityError('INVALID_OOB_CODE');
      return applyOob(body);
    }
    const { user, claims } = await requireTokenUser(ctx, body.idToken);
    // With email-enumeration protection Google refuses direct changes: verify the new address first.
    if (body.email !== undefined) {
      throw new IdentityError('OPERATION_NOT_ALLOWED : Please verify the new email before changing email.');
    }
    const deleted = Array.isArray(body.deleteAttribute) ? body.deleteAttribute : [];
    const displayName = deleted.includes('DISPLAY_NAME')
      ? null
      : profileField(body.displayName, 'DISPLAY_NAME');
    const photoUrl = deleted.includes('PHOTO_URL') ? null : profileField(body.photoUrl, 'PHOTO_URL');
    if (displayName !== undefined || photoUrl !== undefined) {
      await updateProfile(ctx.database, { uid: user.uid, change: { displayName, photoUrl }, now: ctx.now() });
    }
    let session: { idToken: string; refreshToken: string; expiresIn: string } | undefined;
    const password = str(body.password);
    if (body.password !== undefined) {
      requireRecentSignIn(ctx, claims);
      checkPassword(ctx.config.passwordPolicy, password ?? '');
      await setPassword(ctx.database, {
        uid: user.uid,
        passwordHash: await hashPassword(password ?? ''),
        now: ctx.now(),
      });
    }
    const fresh = (await findUserById(ctx.database.db, user.uid)) ?? user;
    if (body.password !== undefined) {
      session = await issueSession(ctx, fresh, {
        provider: 'password',
        request: sessionRequest(request),
        secondFactor: secondFactorOf(claims),
      });
    }
    const info = presentUserInfo(fresh, await listProviderLinks(ctx.database.db, user.uid));
    return {
      kind: 'identitytoolkit#SetAccountInfoResponse',
      localId: fresh.uid,
      email: fresh.email,
      displayName: fresh.displayName ?? undefined,
      photoUrl: fresh.photoUrl ?? undefined,
      emailVerified: fresh.emailVerified,
      providerUserInfo: info.providerUserInfo,
      passwordHash: info.passwordHash,
      ...(session ?? {}),
    };
  });
}
