import { eq, or } from 'drizzle-orm';
import { apiKeys } from '../../db/schema';
import { hashToken } from '../../identity/tokens/hash-token';
import type { Principal } from '../../platform/auth/principal';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';

const LAST_USED_RESOLUTION_MS = 60_000;
const lastWritten = new Map<string, number>();

/**
 * Bearer `sl_…`: one indexed lookup of the SHA-256 (current or, during a roll's grace,
 * previous secret). "Last used" is written at most once a minute per key, not per request.
 */
export async function authenticateApiKey(ctx: AppContext, secret: string): Promise<Principal> {
  const hash = hashToken(secret);
  const now = ctx.now();
  const [key] = await ctx.database.db
    .select()
    .from(apiKeys)
    .where(or(eq(apiKeys.secretHash, hash), eq(apiKeys.previousSecretHash, hash)))
    .limit(1);
  const viaPrevious = key?.secretHash !== hash;
  const dead =
    !key ||
    key.revokedAt !== null ||
    (key.expiresAt !== null && key.expiresAt <= now) ||
    (viaPrevious && (!key.previousExpiresAt || key.previousExpiresAt <= now));
  if (!key || dead)
    throw new AppError('unauthenticated', 401, 'This API key is unknown, revoked or expired.');
  const last = lastWritten.get(key.id) ?? key.lastUsedAt?.getTime() ?? 0;
  if (now.getTime() - last >= LAST_USED_RESOLUTION_MS) {
    lastWritten.set(key.id, now.getTime());
    await ctx.database.db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, key.id));
  }
  return { kind: 'api_key', keyId: key.id, projectId: key.projectId, mode: key.mode };
}
