import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { getReceipt } from '../../domain/receipts/get-receipt';
import { renderReceipt } from '../../domain/receipts/render-receipt';
import { AppError } from '../../platform/errors';
import { translator } from '../../platform/i18n/catalogue';
import { SHOPPER_CHOICES } from '../../platform/i18n/locales';
import { parseAcceptLanguage, pickLocale } from '../../platform/i18n/pick-locale';

const params = z.object({
  token: z
    .string()
    .min(16)
    .max(64)
    .regex(/^[A-Za-z0-9]+$/),
});
/** `?lang=de` forces a language (the page's menu links); one the page does not speak is ignored. */
const querystring = z.object({ lang: z.string().max(64).optional() });

/**
 * `GET /receipts/{token}`: the shopper's receipt, rendered by the server as a small
 * page with no script, so it opens fast from an email and prints as it looks. Unknown → 404.
 * In English, German, French, Spanish, Italian, Dutch or Portuguese.
 */
export function receiptPageRoutes(app: FastifyInstance) {
  const db = app.ctx.database.db;
  app.get('/receipts/:token', { schema: { hide: true, querystring } }, async (request, reply) => {
    const parsed = params.safeParse(request.params);
    if (!parsed.success) throw new AppError('not_found', 'There is no such receipt.');
    const receipt = await getReceipt(db, parsed.data.token);
    // `?lang=`, else the browser's languages, else English.
    const locale = pickLocale(
      SHOPPER_CHOICES,
      (request.query as z.infer<typeof querystring>).lang,
      parseAcceptLanguage(request.headers['accept-language']),
    );
    return reply
      .header('content-language', locale)
      .header('vary', 'Accept-Language')
      .header('cache-control', 'private, no-store')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      )
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(renderReceipt(receipt, translator('shoppers', locale)));
  });
}
