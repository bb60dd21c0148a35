import { eq, sql } from 'drizzle-orm';
import { identityRefreshTokens } from '../../db/schema';
import type { Db } from '../../platform/db';
import { preparedPerDatabase } from '../../platform/prepared';

const statementFor = preparedPerDatabase((db: Db) =>
  db
    .select({ revokedAt: identityRefreshTokens.revokedAt })
    .from(identityRefreshTokens)
    .where(eq(identityRefreshTokens.id, sql.placeholder('id')))
    .limit(1)
    .prepare('identity_session_alive'),
);

/**
 * Whether the session an ID token names (its `sid`) still stands: ended one by one in
 * Settings → Sessions, a session's ID tokens must stop working before they expire.
 */
export async function isSessionAlive(db: Db, sessionId: string): Promise<boolean> {
  const [row] = await statementFor(db).execute({ id: sessionId });
  return row !== undefined && row.revokedAt === null;
}
