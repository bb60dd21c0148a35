import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { replicas, secretsKeyChecks, webhookEndpoints } from '../../db/schema';
import { type Config, ConfigError } from '../config';
import type { Database } from '../db';
import { startPeriodic } from '../periodic';
import { open, seal, secretsKey } from './secret-box';

/** What the key check value seals: any fixed text works; this one says what it is for. */
export const KEY_CHECK_PLAINTEXT = 'scanline secrets key check v1';
/** A replica not seen for this long no longer counts (its heartbeat runs every minute). */
const REPLICA_SEEN_WITHIN_MS = 10 * 60_000;
const HEARTBEAT_MS = 60_000;

type KeySource = 'SECRETS_KEY' | 'DATA_DIR';
const keySourceOf = (config: Config): KeySource => (config.secretsKey ? 'SECRETS_KEY' : 'DATA_DIR');

const refuse = (reason: string) => new ConfigError(`Refusing to start:\n  SECRETS_KEY: ${reason}`);

/** This replica's id, kept in DATA_DIR so a restart registers as the same replica. */
function replicaId(config: Config): string {
  const file = path.join(config.dataDir, 'replica-id');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    try {
      // `wx`: processes started together on one DATA_DIR agree on the first id written.
      fs.writeFileSync(file, `rep_${randomBytes(12).toString('hex')}`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return fs.readFileSync(file, 'utf8').trim();
}

function canOpen(config: Config, sealed: string): boolean {
  try {
    return open(config, sealed) !== undefined;
  } catch {
    return false;
  }
}

export interface SecretsKeyCheck {
  /** Stops the heartbeat and removes this replica's registration (a clean shutdown). */
  unregister(): Promise<void>;
}

/**
 * At start: this replica must be able to decrypt what the database holds, or it
 * refuses to start naming SECRETS_KEY (ConfigError: main exits 78 with the message).
 * - SECRETS_KEY, when set, must be 32 bytes of base64.
 * - On PostgreSQL the replica registers; a key generated into DATA_DIR is refused when another
 *   replica has registered (seen in the last 10 minutes): only a shared SECRETS_KEY can work.
 * - The key check value, sealed by the first replica, must open with this key. A database from
 *   before the check: an existing webhook secret must open before the check value is written.
 */
export async function checkSecretsKey({
  config,
  database,
}: {
  config: Config;
  database: Database;
}): Promise<SecretsKeyCheck> {
  const db = database.db;
  const source = keySourceOf(config);
  try {
    secretsKey(config);
  } catch (error) {
    throw refuse((error as Error).message.replace(/^SECRETS_KEY /, ''));
  }
  let id: string | undefined;
  if (database.kind === 'postgres') {
    id = replicaId(config);
    const hostname = os.hostname();
    await db
      .insert(replicas)
      .values({ id, hostname, keySource: source })
      .onConflictDoUpdate({
        target: replicas.id,
        set: { hostname, keySource: source, startedAt: sql`now()`, lastSeenAt: sql`now()` },
      });
    if (source === 'DATA_DIR') {
      const since = new Date(Date.now() - REPLICA_SEEN_WITHIN_MS);
      const others = await db
        .select({ id: replicas.id, hostname: replicas.hostname })
        .from(replicas)
        .where(and(ne(replicas.id, id), gt(replicas.lastSeenAt, since)));
      if (others.length > 0) {
        await db.delete(replicas).where(eq(replicas.id, id));
        throw refuse(
          `not set, and ${others.length} other replica(s) share this DATABASE_URL (${others
            .map((o) => o.hostname)
            .join(', ')}): a key generated into DATA_DIR is one replica's alone. Set the same ` +
            'SECRETS_KEY (32 bytes, base64) on every replica.',
        );
      }
    }
  }
  try {
    await verifyKeyCheck(config, database, source);
  } catch (error) {
    if (id)
      await db
        .delete(replicas)
        .where(eq(replicas.id, id))
        .catch(() => {});
    throw error;
  }
  if (!id) return { unregister: async () => {} };
  const replica = id;
  // A missed heartbeat is only counted: the next one, a minute later, still counts in time.
  const stopHeartbeat = startPeriodic({
    name: 'replica-heartbeat',
    everyMs: HEARTBEAT_MS,
    jitter: 0,
    run: async () => {
      await db.update(replicas).set({ lastSeenAt: sql`now()` }).where(eq(replicas.id, replica));
    },
  });
  return {
    async unregister() {
      await stopHeartbeat();
      await db.delete(replicas).where(eq(replicas.id, replica));
    },
  };
}

async function verifyKeyCheck(config: Config, database: Database, source: KeySource) {
  const db = database.db;
  const read = async () => (await db.select().from(secretsKeyChecks).where(eq(secretsKeyChecks.id, 1)))[0];
  let check = await read();
  if (!check) {
    // Secrets sealed before the check existed: this key must open them before it becomes the check.
    const [sample] = await db
      .select({ secretEnc: webhookEndpoints.secretEnc })
      .from(webhookEndpoints)
      .limit(1);
    if (sample && !canOpen(config, sample.secretEnc)) {
      throw refuse(
        `${source === 'SECRETS_KEY' ? 'set, but it' : 'not set, and the key in DATA_DIR/secrets.key'} cannot decrypt ` +
          'the webhook secrets this database holds. Start with the SECRETS_KEY that sealed them.',
      );
    }
    await db
      .insert(secretsKeyChecks)
      .values({ id: 1, checkValue: seal(config, KEY_CHECK_PLAINTEXT), keySource: source })
      .onConflictDoNothing();
    check = await read();
  }
  if (!check) throw new Error('secrets key check row missing after insert');
  let opened: string | undefined;
  try {
    opened = open(config, check.checkValue);
  } catch {
    opened = undefined;
  }
  if (opened === KEY_CHECK_PLAINTEXT) return;
  const first = check.keySource === 'DATA_DIR' ? "the first replica's DATA_DIR/secrets.key" : 'SECRETS_KEY';
  throw refuse(
    `${source === 'SECRETS_KEY' ? 'does not match' : 'not set, and the key in DATA_DIR/secrets.key does not match'} ` +
      `the key this database's secrets are encrypted with (${first}, first used ${check.createdAt.toISOString()}). ` +
      'Start every replica with that same SECRETS_KEY.',
  );
}
