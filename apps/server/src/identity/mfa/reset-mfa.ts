import { eq } from 'drizzle-orm';
import { identityMfaFactors, identityMfaPending, identityRecoveryCodes } from '../../db/schema';
import { credentialChanged } from '../../platform/auth/credential-cache';
import { revokeSessionsIn, type UserStore } from '../users/update-user';

/**
 * Operator reset for a user who lost their authenticator and recovery codes: every factor,
 * recovery code and pending second step goes, and every session ends. One transaction.
 */
export async function resetMfa(store: UserStore, uid: string, now: Date): Promise<{ factors: number }> {
  const removed = await store.db.transaction(async (tx) => {
    const factors = await tx
      .delete(identityMfaFactors)
      .where(eq(identityMfaFactors.uid, uid))
      .returning({ id: identityMfaFactors.id });
    await tx.delete(identityRecoveryCodes).where(eq(identityRecoveryCodes.uid, uid));
    await tx.delete(identityMfaPending).where(eq(identityMfaPending.uid, uid));
    await revokeSessionsIn(tx, uid, now);
    return factors.length;
  });
  await credentialChanged(store, { kind: 'user', id: uid });
  return { factors: removed };
}
