/** Bodies are kept to 8 KiB each. */
export const BODY_LIMIT = 8 * 1024;

// Field names whose values never reach the log: card data, tokens, secrets, passwords.
const SECRET_KEY = /(card_?number|^pan$|^number$|cvc|cvv|token|secret|password|authorization|api_?key)/i;
// A run of 13–19 digits (spaces or dashes allowed) looks like a card number wherever it sits.
const CARD_NUMBER = /\b(?:\d[ -]?){12,18}\d\b/g;

function redactValue(value: unknown, key?: string): unknown {
  if (key !== undefined && SECRET_KEY.test(key) && value !== null && typeof value !== 'object')
    return '[redacted]';
  if (typeof value === 'string') return value.replace(CARD_NUMBER, '[redacted]');
  if (Array.isArray(value)) return value.map((v) => redactValue(v));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactValue(v, k)]));
  }
  return value;
}

/**
 * A body as the log keeps it: parsed JSON redacted field by field, anything else as redacted
 * text; cut to 8 KiB (then kept as a truncated string, since cut JSON no longer parses).
 */
export function redactBody(body: unknown): unknown {
  if (body === undefined || body === null || body === '') return null;
  let value: unknown = body;
  if (typeof body === 'string' || Buffer.isBuffer(body)) {
    const text = body.toString();
    try {
      value = JSON.parse(text);
    } catch {
      value = text;
    }
  }
  const clean = redactValue(value);
  const text = typeof clean === 'string' ? clean : JSON.stringify(clean);
  if (Buffer.byteLength(text) <= BODY_LIMIT) return clean;
  return `${Buffer.from(text).subarray(0, BODY_LIMIT).toString()}…`;
}
