import { createStickerPaymentSchema, stickerPaymentSchema, stickerSchema } from '@scanline/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentUrl } from '../../../domain/presenters/payments';
import { hitMobileLimit, MOBILE_LIMITS } from '../../../domain/scans/mobile-rate-limit';
import { createStickerPayment, findSticker, stickerAmountBounds } from '../../../domain/terminals/sticker';
import { AppError } from '../../../platform/errors';
import { limited } from '../limited';

const params = z.object({
  token: z
    .string()
    .min(16)
    .max(64)
    .regex(/^[A-Za-z0-9]+$/),
});
const tags = ['mobile'];
const config = { public: true };

/**
 * Sticker QR links: a terminal's printed code takes payments while the terminal is
 * switched off. The shopper reads who they pay, types the amount, and is sent to the usual
 * payment page. No sign-in; rate limited per IP and per sticker.
 */
export function mobileStickerRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  const db = ctx.database.db;

  /** Unknown stickers count against the caller like unknown payment codes. */
  const found = async <T>(reply: FastifyReply, ip: string, work: () => Promise<T>) => {
    await limited(ctx, reply, `unknown:${ip}`, MOBILE_LIMITS.unknownTokensPerIp, true);
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError && error.status === 404) {
        await hitMobileLimit(ctx, { key: `unknown:${ip}`, limit: MOBILE_LIMITS.unknownTokensPerIp });
      }
      throw error;
    }
  };

  app.get(
    '/stickers/:token',
    {
      config,
      schema: {
        tags,
        security: [],
        summary: "A terminal's sticker: whom the shopper pays and the amounts it takes",
        description: 'Unknown stickers, and those of disabled terminals, are 404.',
        params,
        response: { 200: stickerSchema },
      },
    },
    async (request, reply) => {
      await limited(ctx, reply, `read:ip:${request.ip}`, MOBILE_LIMITS.readsPerIp);
      const sticker = await found(reply, request.ip, () => findSticker(db, request.params.token));
      const bounds = stickerAmountBounds(sticker.project.currency);
      reply.header('cache-control', 'no-store');
      return {
        merchant: { name: sticker.business.name },
        terminal: { label: sticker.terminal.label },
        currency: sticker.project.currency,
        min_amount: bounds.min,
        max_amount: bounds.max,
      };
    },
  );

  app.post(
    '/stickers/:token/transactions',
    {
      config,
      schema: {
        tags,
        security: [],
        summary: 'Pay through a sticker: a transaction for its terminal (source sticker)',
        description:
          "`{amount, note?}` in minor units of the project's currency, from 0.50 to 10,000.00. Answers the " +
          'payment page to open (it records the scan). Works whatever the terminal state but disabled; rate ' +
          'limited per IP and per sticker (429 with Retry-After).',
        params,
        body: createStickerPaymentSchema,
        response: { 201: stickerPaymentSchema },
      },
    },
    async (request, reply) => {
      await limited(ctx, reply, `sticker:ip:${request.ip}`, MOBILE_LIMITS.stickerPaymentsPerIp);
      const token = request.params.token;
      const row = await found(reply, request.ip, async () => {
        await limited(ctx, reply, `sticker:${token.slice(0, 32)}`, MOBILE_LIMITS.stickerPaymentsPerSticker);
        return createStickerPayment(db, { token, input: request.body, now: ctx.now() });
      });
      reply.header('cache-control', 'no-store');
      return reply
        .status(201)
        .send({ transaction_id: row.id, payment_url: paymentUrl(ctx.config.publicUrl, row.paymentToken) });
    },
  );
}
