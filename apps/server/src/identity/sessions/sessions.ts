import { and, desc, eq, gte, isNull, ne, sql } from 'drizzle-orm';
import { identityRefreshTokens, identityUsers } from '../../db/schema';
import { credentialChanged } from '../../platform/auth/credential-cache';
import type { Database } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { describeUserAgent } from './user-agent';

export interface SessionView {
  id: string;
  createdAt: Date;
  lastUsedAt: Date;
  ip: string | null;
  userAgent: string | null;
  browser: string;
  os: string | null;
  current: boolean;
  secondFactor: string | null;
}

const MAX_LISTED = 100;

/**
 * The user's live sessions, one per sign-in (its refresh token), most recently used first.
 * Sessions cut off by a "sign out everywhere" (tokens_valid_after) are gone even if their
 * rows are not marked one by one.
 */
export async function listSessions(
  database: Pick<Database, 'db'>,
  uid: string,
  currentSessionId: string | null,
): Promise<SessionView[]> {
  const lastUsed = sql<Date>`coalesce(${identityRefreshTokens.lastUsedAt}, ${identityRefreshTokens.createdAt})`;
  const rows = await database.db
    .select({ session: identityRefreshTokens, lastUsed: lastUsed.mapWith(identityRefreshTokens.createdAt) })
    .from(identityRefreshTokens)
    .innerJoin(identityUsers, eq(identityUsers.uid, identityRefreshTokens.uid))
    .where(
      and(
        eq(identityRefreshTokens.uid, uid),
        isNull(identityRefreshTokens.revokedAt),
        gte(identityRefreshTokens.createdAt, identityUsers.tokensValidAfter),
      ),
    )
    .orderBy(desc(lastUsed), desc(identityRefreshTokens.id))
    .limit(MAX_LISTED);
  return rows.map(({ session: s, lastUsed: used }) => {
    const ua = describeUserAgent(s.userAgent);
    return {
      id: s.id,
      createdAt: s.createdAt,
      lastUsedAt: used,
      ip: s.ip,
      userAgent: s.userAgent,
      browser: ua.browser,
      os: ua.os,
      current: s.id === currentSessionId,
      secondFactor: s.secondFactor,
    };
  });
}

type SessionStore = Pick<Database, 'db' | 'bus'>;

/** Ends one session: its refresh fails at once, its ID tokens are refused by every replica. */
export async function revokeSession(
  store: SessionStore,
  { uid, sessionId, now }: { uid: string; sessionId: string; now: Date },
) {
  const ended = await store.db
    .update(identityRefreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(identityRefreshTokens.id, sessionId),
        eq(identityRefreshTokens.uid, uid),
        isNull(identityRefreshTokens.revokedAt),
      ),
    )
    .returning({ id: identityRefreshTokens.id });
  if (ended.length === 0) throw notFound('Session');
  await credentialChanged(store, { kind: 'user', id: uid });
}

/** Ends every session of the user but the caller's own; answers how many ended. */
export async function revokeOtherSessions(
  store: SessionStore,
  { uid, currentSessionId, now }: { uid: string; currentSessionId: string | null; now: Date },
): Promise<number> {
  const ended = await store.db
    .update(identityRefreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(identityRefreshTokens.uid, uid),
        isNull(identityRefreshTokens.revokedAt),
        ...(currentSessionId ? [ne(identityRefreshTokens.id, currentSessionId)] : []),
      ),
    )
    .returning({ id: identityRefreshTokens.id });
  if (ended.length > 0) await credentialChanged(store, { kind: 'user', id: uid });
  return ended.length;
}
