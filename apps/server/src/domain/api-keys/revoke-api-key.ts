import { eq } from 'drizzle-orm';
import { apiKeys } from '../../db/schema';
import { credentialChanged } from '../../platform/auth/credential-cache';
import type { Database } from '../../platform/db';
import type { Actor } from '../actor';
import { recordAudit } from '../audit/record-audit';
import { projectAccess } from '../projects/project-access';
import { findLiveApiKey } from './api-key-rows';

/** Revocation takes effect on the next request, on every replica (their key caches are told). */
export async function revokeApiKey(
  database: Pick<Database, 'db' | 'bus'>,
  { actor, projectId, keyId, now }: { actor: Actor; projectId: string; keyId: string; now: Date },
) {
  await database.db.transaction(async (tx) => {
    await projectAccess(tx, { actor, projectId, action: 'keys.manage' });
    const key = await findLiveApiKey(tx, { projectId, keyId });
    await tx.update(apiKeys).set({ revokedAt: now }).where(eq(apiKeys.id, key.id));
    await recordAudit(tx, { actor, projectId, action: 'api_key.revoked', target: key.id, now });
  });
  await credentialChanged(database, { kind: 'api_key', id: keyId });
}
