import { and, eq, isNull } from 'drizzle-orm';
import { identityRefreshTokens, identityUsers } from '../../db/schema';
import type { Db } from '../../platform/db';
import { IdentityError } from '../identity-error';
import type { IdentityUser } from './find-user';
import { normalizeEmail } from './normalize-email';

// ID tokens carry auth_time in whole seconds, so the cut-off is kept in whole seconds too.
const toSecond = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000);

/** Signs the user out everywhere: refresh tokens die now, ID tokens issued before now are refused. */
export async function revokeUserSessions(db: Db, uid: string, now: Date) {
  await db.transaction(async (tx) => {
    await tx
      .update(identityUsers)
      .set({ tokensValidAfter: toSecond(now), updatedAt: now })
      .where(eq(identityUsers.uid, uid));
    await tx
      .update(identityRefreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(identityRefreshTokens.uid, uid), isNull(identityRefreshTokens.revokedAt)));
  });
}

/** Disabling also ends every session; the SDK then signs the user out on its next refresh. */
export async function setUserDisabled(db: Db, uid: string, disabled: boolean, now: Date) {
  await db.transaction(async (tx) => {
    await tx.update(identityUsers).set({ disabled, updatedAt: now }).where(eq(identityUsers.uid, uid));
    if (disabled) await revokeUserSessions(tx, uid, now);
  });
}

export async function markEmailVerified(db: Db, uid: string, now: Date) {
  await db
    .update(identityUsers)
    .set({ emailVerified: true, updatedAt: now })
    .where(eq(identityUsers.uid, uid));
}

/** New password: every existing session ends (the caller gets a fresh one). */
export async function setPassword(db: Db, uid: string, passwordHash: string, now: Date) {
  await db.transaction(async (tx) => {
    await tx
      .update(identityUsers)
      .set({ passwordHash, passwordUpdatedAt: now, updatedAt: now })
      .where(eq(identityUsers.uid, uid));
    await revokeUserSessions(tx, uid, now);
  });
}

export interface ProfileChange {
  displayName?: string | null;
  photoUrl?: string | null;
}

export async function updateProfile(
  db: Db,
  uid: string,
  change: ProfileChange,
  now: Date,
): Promise<IdentityUser> {
  const [user] = await db
    .update(identityUsers)
    .set({ ...change, updatedAt: now })
    .where(eq(identityUsers.uid, uid))
    .returning();
  if (!user) throw new IdentityError('USER_NOT_FOUND');
  return user;
}

/** Changes the address (after the new one was proven); it counts as verified. */
export async function changeEmail(db: Db, uid: string, email: string, now: Date): Promise<IdentityUser> {
  const rows = await db
    .update(identityUsers)
    .set({ email, emailNormalized: normalizeEmail(email), emailVerified: true, updatedAt: now })
    .where(eq(identityUsers.uid, uid))
    .returning()
    .catch((error: unknown) => {
      if (
        String((error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code) ===
        '23505'
      ) {
        throw new IdentityError('EMAIL_EXISTS');
      }
      throw error;
    });
  if (!rows[0]) throw new IdentityError('USER_NOT_FOUND');
  return rows[0];
}

export async function deleteUser(db: Db, uid: string) {
  await db.delete(identityUsers).where(eq(identityUsers.uid, uid));
}
