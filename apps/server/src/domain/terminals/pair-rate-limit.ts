import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';

/**
 * Pairing attempts per client IP: 20 per 10 minutes (scaled by RATE_LIMIT_MULTIPLIER). Every
 * attempt counts, not only failures, so a burst of parallel guesses cannot slip past a check
 * made before the failures are recorded. 30^8 codes at 20 guesses per 10 minutes: guessing
 * one live code (15 minutes) has odds of about 1 in 10^10 per IP.
 */
export const PAIR_LIMIT = { limit: 20, windowMs: 10 * 60_000 };

export class RateLimited extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('rate_limited', `Too many pairing attempts; try again in ${retryAfterSeconds} seconds.`);
  }
}

/**
 * Counts one hit against `key` in a fixed window kept in the database (the identity service's
 * `identity_rate_limits` table, so every replica shares it); one statement, no race.
 */
export async function consumePairAttempt(ctx: AppContext, key: string, limit = PAIR_LIMIT) {
  if (ctx.config.rateLimitMultiplier === 0) return;
  const max = Math.max(1, Math.floor(limit.limit * ctx.config.rateLimitMultiplier));
  const now = ctx.now();
  const windowStart = new Date(now.getTime() - limit.windowMs);
  const result = await ctx.database.db.execute(sql`
    insert into identity_rate_limits (key, window_start, count) values (${key}, ${now}, 1)
    on conflict (key) do update set
      count = case when identity_rate_limits.window_start < ${windowStart} then 1 else identity_rate_limits.count + 1 end,
      window_start = case when identity_rate_limits.window_start < ${windowStart} then ${now} else identity_rate_limits.window_start end
    returning count, window_start`);
  const row = (result as unknown as { rows: { count: number; window_start: string | Date }[] }).rows[0];
  if (!row || Number(row.count) <= max) return;
  const endsAt = new Date(row.window_start).getTime() + limit.windowMs;
  throw new RateLimited(Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)));
}
