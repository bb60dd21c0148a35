import { identityUsers } from '../../db/schema';
import type { Db } from '../../platform/db';
import { newUid } from '../../platform/ids';
import { IdentityError } from '../identity-error';
import type { IdentityUser } from './find-user';
import { normalizeEmail } from './normalize-email';

export interface NewUser {
  email?: string | null;
  passwordHash?: string | null;
  displayName?: string | null;
  photoUrl?: string | null;
  emailVerified?: boolean;
}

/** Inserts a user; a taken address (any case) is EMAIL_EXISTS, decided by the unique index, not a pre-check. */
export async function createUser(db: Db, input: NewUser, now: Date): Promise<IdentityUser> {
  const rows = await db
    .insert(identityUsers)
    .values({
      uid: newUid(),
      email: input.email ?? null,
      emailNormalized: input.email ? normalizeEmail(input.email) : null,
      emailVerified: input.emailVerified ?? false,
      passwordHash: input.passwordHash ?? null,
      passwordUpdatedAt: input.passwordHash ? now : null,
      displayName: input.displayName ?? null,
      photoUrl: input.photoUrl ?? null,
      createdAt: now,
      updatedAt: now,
      // One second back: a session started in this very second must be valid (auth_time has second precision).
      tokensValidAfter: new Date(Math.floor(now.getTime() / 1000) * 1000),
    })
    .onConflictDoNothing()
    .returning();
  const user = rows[0];
  if (!user) throw new IdentityError('EMAIL_EXISTS');
  return user;
}
