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
  // Issue 26: tips and cashiers.
  'tipping_disabled',
  'pin_in_use',
  'cashier_required',
  'manager_required',
  'too_many_attempts',
  'currency_not_allowed',
] as const;
export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = (typeof errorCodes)[number];

/** RFC 9457 problem details, as every product API answers errors. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  code: errorCodeSchema,
  request_id: z.string().optional(),
  /** One entry per problem with one field (issue 19): show `message` under the input named `field`. */
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
