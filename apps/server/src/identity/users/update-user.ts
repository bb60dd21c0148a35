import { and, eq, isNull } from 'drizzle-orm';
import { identityRefreshTokens, identityUsers, userSettings } from '../../db/schema';
import { credentialChanged } from '../../platform/auth/credential-cache';
import type { Database, Db } from '../../platform/db';
import { IdentityError } from '../identity-error';
import type { IdentityUser } from './find-user';
import { normalizeEmail } from './normalize-email';

/**
 * Every write here changes what an ID token of this user is worth (disabled, signed out,
 * deleted) or what the verified principal shows (profile, email): each takes the database
 * with its change bus and, after the commit, drops the user's cached tokens on every
 * replica (platform/auth/credential-cache).
 */
export type UserStore = Pick<Database, 'db' | 'bus'>;

const changed = (store: UserStore, uid: string) => credentialChanged(store, { kind: 'user', id: uid });

// ID tokens carry auth_time in whole seconds, so the cut-off is kept in whole seconds too.
const toSecond = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000);

export async function revokeSessionsIn(tx: Db, uid: string, now: Date) {
  await tx
    .update(identityUsers)
    .set({ tokensValidAfter: toSecond(now), updatedAt: now })
    .where(eq(identityUsers.uid, uid));
  await tx
    .update(identityRefreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(identityRefreshTokens.uid, uid), isNull(identityRefreshTokens.revokedAt)));
}

/** Signs the user out everywhere: refresh tokens die now, ID tokens issued before now are refused. */
export async function revokeUserSessions(store: UserStore, uid: string, now: Date) {
  await store.db.transaction((tx) => revokeSessionsIn(tx, uid, now));
  await changed(store, uid);
}

/** Disabling also ends every session; the SDK then signs the user out on its next refresh. */
export async function setUserDisabled(
  store: UserStore,
  { uid, disabled, now }: { uid: string; disabled: boolean; now: Date },
) {
  await store.db.transaction(async (tx) => {
    await tx.update(identityUsers).set({ disabled, updatedAt: now }).where(eq(identityUsers.uid, uid));
    if (disabled) await revokeSessionsIn(tx, uid, now);
  });
  await changed(store, uid);
}

export async function markEmailVerified(store: UserStore, uid: string, now: Date) {
  await markEmailVerifiedIn(store.db, uid, now);
  await changed(store, uid);
}

/**
 * Inside a caller's transaction (federated sign-in linking a proven address). Nothing to
 * announce: no token loses its worth, and the caller issues a fresh one.
 */
export async function markEmailVerifiedIn(tx: Db, uid: string, now: Date) {
  await tx
    .update(identityUsers)
    .set({ emailVerified: true, updatedAt: now })
    .where(eq(identityUsers.uid, uid));
}

/** New password: every existing session ends (the caller gets a fresh one). */
export async function setPassword(
  store: UserStore,
  { uid, passwordHash, now }: { uid: string; passwordHash: string; now: Date },
) {
  await store.db.transaction(async (tx) => {
    await tx
      .update(identityUsers)
      .set({ passwordHash, passwordUpdatedAt: now, updatedAt: now })
      .where(eq(identityUsers.uid, uid));
    await revokeSessionsIn(tx, uid, now);
  });
  await changed(store, uid);
}

export interface ProfileChange {
  displayName?: string | null;
  photoUrl?: string | null;
}

export async function updateProfile(
  store: UserStore,
  { uid, change, now }: { uid: string; change: ProfileChange; now: Date },
): Promise<IdentityUser> {
  const [user] = await store.db
    .update(identityUsers)
    .set({ ...change, updatedAt: now })
    .where(eq(identityUsers.uid, uid))
    .returning();
  if (!user) throw new IdentityError('USER_NOT_FOUND');
  await changed(store, uid);
  return user;
}

/**
 * Changes the address (after the new one was proven; it counts as verified) and, as
 * Firebase does, ends the other sessions — in one transaction.
 */
export async function changeEmail(
  store: UserStore,
  { uid, email, now }: { uid: string; email: string; now: Date },
): Promise<IdentityUser> {
  const user = await store.db.transaction(async (tx) => {
    const updated = await setEmailIn(tx, uid, email, now);
    await revokeSessionsIn(tx, uid, now);
    return updated;
  });
  await changed(store, uid);
  return user;
}

async function setEmailIn(db: Db, uid: string, email: string, now: Date): Promise<IdentityUser> {
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

export async function deleteUser(store: UserStore, uid: string) {
  await store.db.delete(identityUsers).where(eq(identityUsers.uid, uid));
  // The account's own settings (its language) go with it.
  await store.db.delete(userSettings).where(eq(userSettings.uid, uid));
  await changed(store, uid);
}
