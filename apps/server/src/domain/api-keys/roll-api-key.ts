import { eq } from 'drizzle-orm';
import { apiKeys } from '../../db/schema';
import { credentialChanged } from '../../platform/auth/credential-cache';
import { hashToken } from '../../platform/crypto/hash-token';
import type { Database } from '../../platform/db';
import type { Actor } from '../actor';
import { recordAudit } from '../audit/record-audit';
import { projectAccess } from '../projects/project-access';
import { findLiveApiKey } from './api-key-rows';
import { newApiKeySecret } from './new-api-key-secret';

/** A new secret; the old one keeps working for the grace period (0–7 days), then stops. */
export async function rollApiKey(
  database: Pick<Database, 'db' | 'bus'>,
  {
    actor,
    projectId,
    keyId,
    graceSeconds,
    now,
  }: { actor: Actor; projectId: string; keyId: string; graceSeconds: number; now: Date },
) {
  const rolled = await database.db.transaction(async (tx) => {
    await projectAccess(tx, { actor, projectId, action: 'keys.manage' });
    const key = await findLiveApiKey(tx, { projectId, keyId });
    const { prefix, secret } = newApiKeySecret();
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
    await recordAudit(tx, {
      actor,
      projectId,
      action: 'api_key.rolled',
      target: key.id,
      now,
      metadata: {
        grace_period_seconds: graceSeconds,
      },
    });
    return { key: rolled!, secret };
  });
  // The old secret's worth changed (gone, or ending with the grace): every replica forgets it.
  await credentialChanged(database, { kind: 'api_key', id: keyId });
  return rolled;
}
