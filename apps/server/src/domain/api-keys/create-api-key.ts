import { apiKeys } from '../../db/schema';
import { hashToken } from '../../platform/crypto/hash-token';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { newId } from '../../platform/ids';
import type { Actor } from '../actor';
import { recordAudit } from '../audit/record-audit';
import { projectAccess } from '../projects/project-access';
import { newApiKeySecret } from './new-api-key-secret';

/** A new key for the project; its secret is returned this once (only the hash is kept). */
export async function createApiKey(
  db: Db,
  {
    actor,
    projectId,
    input,
    now,
  }: {
    actor: Actor;
    projectId: string;
    input: { name: string; mode: 'read' | 'write'; expires_at?: string };
    now: Date;
  },
) {
  const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
  if (expiresAt && expiresAt <= now) {
    throw new AppError('validation_failed', 'The expiry must be in the future.', [
      { path: 'body.expires_at', message: 'In the past' },
    ]);
  }
  return db.transaction(async (tx) => {
    await projectAccess(tx, { actor, projectId, action: 'keys.manage' });
    const { prefix, secret } = newApiKeySecret();
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
    await recordAudit(tx, {
      actor,
      projectId,
      action: 'api_key.created',
      target: key!.id,
      now,
      metadata: {
        name: input.name,
        mode: input.mode,
      },
    });
    return { key: key!, secret };
  });
}
