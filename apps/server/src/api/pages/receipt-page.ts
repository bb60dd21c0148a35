import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { getReceipt } from '../../domain/receipts/get-receipt';
import { renderReceipt } from '../../domain/receipts/render-receipt';
import { AppError } from '../../platform/errors';

const params = z.object({
  token: z
    .string()
    .min(16)
    .max(64)
    .regex(/^[A-Za-z0-9]+$/),
});

/**
 * `GET /receipts/{token}` (issue 15 §4): the shopper's receipt, rendered by the server as a small
 * page with no script, so it opens fast from an email and prints as it looks. Unknown → 404.
 */
export function receiptPageRoutes(app: FastifyInstance) {
  const db = app.ctx.database.db;
  app.get('/receipts/:token', { schema: { hide: true } }, async (request, reply) => {
    const parsed = params.safeParse(request.params);
    if (!parsed.success) throw new AppError('not_found', 'There is no such receipt.');
    const receipt = await getReceipt(db, parsed.data.token);
    return reply
      .header('cache-control', 'private, no-store')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      )
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(renderReceipt(receipt));
  });
}
