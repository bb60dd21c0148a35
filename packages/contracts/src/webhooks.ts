import { z } from 'zod';
import { closeSchema, payoutSchema } from './books';
import { scanSchema, terminalSchema, transactionSchema } from './payments';
import { memberSchema } from './workspace';

// Webhooks and deliveries: endpoints, the event catalogue, deliveries and attempts.

const timestamp = z.string();

/** 's event types: what a project's outbox records. */
export const PROJECT_EVENT_TYPES = [
  'terminal.paired',
  'terminal.online',
  'terminal.offline',
  'scan.created',
  'transaction.created',
  'transaction.partially_paid',
  'transaction.succeeded',
  'transaction.payment_failed',
  'transaction.failed',
  'transaction.canceled',
  'transaction.expired',
  'transaction.refunded',
  'transaction.refund_failed',
  'member.added',
  'member.removed',
  'close.created',
  'payout.created',
  'payout.paid',
] as const;
export type ProjectEventType = (typeof PROJECT_EVENT_TYPES)[number];

/** The project's event types plus `webhook.test` (sent only by "send test"). */
export const WEBHOOK_EVENT_TYPES = [...PROJECT_EVENT_TYPES, 'webhook.test'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);

/** Svix's schedule: delays before attempts 2…8 (the first goes at once), in seconds. */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600];
export const WEBHOOK_TIMEOUT_SECONDS = 15;
export const WEBHOOK_SECRET_OVERLAP_SECONDS = 24 * 3600;
export const WEBHOOK_DISABLE_AFTER_FAILING_DAYS = 5;
export const WEBHOOK_RESPONSE_BODY_MAX_BYTES = 8 * 1024;

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const deliveryStatusSchema = z.enum(DELIVERY_STATUSES);
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

const url = z
  .string()
  .trim()
  .min(1)
  .max(2048)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
    } catch {
      return false;
    }
  }, 'Expected an http(s) URL without credentials.');
const description = z.string().trim().max(500);
const eventTypes = z.array(webhookEventTypeSchema).max(WEBHOOK_EVENT_TYPES.length);

export const createWebhookSchema = z.strictObject({
  url,
  description: description.optional(),
  event_types: eventTypes.optional(),
  enabled: z.boolean().optional(),
});
export type CreateWebhook = z.infer<typeof createWebhookSchema>;

export const updateWebhookSchema = z.strictObject({
  url: url.optional(),
  description: description.nullable().optional(),
  event_types: eventTypes.optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhook = z.infer<typeof updateWebhookSchema>;

export const webhookHealthSchema = z.object({
  /** Share of attempts in the last 24 hours that succeeded; null when there were none. */
  success_rate_24h: z.number().nullable(),
  attempts_24h: z.number().int(),
  last_success_at: timestamp.nullable(),
  last_failure_at: timestamp.nullable(),
  last_failure_reason: z.string().nullable(),
  /** The first failure since the last success: 5 days of it disables the endpoint. */
  failing_since: timestamp.nullable(),
});
export type WebhookHealth = z.infer<typeof webhookHealthSchema>;

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  /** Empty means every type. */
  event_types: z.array(z.string()),
  enabled: z.boolean(),
  /** Set when the system disabled it: `gone` (a 410) or `failing` (5 days of failures). */
  disabled_reason: z.string().nullable(),
  /** When a rotated-out secret stops signing; null when only one secret signs. */
  previous_secret_expires_at: timestamp.nullable(),
  health: webhookHealthSchema,
  created_at: timestamp,
  updated_at: timestamp,
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookWithSecretSchema = webhookSchema.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;
export const webhookSecretSchema = z.object({
  secret: z.string(),
  previous_secret_expires_at: timestamp.nullable(),
});
export type WebhookSecret = z.infer<typeof webhookSecretSchema>;

export const deliverySchema = z.object({
  id: z.string(),
  webhook_id: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  status: deliveryStatusSchema,
  attempt_count: z.number().int(),
  response_status: z.number().int().nullable(),
  next_attempt_at: timestamp.nullable(),
  last_attempt_at: timestamp.nullable(),
  created_at: timestamp,
});
export type Delivery = z.infer<typeof deliverySchema>;

export const deliveryAttemptSchema = z.object({
  started_at: timestamp,
  duration_ms: z.number().int(),
  succeeded: z.boolean(),
  request: z.object({ url: z.string(), headers: z.record(z.string(), z.string()), body: z.string() }),
  response: z
    .object({ status: z.number().int(), headers: z.record(z.string(), z.string()), body: z.string() })
    .nullable(),
  error: z.string().nullable(),
});
export type DeliveryAttempt = z.infer<typeof deliveryAttemptSchema>;

export const deliveryDetailSchema = deliverySchema.extend({
  webhook_url: z.string(),
  /** The body as sent (`{type, timestamp, data}`). */
  payload: z.record(z.string(), z.unknown()),
  attempts: z.array(deliveryAttemptSchema),
});
export type DeliveryDetail = z.infer<typeof deliveryDetailSchema>;

export const recoverDeliveriesSchema = z.strictObject({ since: z.iso.datetime({ offset: true }) });
export const recoverResultSchema = z.object({ requeued: z.number().int() });
export const testWebhookResultSchema = z.object({ event_id: z.string(), delivery_id: z.string() });

export const eventTypeInfoSchema = z.object({
  type: z.string(),
  description: z.string(),
  /** JSON Schema (2020-12) of the whole body `{type, timestamp, data}`. */
  schema: z.record(z.string(), z.unknown()),
  example: z.record(z.string(), z.unknown()),
});
export type EventTypeInfo = z.infer<typeof eventTypeInfoSchema>;
export const eventTypeListSchema = z.object({ data: z.array(eventTypeInfoSchema) });

/** The data schema of each type: the object as the main API presents it. */
export const EVENT_DATA_SCHEMAS: Record<WebhookEventType, z.ZodType> = {
  'terminal.paired': terminalSchema,
  'terminal.online': terminalSchema,
  'terminal.offline': terminalSchema,
  'scan.created': scanSchema,
  'transaction.created': transactionSchema,
  'transaction.partially_paid': transactionSchema,
  'transaction.succeeded': transactionSchema,
  'transaction.payment_failed': transactionSchema,
  'transaction.failed': transactionSchema,
  'transaction.canceled': transactionSchema,
  'transaction.expired': transactionSchema,
  'transaction.refunded': transactionSchema,
  'transaction.refund_failed': transactionSchema,
  'member.added': memberSchema,
  'member.removed': memberSchema,
  'close.created': closeSchema,
  'payout.created': payoutSchema,
  'payout.paid': payoutSchema,
  'webhook.test': z.object({ message: z.string(), webhook_id: z.string() }),
};

export const EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  'terminal.paired': 'A terminal traded its pairing code for a device token.',
  'terminal.online': 'A terminal opened its device stream (or sent a heartbeat) after being offline.',
  'terminal.offline':
    'A terminal lost its device stream for TERMINAL_STREAM_GRACE_SECONDS, or missed its heartbeats for TERMINAL_OFFLINE_AFTER_SECONDS.',
  'scan.created': "A shopper's phone opened a terminal's code.",
  'transaction.created': 'A transaction was created and waits for payment.',
  'transaction.partially_paid':
    'A tender paid part of a transaction (cash at the counter or a card share); `amount_due` says what is left.',
  'transaction.succeeded': 'A payment succeeded.',
  'transaction.payment_failed':
    'A card was declined; the transaction is pending again and the shopper may try another card.',
  'transaction.failed': 'The payment failed for good: a third declined card, or it expired after a decline.',
  'transaction.canceled': 'A pending transaction was canceled.',
  'transaction.expired': 'A pending transaction was not paid within 15 minutes.',
  'transaction.refunded': 'All or part of a payment was refunded.',
  'transaction.refund_failed':
    'A refund that had succeeded failed at the provider (the money is back in the balance): the refunded amount and status went back; `refund` is the failed refund.',
  'member.added': 'Someone joined the project.',
  'member.removed': 'Someone left or was removed from the project.',
  'close.created': "A terminal's close (Z report) was made: by hand, by the device, or by the schedule.",
  'payout.created': 'A payout of the available balance was created (one per currency).',
  'payout.paid': 'A payout reached the bank (at once for the simulator; Stripe tells when).',
  'webhook.test': 'Sent by "send test" to one endpoint only.',
};
