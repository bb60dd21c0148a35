import { startPeriodic } from './periodic';

/**
 * What a log line may carry: never a SQL parameter value, a secret, a token, a hash
 * of one, a password or a card number, at any level; never more than 16 KiB in one line; and
 * while one failure repeats, one line per interval instead of one per occurrence.
 *
 * Three layers, because each catches what the others cannot: values under a sensitive key are
 * replaced before serialization (`redactObject`), errors are rebuilt without what drivers put in
 * them (`serializeError`: Drizzle's `params:`, PostgreSQL's `detail`), and the finished line is
 * scanned for the shapes secrets have (`redactPatterns`) whatever key or message carried them.
 */

export const MAX_LINE_BYTES = 16 * 1024;
const MAX_STRING = 2048;
const MAX_QUERY = 300;
const MAX_DEPTH = 6;
const MAX_ITEMS = 20;
const REDACTED = '[redacted]';

// Keys whose values are secrets wherever they sit (camelCase, snake_case or a header name).
const SECRET_KEY =
  /pass(?:word|wd|phrase)?$|secret|token|authorization|cookie|api[_-]?key|hash|card[_-]?number|^pan$|cvc|cvv|^params$|signature|credential|private[_-]?key|^otp$|verifier|stripe[_-]?key|smtp[_-]?url|database[_-]?url/i;

/** Replaces values under sensitive keys, cuts long strings, and serializes errors safely. */
export function redactObject(value: unknown, depth = 0, key?: string): unknown {
  if (key !== undefined && SECRET_KEY.test(key)) return value == null ? value : REDACTED;
  if (typeof value === 'string')
    return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…[cut]` : value;
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return serializeError(value, depth);
  if (value instanceof Date) return value;
  if (ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`;
  if (depth >= MAX_DEPTH) return '[object]';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((v) => redactObject(v, depth + 1));
    if (value.length > MAX_ITEMS) items.push(`…${value.length - MAX_ITEMS} more`);
    return items;
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>))
    out[k] = redactObject(v, depth + 1, k);
  return out;
}

// SQLSTATE classes whose messages quote the offending value: data exception, integrity violation.
const QUOTES_VALUES = /^2[23]/;
// PostgreSQL error fields that name things, never values (`detail` and `where` can hold values).
const SAFE_PG_FIELDS = ['severity', 'constraint', 'table', 'column', 'schema', 'routine'] as const;

/** The message without what a driver appended: Drizzle's `params: …`, quoted values in 22/23. */
function safeMessage(message: string, code: unknown): string {
  let text = message;
  const params = text.indexOf('\nparams:');
  if (params !== -1) text = text.slice(0, params);
  // The statement says which query failed; its first few hundred characters say that well enough
  // (a batch insert's full text is kilobytes of placeholders).
  if (text.startsWith('Failed query:') && text.length > MAX_QUERY) text = `${text.slice(0, MAX_QUERY)}…[cut]`;
  if (typeof code === 'string' && QUOTES_VALUES.test(code)) text = text.replace(/"[^"]*"/g, `"${REDACTED}"`);
  return text.length > MAX_STRING ? `${text.slice(0, MAX_STRING)}…[cut]` : text;
}

/**
 * An error as a log line shows it: type, message and code, the frames of its stack (not the
 * stack's copy of the message, which repeats Drizzle's parameters), and its causes.
 */
export function serializeError(error: Error, depth = 0): Record<string, unknown> {
  const e = error as Error & { code?: unknown; cause?: unknown; statusCode?: unknown };
  const message = safeMessage(String(e.message ?? ''), e.code);
  const frames = (e.stack ?? '')
    .split('\n')
    .filter((line) => line.startsWith('    at '))
    .slice(0, 15);
  const out: Record<string, unknown> = {
    type: e.name || e.constructor?.name || 'Error',
    message,
    // The message is its own field: the stack's first line names the type only.
    stack: [e.name || 'Error', ...frames].join('\n'),
  };
  if (e.code !== undefined) out.code = e.code;
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  for (const field of SAFE_PG_FIELDS) {
    const v = (e as unknown as Record<string, unknown>)[field];
    if (typeof v === 'string') out[field] = v;
  }
  if (e.cause !== undefined && depth < 3) {
    out.cause =
      e.cause instanceof Error ? serializeError(e.cause, depth + 1) : redactObject(e.cause, MAX_DEPTH - 1);
  }
  if (e instanceof AggregateError)
    out.errors = e.errors.slice(0, 3).map((inner) => redactObject(inner, depth + 1));
  return out;
}

/** Luhn's check: what makes a 13–19 digit run a card number rather than a timestamp. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

// The shapes secrets have, whatever carried them into a line.
const PATTERNS: [RegExp, string | ((match: string) => string)][] = [
  // JWTs (ID tokens, session cookies): header.payload.signature.
  [/eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g, REDACTED],
  // Our API keys, device tokens and webhook secrets; Stripe's keys.
  [/\bsl_[A-Za-z0-9]{8}_[A-Za-z0-9]{8,}/g, REDACTED],
  [/\bsltd_[A-Za-z0-9]{8,}/g, REDACTED],
  [/\bwhsec_[A-Za-z0-9+/=_-]{8,}/g, REDACTED],
  [/\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{8,}/g, REDACTED],
  // `Authorization: Bearer …` / `Basic …` and credentials in URLs (postgres://user:pass@host).
  [/\b(Bearer|Basic)\s+[^\s"\\,]+/gi, (m) => `${m.split(/\s+/)[0]} ${REDACTED}`],
  [/(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@"\\]+:)[^\s@/"\\]+@/gi, `$1${REDACTED}@`],
  // Password hashes (scrypt/argon2/bcrypt in PHC form) and hex digests of 32 bytes or more.
  [/\$(?:scrypt|argon2(?:id|i|d)?|2[aby])\$[^\s"\\]+/g, REDACTED],
  [/\b[0-9a-f]{64,}\b/gi, REDACTED],
  // Card numbers: 13–19 digits (spaces or dashes allowed) starting as card ranges do, Luhn-valid.
  [
    /\b[2-6](?:[ -]?\d){12,18}\b/g,
    (m) => {
      const digits = m.replace(/[ -]/g, '');
      return digits.length >= 13 && digits.length <= 19 && luhn(digits) ? REDACTED : m;
    },
  ],
];

/** Replaces every secret-shaped substring of a finished line. */
export function redactPatterns(line: string): string {
  let out = line;
  for (const [pattern, replacement] of PATTERNS) {
    out =
      typeof replacement === 'string' ? out.replace(pattern, replacement) : out.replace(pattern, replacement);
  }
  return out;
}

/** A line over the cap becomes a short line that says so, keeping its level, time and message. */
export function capLine(line: string): string {
  if (Buffer.byteLength(line) <= MAX_LINE_BYTES) return line;
  try {
    const parsed = JSON.parse(line) as Record<string, unknown>;
    const msg = typeof parsed.msg === 'string' ? parsed.msg.slice(0, 1024) : undefined;
    const short: Record<string, unknown> = {
      level: parsed.level,
      time: parsed.time,
      reqId: parsed.reqId,
      msg,
      truncated: true,
      bytes: Buffer.byteLength(line),
    };
    return `${JSON.stringify(short)}\n`;
  } catch {
    return `${line.slice(0, MAX_LINE_BYTES - 64)}…[cut]\n`;
  }
}

/** The destination every log line passes through last: pattern redaction, then the size cap. */
export function safeLogStream(next: { write(line: string): unknown }): { write(line: string): void } {
  // pino writes each line synchronously to `write`, so lines keep their order with stdout.
  return { write: (line: string) => void next.write(capLine(redactPatterns(line))) };
}

// pino's numeric levels: warn and above are failures that may repeat.
const WARN = 40;
export const REPEAT_INTERVAL_MS = 10_000;

type LogFn = (this: unknown, ...args: unknown[]) => void;
interface Repeat {
  since: number;
  count: number;
  logger: unknown;
  method: LogFn;
  msg: string;
  kind: string;
}

/** What makes two failures "the same" for the repeat counter. */
function failureKind(obj: Record<string, unknown> | undefined, msg: string): string {
  if (obj && typeof obj.failureKind === 'string') return obj.failureKind;
  const err = obj?.err as { name?: string; code?: unknown; message?: string } | undefined;
  if (err && typeof err === 'object') {
    const first = String(err.message ?? '')
      .split('\n')[0]
      ?.slice(0, 80);
    return `${msg}|${err.name}|${String(err.code)}|${first}`;
  }
  return msg;
}

const formatCount = (n: number) => n.toLocaleString('en-US');

/**
 * pino's `logMethod` hook: the first warn/error of a kind is written; the same kind again within
 * the interval is counted, and one line says how often it repeated when the interval ends (a
 * 30-second database outage is a few lines, not one per request).
 */
export function repeatLimiter(intervalMs = REPEAT_INTERVAL_MS) {
  const repeats = new Map<string, Repeat>();
  const summarize = (r: Repeat, now: number) => {
    const seconds = Math.max(1, Math.round((now - r.since) / 1000));
    r.method.call(
      r.logger,
      { failureKind: r.kind, repeated: r.count },
      `${r.msg} …repeated ${formatCount(r.count)} times in the last ${seconds} s`,
    );
  };
  // The logger's own sweep: it cannot throw, so it needs no log (and must not log through itself).
  const stop = startPeriodic({
    name: 'log-repeat-summary',
    everyMs: Math.min(intervalMs, 1000),
    jitter: 0,
    run: async () => {
      const now = Date.now();
      for (const [kind, r] of repeats) {
        if (now - r.since < intervalMs) continue;
        if (r.count === 0) {
          repeats.delete(kind);
          continue;
        }
        summarize(r, now);
        r.since = now;
        r.count = 0;
      }
    },
  });
  return {
    logMethod(this: unknown, args: unknown[], method: LogFn, level: number) {
      if (level < WARN) return method.apply(this, args);
      const first = args[0];
      const obj = first && typeof first === 'object' ? (first as Record<string, unknown>) : undefined;
      const msg = String((obj ? args[1] : first) ?? '');
      const kind = failureKind(obj, msg);
      const now = Date.now();
      const r = repeats.get(kind);
      if (r && now - r.since < intervalMs) {
        r.count++;
        r.logger = this;
        return;
      }
      if (r && r.count > 0) summarize(r, now);
      repeats.set(kind, { since: now, count: 0, logger: this, method, msg, kind });
      return method.apply(this, args);
    },
    stop,
  };
}
