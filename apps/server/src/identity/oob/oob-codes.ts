import { and, eq, gt, isNull } from 'drizzle-orm';
import { identityOobCodes } from '../../db/schema';
import { hashToken } from '../../platform/crypto/hash-token';
import type { Db } from '../../platform/db';
import { randomBase62 } from '../../platform/ids';
import { IdentityError } from '../identity-error';

export type OobKind = 'PASSWORD_RESET' | 'VERIFY_EMAIL' | 'EMAIL_SIGNIN' | 'VERIFY_AND_CHANGE_EMAIL';
export type OobCode = typeof identityOobCodes.$inferSelect;

/** Lifetimes of emailed codes and links (docs/guide/two-step-verification.md). */
export const OOB_LIFETIME_MS: Record<OobKind, number> = {
  PASSWORD_RESET: 60 * 60_000,
  VERIFY_EMAIL: 3 * 24 * 60 * 60_000,
  EMAIL_SIGNIN: 6 * 60 * 60_000,
  VERIFY_AND_CHANGE_EMAIL: 60 * 60_000,
};

/** A new single-use code: 40 base62 characters ≈ 238 bits, only its hash stored. */
export async function createOobCode(
  db: Db,
  input: { kind: OobKind; uid: string | null; email: string; newEmail?: string },
  now: Date,
): Promise<string> {
  const code = randomBase62(40);
  await db.insert(identityOobCodes).values({
    codeHash: hashToken(code),
    kind: input.kind,
    uid: input.uid,
    email: input.email,
    newEmail: input.newEmail ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + OOB_LIFETIME_MS[input.kind]),
  });
  return code;
}

/** Reads a code without using it (checkActionCode, verifyPasswordResetCode). */
export async function peekOobCode(
  db: Db,
  { code, now, kinds }: { code: unknown; now: Date; kinds?: OobKind[] },
): Promise<OobCode> {
  if (typeof code !== 'string' || code === '') throw new IdentityError('MISSING_OOB_CODE');
  const [row] = await db
    .select()
    .from(identityOobCodes)
    .where(eq(identityOobCodes.codeHash, hashToken(code)))
    .limit(1);
  if (!row || row.usedAt || (kinds && !kinds.includes(row.kind))) throw new IdentityError('INVALID_OOB_CODE');
  if (row.expiresAt <= now) throw new IdentityError('EXPIRED_OOB_CODE');
  return row;
}

/** Uses a code once: a conditional update, so two concurrent clicks cannot both succeed. */
export async function consumeOobCode(
  db: Db,
  { code, now, kinds }: { code: unknown; now: Date; kinds: OobKind[] },
): Promise<OobCode> {
  const row = await peekOobCode(db, { code, now, kinds });
  const [used] = await db
    .update(identityOobCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(identityOobCodes.codeHash, row.codeHash),
        isNull(identityOobCodes.usedAt),
        gt(identityOobCodes.expiresAt, now),
      ),
    )
    .returning();
  if (!used) throw new IdentityError('INVALID_OOB_CODE');
  return used;
}
