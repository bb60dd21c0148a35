import { and, eq } from 'drizzle-orm';
import { apiKeys } from '../../db/schema';
import { hashToken } from '../../identity/tokens/hash-token';
import { credentialChanged } from '../../platform/auth/credential-cache';
import type { Database, Db } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import { newId, randomBase62 } from '../../platform/ids';
import type { Actor } from '../actor';
import { recordAudit } from '../audit/record-audit';
import { type ListInput, pageInSql } from '../listing/page-in-sql';
import { apiKeyListSpec } from '../listing/workspace-list-specs';
import { projectAccess } from '../projects/project-access';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** `sl_<8-char prefix>_<32 chars>`: ~238 random bits; the prefix is what lists show. */
function newSecret() {
  const prefix = randomBase62(8);
  return { prefix: `sl_${prefix}`, secret: `sl_${prefix}_${randomBase62(32)}` };
}

export async function createApiKey(
  db: Db,
  actor: Actor,
  projectId: string,
  input: { name: string; mode: 'read' | 'write'; expires_at?: string },
  now: Date,
) {
  const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
  if (expiresAt && expiresAt <= now) {
    throw new AppError('validation_failed', 'The expiry must be in the future.', [
      { path: 'body.expires_at', message: 'In the past' },
    ]);
  }
  return db.transaction(async (tx) => {
    await projectAccess(tx, actor, projectId, 'keys.manage');
    const { prefix, secret } = newSecret();
    const [key] = await tx
      .insert(apiKeys)
      .values({
        id: newId('key'),
        projectId,
        name: input.name,
        mode: input.mode,
        prefix,
        secretHash: hashToken(secret),
        createdBy: actor.kind === 'user' ? actor.uid : actor.keyId,
        createdAt: now,
        expiresAt,
      })
      .returning();
    await recordAudit(tx, actor, projectId, 'api_key.created', key!.id, now, {
      name: input.name,
      mode: input.mode,
    });
    return { key: key!, secret };
  });
}

/** The project's API keys, filtered, sorted and keyset-paged in SQL (issue 9). */
export async function listApiKeys(
  db: Db,
  actor: Actor,
  projectId: string,
  input: Omit<ListInput, 'timeZone'>,
) {
  const { project } = await projectAccess(db, actor, projectId, 'keys.read');
  return pageInSql<typeof apiKeys.$inferSelect>(
    db,
    apiKeys,
    apiKeyListSpec,
    [eq(apiKeys.projectId, projectId)],
    {
      ...input,
      timeZone: project.timeZone,
    },
  );
}

async function liveKey(db: Db, projectId: string, keyId: string) {
  const [key] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.projectId, projectId)))
    .limit(1);
  if (!key || key.revokedAt) throw notFound('API key');
  return key;
}

/** A new secret; the old one keeps working for the grace period (0–7 days), then stops. */
export async function rollApiKey(
  database: Pick<Database, 'db' | 'bus'>,
  actor: Actor,
  projectId: string,
  keyId: string,
  graceSeconds: number,
  now: Date,
) {
  const rolled = await database.db.transaction(async (tx) => {
    await projectAccess(tx, actor, projectId, 'keys.manage');
    const key = await liveKey(tx, projectId, keyId);
    const { prefix, secret } = newSecret();
    const [rolled] = await tx
      .update(apiKeys)
      .set({
        prefix,
        secretHash: hashToken(secret),
        previousSecretHash: graceSeconds > 0 ? key.secretHash : null,
        previousExpiresAt: graceSeconds > 0 ? new Date(now.getTime() + graceSeconds * 1000) : null,
      })
      .where(eq(apiKeys.id, key.id))
      .returning();
    await recordAudit(tx, actor, projectId, 'api_key.rolled', key.id, now, {
      grace_period_seconds: graceSeconds,
    });
    return { key: rolled!, secret };
  });
  // The old secret's worth changed (gone, or ending with the grace): every replica forgets it.
  await credentialChanged(database, { kind: 'api_key', id: keyId });
  return rolled;
}

/** Revocation takes effect on the next request, on every replica (their key caches are told). */
export async function revokeApiKey(
  database: Pick<Database, 'db' | 'bus'>,
  actor: Actor,
  projectId: string,
  keyId: string,
  now: Date,
) {
  await database.db.transaction(async (tx) => {
    await projectAccess(tx, actor, projectId, 'keys.manage');
    const key = await liveKey(tx, projectId, keyId);
    await tx.update(apiKeys).set({ revokedAt: now }).where(eq(apiKeys.id, key.id));
    await recordAudit(tx, actor, projectId, 'api_key.revoked', key.id, now);
  });
  await credentialChanged(database, { kind: 'api_key', id: keyId });
}
