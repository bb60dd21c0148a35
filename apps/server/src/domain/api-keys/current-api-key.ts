import type { CurrentApiKey } from '@scanline/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { apiKeys, businesses, projects } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { Actor } from '../actor';

/** The API key making the request and its project: a key knows no other way which project it serves. */
export async function currentApiKey(db: Db, actor: Actor): Promise<CurrentApiKey> {
  if (actor.kind !== 'api_key') {
    throw new AppError('forbidden', 'This route tells an API key about itself; send one.');
  }
  const [row] = await db
    .select({ key: apiKeys, project: projects, provider: businesses.paymentProvider })
    .from(apiKeys)
    .innerJoin(projects, and(eq(projects.id, apiKeys.projectId), isNull(projects.deletedAt)))
    .innerJoin(businesses, eq(businesses.id, projects.businessId))
    .where(eq(apiKeys.id, actor.keyId))
    .limit(1);
  if (!row) throw notFound('Project');
  return {
    id: row.key.id,
    name: row.key.name,
    mode: row.key.mode,
    prefix: row.key.prefix,
    project: {
      id: row.project.id,
      name: row.project.name,
      currency: row.project.currency,
      payment_provider: row.provider,
    },
  };
}
