import { sql } from 'drizzle-orm';
import type { AppContext } from '../platform/context';
import { IdentityError } from './identity-error';

export interface Limit {
  limit: number;
  windowMs: number;
}

/** Abuse limits (PRODUCT §4): generous for people, tight for scripts. Scaled by RATE_LIMIT_MULTIPLIER. */
export const LIMITS = {
  signInPerIp: { limit: 60, windowMs: 60_000 },
  signInFailuresPerAccount: { limit: 10, windowMs: 15 * 60_000 },
  signUpPerIp: { limit: 20, windowMs: 60 * 60_000 },
  mailPerIp: { limit: 20, windowMs: 60 * 60_000 },
  mailPerAddress: { limit: 5, windowMs: 60 * 60_000 },
  refreshPerIp: { limit: 600, windowMs: 60_000 },
} satisfies Record<string, Limit>;

/**
 * Counts one hit against `key` in a fixed window kept in the database, so every replica
 * shares it; one statement, no read-modify-write race. Throws TOO_MANY_ATTEMPTS_TRY_LATER.
 */
export async function consumeRateLimit(ctx: AppContext, key: string, limit: Limit): Promise<void> {
  const max = Math.floor(limit.limit * ctx.config.rateLimitMultiplier);
  if (max <= 0 && ctx.config.rateLimitMultiplier === 0) return;
  const now = ctx.now();
  const windowStart = new Date(now.getTime() - limit.windowMs);
  const rows = await ctx.database.db.execute<{ count: number }>(sql`
    insert into identity_rate_limits (key, window_start, count) values (${key}, ${now}, 1)
    on conflict (key) do update set
      count = case when identity_rate_limits.window_start < ${windowStart} then 1 else identity_rate_limits.count + 1 end,
      window_start = case when identity_rate_limits.window_start < ${windowStart} then ${now} else identity_rate_limits.window_start end
    returning count`);
  const count = Number((rows as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0);
  if (count > max) throw new IdentityError('TOO_MANY_ATTEMPTS_TRY_LATER');
}

/** True when `key` is already over its limit, without counting a hit (failure-only limits). */
export async function isRateLimited(ctx: AppContext, key: string, limit: Limit): Promise<boolean> {
  if (ctx.config.rateLimitMultiplier === 0) return false;
  const windowStart = new Date(ctx.now().getTime() - limit.windowMs);
  const rows = await ctx.database.db.execute<{ count: number }>(
    sql`select count from identity_rate_limits where key = ${key} and window_start >= ${windowStart}`,
  );
  const count = Number((rows as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0);
  return count >= Math.floor(limit.limit * ctx.config.rateLimitMultiplier);
}

export async function resetRateLimit(ctx: AppContext, key: string): Promise<void> {
  await ctx.database.db.execute(sql`delete from identity_rate_limits where key = ${key}`);
}
