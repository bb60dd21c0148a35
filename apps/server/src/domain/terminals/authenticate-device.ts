import { eq, sql } from 'drizzle-orm';
import { terminals } from '../../db/schema';
import { credentialCaches } from '../../platform/auth/credential-cache';
import type { AppContext } from '../../platform/context';
import { hashToken } from '../../platform/crypto/hash-token';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';

export interface DeviceCaller {
  terminalId: string;
  projectId: string;
}

const refused = () =>
  new AppError('unauthenticated', 'This device token is unknown or was revoked; pair again.');

// The lookup every device request makes (on a cache miss): prepared once per handle.
const byHashStatements = new WeakMap<Db, ReturnType<typeof prepareByHash>>();
const prepareByHash = (db: Db) =>
  db
    .select({ id: terminals.id, projectId: terminals.projectId, status: terminals.status })
    .from(terminals)
    .where(eq(terminals.deviceTokenHash, sql.placeholder('hash')))
    .limit(1)
    .prepare('terminals_find_by_device_token');

/**
 * Bearer `sltd_…`: one indexed lookup of the SHA-256. Disabling or re-pairing a terminal
 * replaces or erases the hash, so a revoked token finds nothing and is refused at once.
 */
export async function authenticateDevice(db: Db, token: string): Promise<DeviceCaller> {
  let statement = byHashStatements.get(db);
  if (!statement) {
    statement = prepareByHash(db);
    byHashStatements.set(db, statement);
  }
  const [row] = await statement.execute({ hash: hashToken(token) });
  if (!row || row.status === 'disabled') throw refused();
  return { terminalId: row.id, projectId: row.projectId };
}

/**
 * authenticateDevice, kept a few seconds per process like API keys (a device's
 * create then costs no lookup): disabling or re-pairing the terminal drops it on every replica
 * at once (`credentialChanged` with kind `terminal`). Only successes are kept.
 */
export async function authenticateDeviceCached(ctx: AppContext, token: string): Promise<DeviceCaller> {
  const hash = hashToken(token);
  const cache = credentialCaches(ctx.database, ctx.config.authCacheSeconds).devices;
  const cached = cache.get(hash) as DeviceCaller | undefined;
  if (cached) return cached;
  const generation = cache.begin();
  const device = await authenticateDevice(ctx.database.db, token);
  cache.set(hash, device.terminalId, device, generation);
  return device;
}
