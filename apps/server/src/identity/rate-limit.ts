import { sql } from 'drizzle-orm';
import type { AppContext } from '../platform/context';
import { IdentityError } from './identity-error';

export interface Limit {
  limit: number;
  windowMs: number;
}

/**
 * Abuse limits: generous for people, tight for scripts. Scaled by RATE_LIMIT_MULTIPLIER.
 * Limits about one account count per (account, client address) with a looser ceiling per
 * account: a guesser is stopped at their own address while the owner, from
 * another one, still signs in — knowing someone's email address is not enough to lock them out.
 */
export const LIMITS = {
  signInPerIp: { limit: 60, windowMs: 60_000 },
  /** Wrong passwords for one account from one client address. */
  signInFailuresPerClient: { limit: 10, windowMs: 15 * 60_000 },
  /** Wrong passwords for one account from everywhere: a distributed guess. Addresses the
   * account signed in from before (`KNOWN_CLIENT`) are not held by it. */
  signInFailuresPerAccount: { limit: 100, windowMs: 15 * 60_000 },
  signUpPerIp: { limit: 20, windowMs: 60 * 60_000 },
  mailPerIp: { limit: 20, windowMs: 60 * 60_000 },
  /** Mail to one address asked for from one client address. */
  mailPerAddressPerClient: { limit: 5, windowMs: 60 * 60_000 },
  /** Mail to one address from everywhere: keeps the recipient's inbox from being flooded. */
  mailPerAddress: { limit: 20, windowMs: 60 * 60_000 },
  refreshPerIp: { limit: 600, windowMs: 60_000 },
} satisfies Record<string, Limit>;

/** How long a successful sign-in makes its client address "known" to the account. */
export const KNOWN_CLIENT: Limit = { limit: 1, windowMs: 30 * 24 * 60 * 60_000 };

/**
 * The part of a client address a limit counts by: the IPv4 address, or the /64 of an IPv6
 * one (one subscriber gets a whole /64, so single IPv6 addresses cost a guesser nothing).
 */
export function clientKey(ip: string | undefined): string {
  // A client that hung up before its request was handled has no address left on its socket.
  if (!ip) return 'unknown';
  const v4 = /^(?:::ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (v4) return v4[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

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

/** True when `key` was hit within `windowMs` (unscaled: a fact, not a limit). */
async function seenWithin(ctx: AppContext, key: string, windowMs: number): Promise<boolean> {
  const windowStart = new Date(ctx.now().getTime() - windowMs);
  const rows = await ctx.database.db.execute(
    sql`select 1 from identity_rate_limits where key = ${key} and window_start >= ${windowStart}`,
  );
  return (rows as unknown as { rows: unknown[] }).rows.length > 0;
}

/**
 * Failure-only limits about one subject (an account, an address) counted per client address,
 * under a looser ceiling per subject. `scope` names the flow (`signin`).
 */
export interface FailureLimits {
  scope: string;
  perClient: Limit;
  perSubject: Limit;
}

const keysOf = (limits: FailureLimits, subject: string, ip: string) => {
  const client = clientKey(ip);
  return {
    pair: `${limits.scope}:fail|${subject}|${client}`,
    subject: `${limits.scope}:fail|${subject}`,
    known: `${limits.scope}:known|${subject}|${client}`,
  };
};

/**
 * Whether this client may try this subject now: refused when it failed too often itself, or
 * when everyone together failed past the ceiling and this client never succeeded here before
 * (an owner's usual address keeps working through a distributed guess).
 */
export async function isHeldBack(
  ctx: AppContext,
  { limits, subject, ip }: { limits: FailureLimits; subject: string; ip: string },
) {
  if (ctx.config.rateLimitMultiplier === 0) return false;
  const keys = keysOf(limits, subject, ip);
  if (await isRateLimited(ctx, keys.pair, limits.perClient)) return true;
  if (!(await isRateLimited(ctx, keys.subject, limits.perSubject))) return false;
  return !(await seenWithin(ctx, keys.known, KNOWN_CLIENT.windowMs));
}

const UNCAPPED = Number.MAX_SAFE_INTEGER;

export async function recordFailure(
  ctx: AppContext,
  { limits, subject, ip }: { limits: FailureLimits; subject: string; ip: string },
) {
  const keys = keysOf(limits, subject, ip);
  await consumeRateLimit(ctx, keys.pair, { ...limits.perClient, limit: UNCAPPED });
  await consumeRateLimit(ctx, keys.subject, { ...limits.perSubject, limit: UNCAPPED });
}

/** A success clears this client's failures and makes its address known to the subject. */
export async function recordSuccess(
  ctx: AppContext,
  { limits, subject, ip }: { limits: FailureLimits; subject: string; ip: string },
) {
  if (ctx.config.rateLimitMultiplier === 0) return;
  const keys = keysOf(limits, subject, ip);
  await resetRateLimit(ctx, keys.pair);
  await resetRateLimit(ctx, keys.known);
  await consumeRateLimit(ctx, keys.known, { ...KNOWN_CLIENT, limit: UNCAPPED });
}

/**
 * Counted limits (every request, not only failures) about one subject from one client, under
 * a looser ceiling per subject: mail to one address, for instance.
 */
export async function consumePairLimit(
  ctx: AppContext,
  {
    scope,
    subject,
    ip,
    perClient,
    perSubject,
  }: { scope: string; subject: string; ip: string; perClient: Limit; perSubject: Limit },
) {
  await consumeRateLimit(ctx, `${scope}|${subject}|${clientKey(ip)}`, perClient);
  await consumeRateLimit(ctx, `${scope}|${subject}`, perSubject);
}

export const SIGN_IN_FAILURES: FailureLimits = {
  scope: 'signin',
  perClient: LIMITS.signInFailuresPerClient,
  perSubject: LIMITS.signInFailuresPerAccount,
};
