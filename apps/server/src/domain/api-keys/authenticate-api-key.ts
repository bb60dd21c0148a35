import { eq, or, sql } from 'drizzle-orm';
import { apiKeys } from '../../db/schema';
import { credentialCaches } from '../../platform/auth/credential-cache';
import type { Principal } from '../../platform/auth/principal';
import type { AppContext } from '../../platform/context';
import { hashToken } from '../../platform/crypto/hash-token';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';

const LAST_USED_RESOLUTION_MS = 60_000;
const lastWritten = new Map<string, number>();

interface CachedKey {
  principal: Extract<Principal, { kind: 'api_key' }>;
  /** When this secret stops working (the key's expiry, or the end of a roll's grace), ms. */
  deadAt: number | null;
  lastUsedAt: number;
}

// The lookup every key-authenticated request makes (on a cache miss): prepared once per handle.
const byHashStatements = new WeakMap<Db, ReturnType<typeof prepareByHash>>();
const prepareByHash = (db: Db) =>
  db
    .select()
    .from(apiKeys)
    .where(
      or(
        eq(apiKeys.secretHash, sql.placeholder('hash')),
        eq(apiKeys.previousSecretHash, sql.placeholder('hash')),
      ),
    )
    .limit(1)
    .prepare('api_keys_find_by_hash');

async function findByHash(db: Db, hash: string) {
  let statement = byHashStatements.get(db);
  if (!statement) {
    statement = prepareByHash(db);
    byHashStatements.set(db, statement);
  }
  const [key] = await statement.execute({ hash });
  return key;
}

const refused = () => new AppError('unauthenticated', 'This API key is unknown, revoked or expired.');

async function lookUp(ctx: AppContext, hash: string, now: Date): Promise<CachedKey> {
  const key = await findByHash(ctx.database.db, hash);
  if (!key || key.revokedAt !== null) throw refused();
  const viaPrevious = key.secretHash !== hash;
  const ends = [key.expiresAt, viaPrevious ? key.previousExpiresAt : null]
    .filter((d): d is Date => d !== null)
    .map((d) => d.getTime());
  if (viaPrevious && !key.previousExpiresAt) throw refused();
  const deadAt = ends.length ? Math.min(...ends) : null;
  if (deadAt !== null && deadAt <= now.getTime()) throw refused();
  return {
    principal: { kind: 'api_key', keyId: key.id, projectId: key.projectId, mode: key.mode },
    deadAt,
    lastUsedAt: key.lastUsedAt?.getTime() ?? 0,
  };
}

/**
 * Bearer `sl_…`: one indexed lookup of the SHA-256 (current or, during a roll's grace,
 * previous secret), kept a few seconds per process: revoking or rolling the key
 * drops it on every replica at once (`credentialChanged`). "Last used" is written at most
 * once a minute per key, not per request.
 */
export async function authenticateApiKey(ctx: AppContext, secret: string): Promise<Principal> {
  const hash = hashToken(secret);
  const now = ctx.now();
  const cache = credentialCaches(ctx.database, ctx.config.authCacheSeconds).apiKeys;
  let entry = cache.get(hash) as CachedKey | undefined;
  if (!entry) {
    const generation = cache.begin();
    entry = await lookUp(ctx, hash, now);
    cache.set(hash, entry.principal.keyId, entry, generation);
  } else if (entry.deadAt !== null && entry.deadAt <= now.getTime()) {
    throw refused();
  }
  const keyId = entry.principal.keyId;
  const last = lastWritten.get(keyId) ?? entry.lastUsedAt;
  if (now.getTime() - last >= LAST_USED_RESOLUTION_MS) {
    lastWritten.set(keyId, now.getTime());
    await ctx.database.db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, keyId));
  }
  return entry.principal;
}
