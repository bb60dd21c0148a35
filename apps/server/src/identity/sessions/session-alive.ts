import { eq, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { identityRefreshTokens } from '../../db/schema';
import type { Db } from '../../platform/db';

const prepare = (db: Db) =>
  db
    .select({ revokedAt: identityRefreshTokens.revokedAt })
    .from(identityRefreshTokens)
    .where(eq(identityRefreshTokens.id, sql.placeholder('id')))
    .limit(1)
    .prepare('identity_session_alive');
const statements = new WeakMap<Db, ReturnType<typeof prepare>>();

/**
 * Whether the session an ID token names (its `sid`) still stands: ended one by one in
 * Settings → Sessions, a session's ID tokens must stop working before they expire.
 */
export async function isSessionAlive(db: Db, sessionId: string): Promise<boolean> {
  let statement = (db as object) instanceof PgTransaction ? prepare(db) : statements.get(db);
  if (!statement) {
    statement = prepare(db);
    statements.set(db, statement);
  }
  const [row] = await statement.execute({ id: sessionId });
  return row !== undefined && row.revokedAt === null;
}
