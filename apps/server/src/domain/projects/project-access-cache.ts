import type { Role } from '@scanline/contracts';
import type { projects } from '../../db/schema';
import { CredentialCache } from '../../platform/auth/credential-cache';
import { BUS_CHANNELS, type Bus } from '../../platform/bus';
import { busOf, type Database, type Db } from '../../platform/db';

type ProjectRow = typeof projects.$inferSelect;
export interface CachedAccess {
  project: ProjectRow;
  /** The member's role; null for an API key's entry (keyed by the project alone). */
  role: Role | null;
}

/**
 * Per-process memory of project reads for read-only actions (issue 18 §5): an authenticated
 * read then skips the membership query. Entries live AUTH_CACHE_SECONDS, like the verified
 * credentials they sit behind, and every write to a project or its memberships drops the
 * project's entries at once here and, over the change bus, on every other replica
 * (`projectAccessChanged`). Only rows that exist are kept: a missing membership is always
 * asked of the database, so a new member is let in at once.
 */
const caches = new WeakMap<Bus, CredentialCache<CachedAccess>>();

/** Turns the cache on for this database's main handle (the app does, with its TTL). */
export function enableProjectAccessCache(database: Pick<Database, 'bus'>, ttlSeconds: number) {
  if (caches.has(database.bus) || ttlSeconds <= 0) return;
  const cache = new CredentialCache<CachedAccess>(ttlSeconds * 1000);
  caches.set(database.bus, cache);
  database.bus.subscribe(BUS_CHANNELS.projects, (message) => {
    if (typeof message.project_id === 'string') cache.drop(message.project_id);
    else cache.clear();
  });
  // A replica whose LISTEN connection dropped may have missed a change: forget everything.
  database.bus.onGap?.(() => cache.clear());
}

/** The cache for a non-transaction handle whose app enabled it; undefined otherwise. */
export function projectAccessCacheOf(db: Db): CredentialCache<CachedAccess> | undefined {
  const bus = busOf(db);
  return bus ? caches.get(bus) : undefined;
}

/**
 * Call after the transaction that changed a project's row or its memberships committed:
 * clears this process at once and tells every other replica. A failed NOTIFY is not the
 * caller's failure; entries elsewhere then end with their few-second lifetime.
 */
export async function projectAccessChanged(db: Db, projectId: string) {
  const bus = busOf(db);
  if (!bus) return;
  caches.get(bus)?.drop(projectId);
  await bus.publish(BUS_CHANNELS.projects, { project_id: projectId }).catch(() => {});
}
