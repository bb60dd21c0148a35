import { and, eq, lt, sql } from 'drizzle-orm';
import { identityMfaPending } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { hashToken } from '../../platform/crypto/hash-token';
import type { Db } from '../../platform/db';
import { randomBase62 } from '../../platform/ids';
import { IdentityError } from '../identity-error';

export type PendingKind = 'enroll' | 'signin';
export type MfaPending = typeof identityMfaPending.$inferSelect;

/** A pending credential or enrollment session lives 10 minutes. */
export const PENDING_LIFETIME_MS = 10 * 60_000;
/** Wrong codes one pending credential survives; the fifth ends it. */
export const MAX_PENDING_FAILURES = 5;

export async function createPending(
  ctx: AppContext,
  values: { kind: PendingKind; uid: string; provider?: string; secretSealed?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBase62(48);
  const expiresAt = new Date(ctx.now().getTime() + PENDING_LIFETIME_MS);
  await ctx.database.db.insert(identityMfaPending).values({
    tokenHash: hashToken(token),
    kind: values.kind,
    uid: values.uid,
    provider: values.provider ?? null,
    secretSealed: values.secretSealed ?? null,
    expiresAt,
    createdAt: ctx.now(),
  });
  return { token, expiresAt };
}

/** The live pending row for `token`, or `errorCode` (unknown, expired, used up, other kind). */
export async function requirePending(
  ctx: AppContext,
  { token, kind, errorCode }: { token: unknown; kind: PendingKind; errorCode: string },
): Promise<MfaPending> {
  if (typeof token !== 'string' || token === '') throw new IdentityError(errorCode);
  const [row] = await ctx.database.db
    .select()
    .from(identityMfaPending)
    .where(and(eq(identityMfaPending.tokenHash, hashToken(token)), eq(identityMfaPending.kind, kind)))
    .limit(1);
  if (!row || row.expiresAt <= ctx.now() || row.failures >= MAX_PENDING_FAILURES)
    throw new IdentityError(errorCode);
  return row;
}

/** Counts one wrong code; at the fifth the pending credential is gone. */
export async function recordPendingFailure(ctx: AppContext, row: MfaPending): Promise<void> {
  const db = ctx.database.db;
  const [updated] = await db
    .update(identityMfaPending)
    .set({ failures: sql`${identityMfaPending.failures} + 1` })
    .where(eq(identityMfaPending.tokenHash, row.tokenHash))
    .returning({ failures: identityMfaPending.failures });
  if (updated && updated.failures >= MAX_PENDING_FAILURES) await deletePending(db, row.tokenHash);
}

export async function deletePending(db: Db, tokenHash: string): Promise<boolean> {
  const rows = await db
    .delete(identityMfaPending)
    .where(eq(identityMfaPending.tokenHash, tokenHash))
    .returning({ t: identityMfaPending.tokenHash });
  return rows.length === 1;
}

/** Housekeeping: pending second steps past their 10 minutes are of no use to anyone. */
export async function purgeExpiredMfaPending(db: Db, now: Date): Promise<number> {
  const rows = await db
    .delete(identityMfaPending)
    .where(lt(identityMfaPending.expiresAt, now))
    .returning({ t: identityMfaPending.tokenHash });
  return rows.length;
}
