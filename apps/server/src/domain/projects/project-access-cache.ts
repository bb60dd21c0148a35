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
 * Per-process memory of project-scoped reads: an authenticated read then skips
 * the membership query, and a transaction create skips its terminal's setup read. Entries
 * live AUTH_CACHE_SECONDS, like the verified credentials they sit behind, and every write to
 * a project, its memberships or its terminals drops the project's entries at once here and,
 * over the change bus, on every other replica (`projectAccessChanged`). Only rows that exist
 * are kept: a missing membership or terminal is always asked of the database, so a new member
 * is let in at once.
 */
interface ProjectCaches {
  ttlMs: number;
  byName: Map<ProjectCacheName, CredentialCache<unknown>>;
}
/** `access`: a member's role and the project row; `terminal_setup`: what a create reads of its terminal; `staff_presence`: whether terminals need a cashier; `cashier_sessions`: open cashier sessions by token hash. */
export type ProjectCacheName = 'access' | 'terminal_setup' | 'staff_presence' | 'cashier_sessions';
const registry = new WeakMap<Bus, ProjectCaches>();

/** Turns the caches on for this database's main handle (the app does, with its TTL). */
export function enableProjectAccessCache(database: Pick<Database, 'bus'>, ttlSeconds: number) {
  if (registry.has(database.bus) || ttlSeconds <= 0) return;
  const caches: ProjectCaches = { ttlMs: ttlSeconds * 1000, byName: new Map() };
  registry.set(database.bus, caches);
  database.bus.subscribe(BUS_CHANNELS.projects, (message) => {
    for (const cache of caches.byName.values()) {
      if (typeof message.project_id === 'string') cache.drop(message.project_id);
      else cache.clear();
    }
  });
  // A replica whose LISTEN connection dropped may have missed a change: forget everything.
  database.bus.onGap?.(() => {
    for (const cache of caches.byName.values()) cache.clear();
  });
}

/** A cache for a non-transaction handle whose app enabled them (entries owned by a project id); undefined otherwise. */
export function projectCacheOf<V>(db: Db, name: ProjectCacheName): CredentialCache<V> | undefined {
  const bus = busOf(db);
  const caches = bus ? registry.get(bus) : undefined;
  if (!caches) return undefined;
  let cache = caches.byName.get(name);
  if (!cache) {
    cache = new CredentialCache<unknown>(caches.ttlMs);
    caches.byName.set(name, cache);
  }
  return cache as CredentialCache<V>;
}

export const projectAccessCacheOf = (db: Db) => projectCacheOf<CachedAccess>(db, 'access');

/**
 * Call after the transaction that changed a project's row, its memberships or one of its
 * terminals committed: clears this process at once and tells every other replica. A failed
 * NOTIFY is not the caller's failure; entries elsewhere then end with their few-second lifetime.
 */
export async function projectAccessChanged(db: Db, projectId: string) {
  const bus = busOf(db);
  if (!bus) return;
  for (const cache of registry.get(bus)?.byName.values() ?? []) cache.drop(projectId);
  // Heard back before the writer answers: a session ended here is refused on the next request
  // to any replica (the other replicas' listeners were handed the message with this one's).
  await bus.publish(BUS_CHANNELS.projects, { project_id: projectId }, { heard: true }).catch(() => {});
}

/** After a change that reaches many projects at once (a business's payment provider): every entry goes. */
export async function allProjectsChanged(db: Db) {
  const bus = busOf(db);
  if (!bus) return;
  for (const cache of registry.get(bus)?.byName.values() ?? []) cache.clear();
  await bus.publish(BUS_CHANNELS.projects, {}).catch(() => {});
}
