import { eq } from 'drizzle-orm';
import { apiKeys } from '../../db/schema';
import type { Db } from '../../platform/db';
import type { Actor } from '../actor';
import { type ListInput, pageInSql } from '../listing/page-in-sql';
import { apiKeyListSpec } from '../listing/workspace-list-specs';
import { projectAccess } from '../projects/project-access';
import type { ApiKeyRow } from './api-key-rows';

/** The project's API keys, filtered, sorted and keyset-paged in SQL. */
export async function listApiKeys(
  db: Db,
  { actor, projectId, list: input }: { actor: Actor; projectId: string; list: Omit<ListInput, 'timeZone'> },
) {
  const { project } = await projectAccess(db, { actor, projectId, action: 'keys.read' });
  return pageInSql<ApiKeyRow>(db, {
    table: apiKeys,
    spec: apiKeyListSpec,
    scope: [eq(apiKeys.projectId, projectId)],
    input: {
      ...input,
      timeZone: project.timeZone,
    },
  });
}
