import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';

export interface MobileLimit {
  limit: number;
  windowMs: number;
}

/**
 * Shopper-side abuse limits (per IP and per payment code). A 128-bit token cannot be
 * guessed, but scripted guessing still costs us rows and CPU: unknown codes are limited hard.
 * Scaled by RATE_LIMIT_MULTIPLIER (0 turns them off).
 */
export const MOBILE_LIMITS = {
  scansPerIp: { limit: 60, windowMs: 60_000 },
  unknownTokensPerIp: { limit: 10, windowMs: 10 * 60_000 },
  scansPerToken: { limit: 30, windowMs: 60_000 },
  paymentsPerIp: { limit: 30, windowMs: 60_000 },
  paymentsPerScan: { limit: 20, windowMs: 60_000 },
  readsPerIp: { limit: 300, windowMs: 60_000 },
  /** Sticker links: a printed code anyone may scan, so creating payments is limited. */
  stickerPaymentsPerIp: { limit: 10, windowMs: 60_000 },
  stickerPaymentsPerSticker: { limit: 30, windowMs: 60_000 },
} satisfies Record<string, MobileLimit>;

/**
 * Counts one hit in a fixed window shared by every replica (one upsert, no race). Returns the
 * seconds to wait when over the limit, or null.
 */
export async function hitMobileLimit(
  ctx: AppContext,
  { key, limit, peek = false }: { key: string; limit: MobileLimit; peek?: boolean },
): Promise<number | null> {
  if (ctx.config.rateLimitMultiplier === 0) return null;
  const max = Math.max(1, Math.floor(limit.limit * ctx.config.rateLimitMultiplier));
  const now = ctx.now();
  const windowStart = new Date(now.getTime() - limit.windowMs);
  const k = `mobile:${key}`;
  const result = peek
    ? await ctx.database.db.execute(
        sql`select count, window_start from identity_rate_limits where key = ${k} and window_start >= ${windowStart}`,
      )
    : await ctx.database.db.execute(sql`
    insert into identity_rate_limits (key, window_start, count) values (${k}, ${now}, 1)
    on conflict (key) do update set
      count = case when identity_rate_limits.window_start < ${windowStart} then 1 else identity_rate_limits.count + 1 end,
      window_start = case when identity_rate_limits.window_start < ${windowStart} then ${now} else identity_rate_limits.window_start end
    returning count, window_start`);
  const row = (result as unknown as { rows: { count: number; window_start: string | Date }[] }).rows[0];
  if (!row) return null;
  const count = Number(row.count);
  if (peek ? count < max : count <= max) return null;
  const resetAt = new Date(row.window_start).getTime() + limit.windowMs;
  return Math.max(1, Math.ceil((resetAt - now.getTime()) / 1000));
}
