import { Webhook } from 'standardwebhooks';

/** What every Scanline webhook carries (Standard Webhooks): the event's type, time and object. */
export interface WebhookEvent<Data = Record<string, unknown>> {
  type: string;
  timestamp: string;
  data: Data;
}

/** Node's `req.headers`, a fetch `Headers`, or a plain record. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

const SIGNED_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

function signedHeadersOf(headers: WebhookHeaders): Record<string, string> {
  const read =
    headers instanceof Headers
      ? (name: string) => headers.get(name) ?? undefined
      : (name: string) => {
          const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
          const value = key === undefined ? undefined : headers[key];
          return Array.isArray(value) ? value.join(', ') : value;
        };
  const out: Record<string, string> = {};
  for (const name of SIGNED_HEADERS) {
    const value = read(name);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/**
 * Checks a delivery's `webhook-signature` against the endpoint's secret (`whsec_…`) and its
 * timestamp against a five-minute window (replays), then returns the parsed event. Pass the body
 * exactly as received — the raw text or bytes, not re-serialised JSON — or the signature will
 * not match. Throws `WebhookVerificationError` from `standardwebhooks` when it does not verify.
 * During a secret rotation the server signs with both secrets, so either verifies.
 */
export function verifyWebhook<Data = Record<string, unknown>>(
  secret: string,
  headers: WebhookHeaders,
  body: string | Uint8Array,
): WebhookEvent<Data> {
  const payload =
    typeof body === 'string' ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  return new Webhook(secret).verify(payload, signedHeadersOf(headers)) as WebhookEvent<Data>;
}

export { WebhookVerificationError } from 'standardwebhooks';
