import { z } from 'zod';

/**
 * Stable error codes of the product APIs. Clients branch on `code`, never on `detail`.
 * Add codes here; never rename one that has shipped.
 */
export const errorCodes = [
  'bad_request',
  'validation_failed',
  'unauthenticated',
  'token_expired',
  'token_revoked',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'idempotency_key_reused',
  'idempotency_in_progress',
  'idempotency_key_required',
  'pairing_code_invalid',
  'terminal_disabled',
  'transaction_not_payable',
  'transaction_state_conflict',
  'refund_exceeds_amount',
  'payment_failed',
  'payment_method_invalid',
  'provider_error',
  'payload_too_large',
  'unsupported_media_type',
  'uri_too_long',
  'rate_limited',
  'email_not_verified',
  'invitation_expired',
  'invitation_email_mismatch',
  'already_member',
  'business_in_use',
  'last_owner',
  'api_key_read_only',
  'service_unavailable',
  'database_unavailable',
  'shutting_down',
  'internal_error',
  'recent_sign_in_required',
  'mfa_not_enrolled',
  'mfa_required',
  'unknown_parameter',
  // Tips and cashiers.
  'tipping_disabled',
  'pin_in_use',
  'cashier_required',
  'manager_required',
  'too_many_attempts',
  'currency_not_allowed',
  // A Xero/QuickBooks export of a close in several currencies must name one.
  'currency_required',
  // A catalogue CSV import asked to apply while some rows have errors (preview lists them).
  'import_invalid',
  // Framework answers about the HTTP request itself (every status has its code).
  'request_timeout',
  'headers_too_large',
  // Tenders (docs/guide/tenders.md): a share larger than what is due, cash short of its share.
  'amount_exceeds_due',
  'cash_given_too_low',
  // A refund of a payment paid by more than one tender must name which (`tender_id`).
  'tender_required',
  // The cash drawer (docs/guide/drawer.md): cash needs an open drawer, one at a time, counted at the close.
  'drawer_closed',
  'drawer_already_open',
  'counted_cash_required',
  // Baskets (docs/guide/baskets.md): lines that do not add up to the amount, an item that cannot be sold,
  // an item without a price sent without one, a line refunded past what is left of it.
  'amount_mismatch',
  'item_unavailable',
  'unit_price_required',
  'line_quantity_exceeds_remaining',
  // Reports (docs/guide/item-reports.md): `from` after `to`, or a range longer than a report covers.
  'invalid_date_range',
] as const;
export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = (typeof errorCodes)[number];

/**
 * Each code's one HTTP status (Unkey's `codeToStatus`): the code decides the status, never the
 * place that throws it, so a client can rely on both. `provider_error` is the provider answering
 * with an error (502); a provider that cannot be reached is `service_unavailable` (503).
 */
export const errorStatus: Record<ErrorCode, number> = {
  bad_request: 400,
  validation_failed: 400,
  unauthenticated: 401,
  token_expired: 401,
  token_revoked: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  idempotency_key_reused: 409,
  idempotency_in_progress: 409,
  idempotency_key_required: 400,
  pairing_code_invalid: 400,
  terminal_disabled: 409,
  transaction_not_payable: 409,
  transaction_state_conflict: 409,
  refund_exceeds_amount: 409,
  payment_failed: 402,
  payment_method_invalid: 400,
  provider_error: 502,
  payload_too_large: 413,
  unsupported_media_type: 415,
  uri_too_long: 414,
  rate_limited: 429,
  email_not_verified: 403,
  invitation_expired: 410,
  invitation_email_mismatch: 403,
  already_member: 409,
  business_in_use: 409,
  last_owner: 409,
  api_key_read_only: 403,
  service_unavailable: 503,
  database_unavailable: 503,
  shutting_down: 503,
  internal_error: 500,
  recent_sign_in_required: 403,
  mfa_not_enrolled: 409,
  mfa_required: 403,
  unknown_parameter: 400,
  tipping_disabled: 400,
  pin_in_use: 409,
  cashier_required: 401,
  manager_required: 403,
  too_many_attempts: 429,
  currency_not_allowed: 422,
  currency_required: 422,
  import_invalid: 422,
  request_timeout: 408,
  headers_too_large: 431,
  amount_exceeds_due: 422,
  cash_given_too_low: 422,
  tender_required: 422,
  drawer_closed: 409,
  drawer_already_open: 409,
  counted_cash_required: 422,
  amount_mismatch: 422,
  item_unavailable: 422,
  unit_price_required: 422,
  line_quantity_exceeds_remaining: 409,
  invalid_date_range: 422,
};

/** RFC 9457 problem details, as every product API answers errors. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  code: errorCodeSchema,
  request_id: z.string().optional(),
  /** One entry per problem with one field: show `message` under the input named `field`. */
  errors: z
    .array(
      z.object({
        /** The field as the client named it: `amount`, `metadata.order`, `emails.2`. */
        field: z.string(),
        /** Stable reason: required, invalid_type, too_small, too_big, invalid_format, invalid_enum_value, unrecognized_key, invalid… */
        code: z.string(),
        message: z.string(),
        /** Where it was: `body.amount`, `query.limit`, `params.id`. */
        path: z.string(),
      }),
    )
    .optional(),
});
export type Problem = z.infer<typeof problemSchema>;
