import type { FastifyReply } from 'fastify';
import { hitMobileLimit, type MobileLimit } from '../../domain/scans/mobile-rate-limit';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';

/** Counts one hit against a shopper-side limit; over it, 429 with Retry-After. */
export async function limited(
  ctx: AppContext,
  reply: FastifyReply,
  key: string,
  limit: MobileLimit,
  peek = false,
) {
  const wait = await hitMobileLimit(ctx, { key, limit, peek });
  if (wait !== null) {
    reply.header('retry-after', String(wait));
    throw new AppError('rate_limited', `Too many requests; try again in ${wait} seconds.`);
  }
}
