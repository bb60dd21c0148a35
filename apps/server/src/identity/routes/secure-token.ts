import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { identityRefreshTokens, identityUsers } from '../../db/schema';
import { hashToken } from '../../platform/crypto/hash-token';
import { IdentityError } from '../identity-error';
import { clientKey, consumeRateLimit, LIMITS } from '../rate-limit';
import { ID_TOKEN_LIFETIME_S, mintIdToken } from '../tokens/issue-session';
import { findUserById } from '../users/find-user';
import { str } from './define-route';

/**
 * `POST securetoken…/v1/token`: trades a refresh token for a new ID token. A disabled user
 * answers USER_DISABLED and a revoked session TOKEN_EXPIRED: on both the SDK signs the
 * user out (seed §4). The refresh token itself does not rotate, as with Firebase.
 */
export function secureTokenRoute(app: FastifyInstance) {
  const ctx = app.ctx;
  app.post('/v1/token', async (request) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (str(body.grant_type) !== 'refresh_token') throw new IdentityError('INVALID_GRANT_TYPE');
    const refreshToken = str(body.refresh_token);
    if (!refreshToken) throw new IdentityError('MISSING_REFRESH_TOKEN');
    await consumeRateLimit(ctx, `refresh:ip:${clientKey(request.ip)}`, LIMITS.refreshPerIp);
    const db = ctx.database.db;
    const [row] = await db
      .select()
      .from(identityRefreshTokens)
      .where(eq(identityRefreshTokens.tokenHash, hashToken(refreshToken)))
      .limit(1);
    if (!row) throw new IdentityError('INVALID_REFRESH_TOKEN');
    const user = await findUserById(db, row.uid);
    if (!user) throw new IdentityError('USER_NOT_FOUND');
    if (user.disabled) throw new IdentityError('USER_DISABLED');
    if (row.revokedAt || row.createdAt < user.tokensValidAfter) throw new IdentityError('TOKEN_EXPIRED');
    const now = ctx.now();
    await db
      .update(identityRefreshTokens)
      .set({ lastUsedAt: now })
      .where(eq(identityRefreshTokens.id, row.id));
    await db.update(identityUsers).set({ lastRefreshAt: now }).where(eq(identityUsers.uid, user.uid));
    const secondFactor =
      row.secondFactor && row.secondFactorIdentifier
        ? { factor: row.secondFactor, identifier: row.secondFactorIdentifier }
        : null;
    const idToken = await mintIdToken(ctx, {
      db,
      user,
      provider: row.provider,
      authTime: row.authTime,
      secondFactor,
      sessionId: row.id,
    });
    return {
      access_token: idToken,
      expires_in: String(ID_TOKEN_LIFETIME_S),
      token_type: 'Bearer',
      refresh_token: refreshToken,
      id_token: idToken,
      user_id: user.uid,
      project_id: ctx.config.auth.projectId,
    };
  });
}
