import { createHash } from 'node:crypto';
import { IDEMPOTENCY_TTL_SECONDS } from '@scanline/contracts';
import { and, eq, lt, type SQL, sql } from 'drizzle-orm';
import { idempotencyKeys } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { rowsOf } from '../../platform/sql-rows';

/** Keys as Stripe takes them: any printable ASCII, up to 255 characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** An optional Idempotency-Key header (closes, refunds): absent or empty means none. */
export function optionalIdempotencyKey(raw: string | string[] | undefined): { idempotencyKey?: string } {
  if (raw === undefined || raw === '') return {};
  if (typeof raw !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(raw)) {
    throw new AppError('validation_failed', 'The Idempotency-Key header is not valid.', [
      { path: 'headers.idempotency-key', message: 'One value of 1–255 printable ASCII characters' },
    ]);
  }
  return { idempotencyKey: raw };
}

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
 * Claims an idempotency key with INSERT … ON CONFLICT, as a `claim` CTE (returning `key` when
 * claimed) of the statement that writes the change: the change's inserts select
 * `where exists (select from claim)`, so claim, change and stored answer are one statement
 * (atomic on its own) and one round trip. A key seen before (and not yet past its 24 hours)
 * is not claimed; `storedAnswer` then gives the first answer for replay, or 409 if the body
 * differs.
 *
 * A concurrent duplicate blocks on the unique key until the first commits, then finds it
 * claimed and replays its answer; if the first rolls back, the duplicate claims the key
 * itself. So two requests with one key can never both create.
 */
export function idempotencyClaimCte({
  id,
  requestHash,
  now,
  answer,
}: {
  id: IdempotencyScope;
  requestHash: string;
  now: Date;
  answer: StoredResponse;
}): SQL {
  const expiresAt = new Date(now.getTime() + IDEMPOTENCY_TTL_SECONDS * 1000);
  // A key past its 24 hours starts over as a new request (the same upsert as claimIdempotencyKey).
  return sql`claim as (
    insert into idempotency_keys (project_id, scope, key, request_hash, state, response_status, response_body,
      created_at, expires_at)
    values (${id.projectId}, ${id.scope}, ${id.key}, ${requestHash}, 'done', ${answer.status},
      ${JSON.stringify(answer.body)}::jsonb, ${now}, ${expiresAt})
    on conflict (project_id, scope, key) do update set request_hash = excluded.request_hash, state = 'done',
      response_status = excluded.response_status, response_body = excluded.response_body,
      created_at = excluded.created_at, expires_at = excluded.expires_at
      where idempotency_keys.expires_at <= ${now}
    returning key
  )`;
}

/**
 * Claims a key inside the caller's database transaction, for a change that learns its answer
 * only after writing (a close): `in_progress` now, `finishIdempotencyKey` in the same
 * transaction. A concurrent duplicate waits on the key until it commits, then replays.
 */
export async function claimIdempotencyKeyIn(
  tx: Db | Tx,
  { id, requestHash, now }: { id: IdempotencyScope; requestHash: string; now: Date },
): Promise<boolean> {
  const expiresAt = new Date(now.getTime() + IDEMPOTENCY_TTL_SECONDS * 1000);
  const rows = await rowsOf<{ key: string }>(
    tx,
    sql`
    insert into idempotency_keys (project_id, scope, key, request_hash, state, created_at, expires_at)
    values (${id.projectId}, ${id.scope}, ${id.key}, ${requestHash}, 'in_progress', ${now}, ${expiresAt})
    on conflict (project_id, scope, key) do update set request_hash = excluded.request_hash, state = 'in_progress',
      response_status = null, response_body = null, created_at = excluded.created_at, expires_at = excluded.expires_at
      where idempotency_keys.expires_at <= ${now}
    returning key`,
  );
  return rows.length > 0;
}

/** Stores the answer of a key claimed with claimIdempotencyKeyIn, in the same transaction. */
export async function finishIdempotencyKey(tx: Db | Tx, id: IdempotencyScope, answer: StoredResponse) {
  await tx
    .update(idempotencyKeys)
    .set({ state: 'done', responseStatus: answer.status, responseBody: answer.body })
    .where(
      and(
        eq(idempotencyKeys.projectId, id.projectId),
        eq(idempotencyKeys.scope, id.scope),
        eq(idempotencyKeys.key, id.key),
      ),
    );
}

/** The first answer to a key that was not claimed, to replay; 409 if the body differs. */
export async function storedAnswer(
  db: Db,
  id: IdempotencyScope,
  requestHash: string,
): Promise<StoredResponse> {
  const [existing] = await db
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
      'A request with this Idempotency-Key is still in progress; retry in a moment.',
    );
  }
  if (existing.requestHash !== requestHash) {
    throw new AppError(
      'idempotency_key_reused',
      'This Idempotency-Key was already used with a different request body.',
    );
  }
  return { status: existing.responseStatus, body: existing.responseBody };
}

/** Housekeeping: keys past their 24 hours (the sweeper calls this). */
export async function purgeExpiredIdempotencyKeys(db: Db, now: Date) {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.expiresAt, now))
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}
