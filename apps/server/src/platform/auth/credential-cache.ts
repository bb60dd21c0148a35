import { BUS_CHANNELS, type Bus } from '../bus';
import type { Database } from '../db';

/**
 * Per-process cache of verified credentials: an authenticated read then costs a
 * map lookup instead of an RS256 check and a user-row read (or a key lookup). Entries live a
 * few seconds (AUTH_CACHE_SECONDS) and are dropped at once, on every replica, when the
 * credential changes: writers call `credentialChanged` after their transaction commits, which
 * clears this process's entries synchronously and tells the other replicas over the change
 * bus (PostgreSQL LISTEN/NOTIFY; in-process on PGlite).
 */

export type CredentialChange =
  | { kind: 'user'; id: string }
  | { kind: 'api_key'; id: string }
  /** A terminal disabled or paired again: its device token changed (`id` is the terminal's). */
  | { kind: 'terminal'; id: string };

interface Entry<V> {
  value: V;
  /** Whose entry it is (a uid or an API-key id): what a change names. */
  owner: string;
  storedAt: number;
}

/** Above this many entries the oldest go first (Map keeps insertion order). */
const MAX_ENTRIES = 20_000;

export class CredentialCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /** Bumped on every invalidation: a lookup that began before it must not store its result. */
  private generation = 0;

  constructor(private readonly ttlMs: number) {}

  get enabled() {
    return this.ttlMs > 0;
  }

  /** Take this before reading the database; hand it to `set`. */
  begin(): number {
    return this.generation;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (performance.now() - entry.storedAt >= this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, owner: string, value: V, generation: number) {
    if (!this.enabled || generation !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, owner, storedAt: performance.now() });
  }

  drop(owner: string) {
    this.generation++;
    for (const [key, entry] of this.entries) if (entry.owner === owner) this.entries.delete(key);
  }

  clear() {
    this.generation++;
    this.entries.clear();
  }

  get size() {
    return this.entries.size;
  }
}

export interface CredentialCaches {
  /** ID token → verified principal (and the token's expiry). */
  idTokens: CredentialCache<unknown>;
  /** SHA-256 of an API key → its principal (and when it stops being valid). */
  apiKeys: CredentialCache<unknown>;
  /** SHA-256 of a device token → its terminal and project (owner: the terminal id). */
  devices: CredentialCache<unknown>;
}

// One set of caches per database handle (a process runs one app; tests run several, each
// with its own database, so they never share entries).
const registry = new WeakMap<Bus, CredentialCaches>();

function apply(caches: CredentialCaches, message: Record<string, unknown>) {
  const id = typeof message.id === 'string' ? message.id : undefined;
  if (message.kind === 'user' && id) caches.idTokens.drop(id);
  else if (message.kind === 'api_key' && id) caches.apiKeys.drop(id);
  else if (message.kind === 'terminal' && id) caches.devices.drop(id);
  else {
    // Unknown or "everything" (e.g. the listener reconnected and may have missed messages).
    caches.idTokens.clear();
    caches.apiKeys.clear();
    caches.devices.clear();
  }
}

/** The caches of this database, listening for changes from every replica on first use. */
export function credentialCaches(database: Pick<Database, 'bus'>, ttlSeconds: number): CredentialCaches {
  let caches = registry.get(database.bus);
  if (caches) return caches;
  const ttlMs = Math.max(0, ttlSeconds) * 1000;
  caches = {
    idTokens: new CredentialCache(ttlMs),
    apiKeys: new CredentialCache(ttlMs),
    devices: new CredentialCache(ttlMs),
  };
  registry.set(database.bus, caches);
  const own = caches;
  database.bus.subscribe(BUS_CHANNELS.credentials, (message) => apply(own, message));
  // A replica whose LISTEN connection dropped may have missed a revocation: forget everything.
  database.bus.onGap?.(() => apply(own, { kind: 'all' }));
  return caches;
}

/**
 * Call after the transaction that disabled, deleted or signed out a user (or changed what
 * the principal shows), revoked or rolled an API key, or disabled or re-paired a terminal, committed. Clears this process at
 * once and tells every other replica. A failed NOTIFY is not the caller's failure (the change
 * is committed); the entries on other replicas then end with their few-second lifetime.
 */
export async function credentialChanged(database: Pick<Database, 'bus'>, change: CredentialChange) {
  const caches = registry.get(database.bus);
  if (caches) apply(caches, change);
  // Heard back before the writer answers, so the other replicas were handed it too.
  await database.bus.publish(BUS_CHANNELS.credentials, change, { heard: true }).catch(() => {});
}
