import { WEBHOOK_RETRY_DELAYS_SECONDS } from '@scanline/contracts';

/** Longest Retry-After we honour; a receiver cannot park a delivery for longer than a day. */
const RETRY_AFTER_MAX_SECONDS = 24 * 3600;

/**
 * Svix's schedule (now, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h) with ±5 % jitter so a
 * receiver that came back is not hit by every retry in the same second. `step` is how many
 * retries of the current schedule are used up; null = the schedule is over (`failed`).
 */
export function nextRetryDelayMs(
  step: number,
  retryAfterSeconds: number | null,
  random = Math.random,
): number | null {
  const base = WEBHOOK_RETRY_DELAYS_SECONDS[step];
  if (base === undefined) return null;
  if (retryAfterSeconds !== null) return Math.min(retryAfterSeconds, RETRY_AFTER_MAX_SECONDS) * 1000;
  return Math.round(base * 1000 * (0.95 + random() * 0.1));
}

/** `Retry-After` as seconds (RFC 9110: delay-seconds or an HTTP date), or null. */
export function parseRetryAfter(raw: string | undefined, now: Date): number | null {
  if (!raw) return null;
  const value = raw.trim();
  if (/^\d{1,10}$/.test(value)) return Number(value);
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}
