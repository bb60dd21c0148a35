import { eq } from 'drizzle-orm';
import { terminals } from '../../db/schema';
import { hashToken } from '../../identity/tokens/hash-token';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';

export interface DeviceCaller {
  terminalId: string;
  projectId: string;
}

/**
 * Bearer `sltd_…`: one indexed lookup of the SHA-256. Disabling or re-pairing a terminal
 * replaces or erases the hash, so a revoked token finds nothing and is refused at once.
 */
export async function authenticateDevice(db: Db, token: string): Promise<DeviceCaller> {
  const [row] = await db
    .select({ id: terminals.id, projectId: terminals.projectId, status: terminals.status })
    .from(terminals)
    .where(eq(terminals.deviceTokenHash, hashToken(token)))
    .limit(1);
  if (!row || row.status === 'disabled') {
    throw new AppError('unauthenticated', 401, 'This device token is unknown or was revoked; pair again.');
  }
  return { terminalId: row.id, projectId: row.projectId };
}
