import { createHash } from 'node:crypto';
import { IDEMPOTENCY_TTL_SECONDS } from '@scanline/contracts';
import { and, eq, lt, sql } from 'drizzle-orm';
import { idempotencyKeys } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';

/** Keys as Stripe takes them: any printable ASCII, up to 255 characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface IdempotencyScope {
  projectId: string;
  /** Who sent it (a terminal id, an API key id or a user id): keys of different callers never collide. */
  scope: string;
  key: string;
}

export interface StoredResponse {
  status: number;
  body: unknown;
}

const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as Record<string, unknown>)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
};

/** SHA-256 of the operation and its body with keys sorted: the same request hashes the same. */
export const hashRequest = (operation: string, body: unknown) =>
  createHash('sha256')
    .update(`${operation}\n${JSON.stringify(canonical(body ?? null))}`)
    .digest('base64url');

/**
 * Claims an idempotency key inside the caller's database transaction, with one statement:
 * INSERT … ON CONFLICT. A key seen before (and not yet past its 24 hours) is not claimed;
 * the first answer is returned for replay, or 409 if the body differs.
 *
 * Because the key's row, with its answer, is written in the same transaction as the change,
 * a concurrent duplicate blocks on the unique key until the first commits,
 * then replays its answer; if the first rolls back, the duplicate claims the key itself. So
 * two requests with one key can never both create.
 */
export async function claimIdempotencyKey(
  tx: Db,
  id: IdempotencyScope,
  requestHash: string,
  now: Date,
  /**
   * The answer, made before writing (ids and times are chosen up front): it is stored with
   * the claim, and the surrounding transaction makes claim, change and answer one.
   */
  answer: StoredResponse,
): Promise<{ claimed: true } | { claimed: false; response: StoredResponse }> {
  const expiresAt = new Date(now.getTime() + IDEMPOTENCY_TTL_SECONDS * 1000);
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({
      projectId: id.projectId,
      scope: id.scope,
      key: id.key,
      requestHash,
      state: 'done',
      responseStatus: answer.status,
      responseBody: answer.body,
      createdAt: now,
      expiresAt,
    })
    .onConflictDoUpdate({
      target: [idempotencyKeys.projectId, idempotencyKeys.scope, idempotencyKeys.key],
      // A key past its 24 hours starts over as a new request.
      set: {
        requestHash,
        state: 'done',
        responseStatus: answer.status,
        responseBody: answer.body,
        createdAt: now,
        expiresAt,
      },
      setWhere: sql`${idempotencyKeys.expiresAt} <= ${now}`,
    })
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) return { claimed: true };

  const [existing] = await tx
    .select()
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.projectId, id.projectId),
        eq(idempotencyKeys.scope, id.scope),
        eq(idempotencyKeys.key, id.key),
      ),
    )
    .limit(1);
  if (existing?.state !== 'done' || existing.responseStatus === null) {
    throw new AppError(
      'idempotency_in_progress',
      409,
      'A request with this Idempotency-Key is still in progress; retry in a moment.',
    );
  }
  if (existing.requestHash !== requestHash) {
    throw new AppError(
      'idempotency_key_reused',
      409,
      'This Idempotency-Key was already used with a different request body.',
    );
  }
  return { claimed: false, response: { status: existing.responseStatus, body: existing.responseBody } };
}

/** Housekeeping: keys past their 24 hours (the sweeper calls this). */
export async function purgeExpiredIdempotencyKeys(db: Db, now: Date) {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.expiresAt, now))
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}
