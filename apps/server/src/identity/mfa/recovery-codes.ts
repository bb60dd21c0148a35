import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { identityRecoveryCodes } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { sha256Hex } from '../../platform/crypto/hash-token';
import type { Db } from '../../platform/db';
import { newId } from '../../platform/ids';

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'; // no 0/o, 1/l/i: read aloud and typed

/** `xxxxx-xxxxx`: 10 characters from 31, about 49 bits; single use and limited like a code. */
function newRecoveryCode(): string {
  let out = '';
  for (const byte of randomBytes(20)) {
    if (out.length === 10) break;
    if (byte < 248) out += ALPHABET[byte % ALPHABET.length];
  }
  while (out.length < 10) out += ALPHABET[randomBytes(1)[0]! % ALPHABET.length];
  return `${out.slice(0, 5)}-${out.slice(5)}`;
}

/** Case, spaces and dashes do not matter when a code is typed back. */
export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
const hashCode = (code: string) => sha256Hex(normalizeRecoveryCode(code));

/** A new set of codes, returned once in clear; the old set is void. One transaction. */
export async function replaceRecoveryCodes(ctx: AppContext, uid: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await ctx.database.db.transaction(async (tx) => {
    await tx.delete(identityRecoveryCodes).where(eq(identityRecoveryCodes.uid, uid));
    await tx
      .insert(identityRecoveryCodes)
      .values(codes.map((c) => ({ id: newId('rcv'), uid, codeHash: hashCode(c), createdAt: ctx.now() })));
  });
  return codes;
}

/** Spends `code` if it is an unused code of `uid`: true once, false ever after. */
export async function spendRecoveryCode(ctx: AppContext, uid: string, code: string): Promise<boolean> {
  if (normalizeRecoveryCode(code).length !== 10) return false;
  const rows = await ctx.database.db
    .update(identityRecoveryCodes)
    .set({ usedAt: ctx.now() })
    .where(
      and(
        eq(identityRecoveryCodes.uid, uid),
        eq(identityRecoveryCodes.codeHash, hashCode(code)),
        isNull(identityRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: identityRecoveryCodes.id });
  return rows.length === 1;
}

export async function countUnusedRecoveryCodes(db: Db, uid: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(identityRecoveryCodes)
    .where(and(eq(identityRecoveryCodes.uid, uid), isNull(identityRecoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

export async function deleteRecoveryCodes(db: Db, uid: string): Promise<void> {
  await db.delete(identityRecoveryCodes).where(eq(identityRecoveryCodes.uid, uid));
}
