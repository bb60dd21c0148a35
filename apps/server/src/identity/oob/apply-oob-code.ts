import type { AppContext } from '../../platform/context';
import { IdentityError } from '../identity-error';
import { findUserById } from '../users/find-user';
import { changeEmail, markEmailVerified } from '../users/update-user';
import { consumeOobCode } from './oob-codes';

/**
 * The SDK's applyActionCode (`accounts:update {oobCode}`): verifies an address, or switches
 * to a new one once it is proven (which ends the other sessions, as Firebase does).
 */
export async function applyOobCode(ctx: AppContext, oobCode: unknown) {
  const db = ctx.database.db;
  const code = await consumeOobCode(db, {
    code: oobCode,
    now: ctx.now(),
    kinds: ['VERIFY_EMAIL', 'VERIFY_AND_CHANGE_EMAIL'],
  });
  const user = code.uid ? await findUserById(db, code.uid) : undefined;
  if (!user) throw new IdentityError('USER_NOT_FOUND');
  if (user.disabled) throw new IdentityError('USER_DISABLED');
  if (code.kind === 'VERIFY_EMAIL') {
    if (user.email?.toLowerCase() !== code.email.toLowerCase()) throw new IdentityError('INVALID_OOB_CODE');
    await markEmailVerified(ctx.database, user.uid, ctx.now());
  } else {
    await changeEmail(ctx.database, { uid: user.uid, email: code.newEmail ?? code.email, now: ctx.now() });
  }
  const fresh = (await findUserById(db, user.uid)) ?? user;
  return {
    kind: 'identitytoolkit#SetAccountInfoResponse',
    localId: fresh.uid,
    email: fresh.email,
    emailVerified: fresh.emailVerified,
  };
}
