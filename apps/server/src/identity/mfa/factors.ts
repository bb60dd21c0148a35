import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { identityMfaFactors } from '../../db/schema';
import type { Db } from '../../platform/db';

export type MfaFactor = typeof identityMfaFactors.$inferSelect;

/** Google's limit: at most 5 second factors per user. */
export const MAX_FACTORS = 5;

export function listFactors(db: Db, uid: string): Promise<MfaFactor[]> {
  return db
    .select()
    .from(identityMfaFactors)
    .where(eq(identityMfaFactors.uid, uid))
    .orderBy(asc(identityMfaFactors.enrolledAt), asc(identityMfaFactors.id));
}

/** `mfaInfo` as accounts:lookup and a sign-in challenge answer it (the SDK reads totpInfo). */
export const presentMfaInfo = (factors: MfaFactor[]) =>
  factors.map((f) => ({
    mfaEnrollmentId: f.id,
    displayName: f.displayName ?? '',
    enrolledAt: f.enrolledAt.toISOString(),
    totpInfo: {},
  }));

/**
 * Records that `step` was used on this factor, only if it is newer than the last accepted
 * one: one statement, so two requests racing with the same code cannot both win.
 */
export async function claimStep(db: Db, factorId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(identityMfaFactors)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(identityMfaFactors.id, factorId),
        or(isNull(identityMfaFactors.lastUsedStep), lt(identityMfaFactors.lastUsedStep, step)),
      ),
    )
    .returning({ id: identityMfaFactors.id });
  return rows.length === 1;
}

export async function countFactors(db: Db, uid: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(identityMfaFactors)
    .where(eq(identityMfaFactors.uid, uid));
  return Number(row?.n ?? 0);
}
