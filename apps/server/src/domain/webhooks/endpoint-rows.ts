import { and, eq } from 'drizzle-orm';
import { webhookEndpoints } from '../../db/schema';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** The endpoint within the project, or 404 (tenancy in the query). */
export async function findEndpoint(
  db: Db,
  { projectId, webhookId }: { projectId: string; webhookId: string },
): Promise<EndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.projectId, projectId), eq(webhookEndpoints.id, webhookId)))
    .limit(1);
  if (!row) throw notFound('Webhook');
  return row;
}
