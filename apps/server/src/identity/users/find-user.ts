import { eq } from 'drizzle-orm';
import { identityProviderLinks, identityUsers } from '../../db/schema';
import type { Db } from '../../platform/db';
import { normalizeEmail } from './normalize-email';

export type IdentityUser = typeof identityUsers.$inferSelect;
export type ProviderLink = typeof identityProviderLinks.$inferSelect;

export async function findUserById(db: Db, uid: string): Promise<IdentityUser | undefined> {
  const [user] = await db.select().from(identityUsers).where(eq(identityUsers.uid, uid)).limit(1);
  return user;
}

/** Case-insensitive: addresses are unique regardless of case. */
export async function findUserByEmail(db: Db, email: string): Promise<IdentityUser | undefined> {
  const [user] = await db
    .select()
    .from(identityUsers)
    .where(eq(identityUsers.emailNormalized, normalizeEmail(email)))
    .limit(1);
  return user;
}

export function listProviderLinks(db: Db, uid: string): Promise<ProviderLink[]> {
  return db.select().from(identityProviderLinks).where(eq(identityProviderLinks.uid, uid));
}
