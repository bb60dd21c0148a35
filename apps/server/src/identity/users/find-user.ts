import { eq, sql } from 'drizzle-orm';
import { identityProviderLinks, identityUsers } from '../../db/schema';
import type { Db } from '../../platform/db';
import { normalizeEmail } from './normalize-email';

export type IdentityUser = typeof identityUsers.$inferSelect;
export type ProviderLink = typeof identityProviderLinks.$inferSelect;

// Every authenticated request reads its user: a prepared statement per connection handle
// skips rebuilding the query each time (measured: 1.2 ms → see bench/id-token-verification).
const byIdStatements = new WeakMap<Db, ReturnType<typeof prepareById>>();
const prepareById = (db: Db) =>
  db
    .select()
    .from(identityUsers)
    .where(eq(identityUsers.uid, sql.placeholder('uid')))
    .limit(1)
    .prepare('identity_find_user_by_id');

export async function findUserById(db: Db, uid: string): Promise<IdentityUser | undefined> {
  let statement = byIdStatements.get(db);
  if (!statement) {
    statement = prepareById(db);
    byIdStatements.set(db, statement);
  }
  const [user] = await statement.execute({ uid });
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
