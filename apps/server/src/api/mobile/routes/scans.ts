import { createHash } from 'node:crypto';
import {
  emailReceiptResultSchema,
  emailReceiptSchema,
  openScanSchema,
  payRequestSchema,
  payResponseSchema,
  shopperScanSchema,
} from '@scanline/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { payTransaction } from '../../../domain/payments/pay-transaction';
import { emailReceipt } from '../../../domain/receipts/email-receipt';
import { hitMobileLimit, MOBILE_LIMITS } from '../../../domain/scans/mobile-rate-limit';
import { getShopperScan, openScan } from '../../../domain/scans/open-scan';
import { AppError } from '../../../platform/errors';
import { parseAcceptLanguage } from '../../../platform/i18n/pick-locale';
import { pathParams } from '../../params';
import { limited } from '../limited';

const params = pathParams('scan_id');
const tags = ['mobile'];
const config = { public: true };

const tokenKey = (token: string) => createHash('sha256').update(token).digest('hex').slice(0, 32);

/** The shopper's side: open a scanned code, pay it, read its status. No sign-in. */
export function mobileScanRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  const confirmUrl = (scanId: string) => `${ctx.config.apiUrls.mobile}/scans/${scanId}/payments/confirm`;

  app.post(
    '/scans',
    {
      config,
      schema: {
        tags,
        summary: 'Open a scanned payment code (records the scan)',
        description:
          'The token is the last segment of the payment_url a terminal shows. An expired, canceled or paid ' +
          'transaction answers with its status (the scan is recorded as rejected). Rate limited per IP and per code.',
        body: openScanSchema,
        response: { 201: shopperScanSchema },
      },
    },
    async (request, reply) => {
      await limited(ctx, reply, `unknown:${request.ip}`, MOBILE_LIMITS.unknownTokensPerIp, true);
      await limited(ctx, reply, `scan:ip:${request.ip}`, MOBILE_LIMITS.scansPerIp);
      await limited(ctx, reply, `scan:token:${tokenKey(request.body.token)}`, MOBILE_LIMITS.scansPerToken);
      try {
        const scan = await openScan(ctx, {
          token: request.body.token,
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          appVersion: [request.headers['x-app-version']].flat()[0],
        });
        reply.header('cache-control', 'no-store');
        return reply.status(201).send(scan);
      } catch (error) {
        // Guessing codes: every miss counts against the caller's address.
        if (error instanceof AppError && error.status === 404) {
          await hitMobileLimit(ctx, {
            key: `unknown:${request.ip}`,
            limit: MOBILE_LIMITS.unknownTokensPerIp,
          });
        }
        throw error;
      }
    },
  );

  app.get(
    '/scans/:scan_id',
    {
      config,
      schema: {
        tags,
        summary: "A scan's transaction as it is now",
        params,
        response: { 200: shopperScanSchema },
      },
    },
    async (request, reply) => {
      await limited(ctx, reply, `read:ip:${request.ip}`, MOBILE_LIMITS.readsPerIp);
      reply.header('cache-control', 'no-store');
      return getShopperScan(ctx, request.params.scan_id);
    },
  );

  app.post(
    '/scans/:scan_id/payments',
    {
      config,
      schema: {
        tags,
        summary: 'Pay the scanned transaction',
        description:
          'payment_method is a Stripe payment method id (with the simulator: pm_card_visa, pm_card_mastercard, ' +
          'pm_card_chargeDeclined, pm_card_chargeDeclinedInsufficientFunds, pm_card_authenticationRequired). ' +
          'Concurrent requests charge at most once; the others answer the current status. ' +
          '`requires_action` comes with next_action.confirm_url: POST there once the shopper approved the payment. ' +
          "`tip_amount`: the tip chosen from the scan's `tipping` choices (or a custom one when allowed), " +
          '0 ≤ tip ≤ amount, charged with the amount; 400 `tipping_disabled` when the merchant takes no tips or the ' +
          'checkout was created with `skip_tipping`.',
        params,
        body: payRequestSchema,
        response: { 200: payResponseSchema },
      },
    },
    async (request, reply) => {
      await limited(ctx, reply, `pay:ip:${request.ip}`, MOBILE_LIMITS.paymentsPerIp);
      await limited(ctx, reply, `pay:scan:${request.params.scan_id}`, MOBILE_LIMITS.paymentsPerScan);
      reply.header('cache-control', 'no-store');
      return payTransaction(ctx, {
        scanId: request.params.scan_id,
        paymentMethod: request.body.payment_method,
        tipAmount: request.body.tip_amount,
        wallet: request.body.wallet,
        confirmUrl: confirmUrl(request.params.scan_id),
      });
    },
  );

  app.post(
    '/scans/:scan_id/payments/confirm',
    {
      config,
      schema: {
        tags,
        summary: 'Finish a payment that required action (3-D Secure)',
        description:
          'With the simulator this stands for the shopper approving the payment in their bank app. With Stripe, ' +
          'call it after Stripe.js handled the next action: the server retrieves the PaymentIntent.',
        params,
        body: z.strictObject({}).nullish(),
        response: { 200: payResponseSchema },
      },
    },
    async (request, reply) => {
      await limited(ctx, reply, `pay:ip:${request.ip}`, MOBILE_LIMITS.paymentsPerIp);
      await limited(ctx, reply, `pay:scan:${request.params.scan_id}`, MOBILE_LIMITS.paymentsPerScan);
      reply.header('cache-control', 'no-store');
      return payTransaction(ctx, {
        scanId: request.params.scan_id,
        confirmation: true,
        confirmUrl: confirmUrl(request.params.scan_id),
      });
    },
  );

  app.post(
    '/scans/:scan_id/receipt',
    {
      config,
      schema: {
        tags,
        security: [],
        summary: 'Email the receipt of a paid scan (at most 3 per transaction)',
        description:
          '`{email}`: the address is used for this email only and is not stored. 409 before the ' +
          'payment succeeded; 429 after 3 emails for the transaction, or when the caller sends too many.',
        params,
        body: emailReceiptSchema,
        response: { 200: emailReceiptResultSchema },
      },
    },
    async (request, reply) => {
      await limited(ctx, reply, `receipt:ip:${request.ip}`, MOBILE_LIMITS.paymentsPerIp);
      return emailReceipt(ctx, {
        scanId: request.params.scan_id,
        email: request.body.email,
        languages: [
          ...(request.body.locale ? [request.body.locale] : []),
          ...parseAcceptLanguage(request.headers['accept-language']),
        ],
      });
    },
  );
}
