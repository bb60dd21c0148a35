import { desc, gt, isNull, or } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { identitySigningKeys } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db';
import { randomBase62 } from '../../platform/ids';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
}

/** Retired keys stay published this long, so every ID token signed before a rotation (1 h) still verifies. */
const RETIRED_KEY_PUBLISHED_MS = 2 * 60 * 60 * 1000;
const CACHE_MS = 60_000;

interface Cache {
  active?: { key: SigningKey; at: number };
  jwks?: { keys: JWK[]; at: number };
}
const caches = new WeakMap<AppContext, Cache>();
const cacheOf = (ctx: AppContext) => {
  const existing = caches.get(ctx);
  if (existing) return existing;
  const fresh: Cache = {};
  caches.set(ctx, fresh);
  return fresh;
};

async function createKey(db: Db, now: Date) {
  const { publicKey, privateKey } = await generateKeyPair('RS256', {
    modulusLength: 2048,
    extractable: true,
  });
  const kid = randomBase62(20);
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256' };
  await db.insert(identitySigningKeys).values({ kid, publicJwk, privateJwk, createdAt: now });
  return kid;
}

/** The key new ID tokens are signed with; made on first use and persisted, so restarts keep sessions. */
export async function getActiveSigningKey(ctx: AppContext): Promise<SigningKey> {
  const cache = cacheOf(ctx);
  if (cache.active && Date.now() - cache.active.at < CACHE_MS) return cache.active.key;
  const load = () =>
    ctx.database.db
      .select()
      .from(identitySigningKeys)
      .where(isNull(identitySigningKeys.retiredAt))
      .orderBy(desc(identitySigningKeys.createdAt))
      .limit(1);
  let [row] = await load();
  if (!row) {
    await createKey(ctx.database.db, ctx.now());
    [row] = await load();
  }
  if (!row) throw new Error('no signing key');
  const key = { kid: row.kid, privateKey: (await importJWK(row.privateJwk as JWK, 'RS256')) as CryptoKey };
  cache.active = { key, at: Date.now() };
  return key;
}

/** The public JWKS (`/.well-known/jwks.json`): the active key and recently retired ones. */
export async function getPublicJwks(
  ctx: AppContext,
  opts: { fresh?: boolean } = {},
): Promise<{ keys: JWK[] }> {
  const cache = cacheOf(ctx);
  if (!opts.fresh && cache.jwks && Date.now() - cache.jwks.at < CACHE_MS) return { keys: cache.jwks.keys };
  const since = new Date(ctx.now().getTime() - RETIRED_KEY_PUBLISHED_MS);
  const rows = await ctx.database.db
    .select({ publicJwk: identitySigningKeys.publicJwk })
    .from(identitySigningKeys)
    .where(or(isNull(identitySigningKeys.retiredAt), gt(identitySigningKeys.retiredAt, since)))
    .orderBy(desc(identitySigningKeys.createdAt));
  const keys = rows.map((r) => r.publicJwk as JWK);
  // A fresh install publishes its first key before anyone signs in.
  if (keys.length === 0) {
    await getActiveSigningKey(ctx);
    return getPublicJwks(ctx, { fresh: true });
  }
  cache.jwks = { keys, at: Date.now() };
  return { keys };
}

/** Starts signing with a new key and retires the old ones (operator CLI `keys rotate`). */
export async function rotateSigningKeys(ctx: AppContext): Promise<{ kid: string }> {
  const kid = await ctx.database.db.transaction(async (tx) => {
    await tx
      .update(identitySigningKeys)
      .set({ retiredAt: ctx.now() })
      .where(isNull(identitySigningKeys.retiredAt));
    return createKey(tx, ctx.now());
  });
  caches.delete(ctx);
  return { kid };
}
