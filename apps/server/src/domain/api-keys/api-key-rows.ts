import { and, eq } from 'drizzle-orm';
import { apiKeys } from '../../db/schema';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** A key of the project that is not revoked, or 404 (tenancy in the query). */
export async function findLiveApiKey(db: Db, { projectId, keyId }: { projectId: string; keyId: string }) {
  const [key] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.projectId, projectId)))
    .limit(1);
  if (!key || key.revokedAt) throw notFound('API key');
  return key;
}
