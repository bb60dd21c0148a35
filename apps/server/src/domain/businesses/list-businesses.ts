import { eq } from 'drizzle-orm';
import { businesses } from '../../db/schema';
import type { Db } from '../../platform/db';
import { type ListInput, pageInSql } from '../listing/page-in-sql';
import { businessListSpec } from '../listing/workspace-list-specs';
import type { BusinessRow } from './business-rows';

/** The owner's businesses, filtered, sorted and keyset-paged in SQL. */
export function listBusinesses(db: Db, { ownerUid, list: input }: { ownerUid: string; list: ListInput }) {
  return pageInSql<BusinessRow>(db, {
    table: businesses,
    spec: businessListSpec,
    scope: [eq(businesses.ownerUid, ownerUid)],
    input,
  });
}
