import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { identityRefreshTokens } from '../../db/schema';
import type { Db } from '../../platform/db';

/** "Last active" is minute-grained: a session's row is written at most once a minute, not per request. */
export const SESSION_ACTIVITY_RESOLUTION_MS = 60_000;
const MAX_REMEMBERED = 10_000;

// Per database (tests run several apps in one process), the last time this process wrote each session.
const lastWritten = new WeakMap<object, Map<string, number>>();

/**
 * Records that a session was used (an API call with one of its ID tokens), so Settings →
 * Security → Sessions shows when it was last active rather than when it last refreshed
 *. The in-process map skips the write for a minute; the `where` keeps
 * several replicas from writing the same minute twice.
 */
export async function touchSession(db: Db, sessionId: string, now: Date): Promise<void> {
  let written = lastWritten.get(db);
  if (!written) {
    written = new Map();
    lastWritten.set(db, written);
  }
  const last = written.get(sessionId);
  if (last !== undefined && now.getTime() - last < SESSION_ACTIVITY_RESOLUTION_MS) return;
  if (written.size >= MAX_REMEMBERED) written.clear();
  written.set(sessionId, now.getTime());
  const staleBefore = new Date(now.getTime() - SESSION_ACTIVITY_RESOLUTION_MS);
  await db
    .update(identityRefreshTokens)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(identityRefreshTokens.id, sessionId),
        or(isNull(identityRefreshTokens.lastUsedAt), lt(identityRefreshTokens.lastUsedAt, staleBefore)),
      ),
    );
}
