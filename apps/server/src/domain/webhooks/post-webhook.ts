import { WEBHOOK_RESPONSE_BODY_MAX_BYTES, WEBHOOK_TIMEOUT_SECONDS } from '@scanline/contracts';
import type { Dispatcher } from 'undici';

export interface HttpResult {
  status: number | null;
  headers: Record<string, string>;
  body: string;
  error: string | null;
}

const TIMEOUT_MS = WEBHOOK_TIMEOUT_SECONDS * 1000;
const TIMED_OUT = `Timed out after ${WEBHOOK_TIMEOUT_SECONDS} s`;
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** Where a URL's requests go, parsed once per endpoint URL rather than once per send. */
const targets = new Map<string, { origin: string; path: string }>();
function targetOf(url: string) {
  let target = targets.get(url);
  if (!target) {
    if (targets.size >= 10_000) targets.clear();
    const u = new URL(url);
    target = { origin: u.origin, path: `${u.pathname}${u.search}` };
    targets.set(url, target);
  }
  return target;
}

/** undici's raw header list (name, value, name, value…) as one string per lower-case name. */
function headersOf(raw: Buffer[] | string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toString().toLowerCase();
    const value = raw[i + 1]!.toString();
    out[name] = name in out ? `${out[name]}, ${value}` : value;
  }
  return out;
}

const failure = (error: Error): HttpResult => {
  const { code } = error as Error & { code?: string };
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  const message =
    code && TIMEOUT_CODES.has(code) ? TIMED_OUT : `${code ? `${code}: ` : ''}${error.message}${cause}`;
  return { status: null, headers: {}, body: '', error: message.slice(0, 1000) };
};

/**
 * One POST: success is a 2xx within 15 s; redirects are never followed (a 3xx is a failure).
 * Only the status, the headers and the first 8 KiB of the answer are kept, so this talks to
 * undici's dispatcher directly rather than through `undici.request`, whose body stream and
 * per-request resources cost a fifth of a send. The 15 s are undici's own timers (connect,
 * headers, each body chunk) plus a deadline checked as the body arrives, not a timer per send.
 */
export function postWebhook(
  agent: Dispatcher,
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<HttpResult> {
  const deadline = performance.now() + TIMEOUT_MS;
  const { origin, path } = targetOf(url);
  return new Promise((resolve) => {
    let status: number | null = null;
    let responseHeaders: Record<string, string> = {};
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    let abort: ((reason?: Error) => void) | null = null;
    const settle = (result: HttpResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const answered = (): HttpResult => ({
      status,
      headers: responseHeaders,
      body: Buffer.concat(chunks).toString('utf8'),
      error: null,
    });
    const handler: Dispatcher.DispatchHandler = {
      onConnect(abortRequest) {
        abort = abortRequest;
      },
      onHeaders(statusCode, rawHeaders) {
        if (performance.now() > deadline) {
          settle({ status: null, headers: {}, body: '', error: TIMED_OUT });
          abort?.();
          return false;
        }
        status = statusCode;
        responseHeaders = headersOf(rawHeaders as unknown as Buffer[]);
        return true;
      },
      onData(chunk) {
        const part = chunk.subarray(0, WEBHOOK_RESPONSE_BODY_MAX_BYTES - size);
        if (part.length > 0) {
          chunks.push(part);
          size += part.length;
        }
        // The status already decided the outcome: past 8 KiB or the deadline, stop reading.
        if (size >= WEBHOOK_RESPONSE_BODY_MAX_BYTES || performance.now() > deadline) {
          settle(answered());
          abort?.();
          return false;
        }
        return true;
      },
      onComplete() {
        settle(answered());
      },
      onError(error) {
        // After the headers, a body cut off (reset, timeout) keeps what was read.
        settle(status === null ? failure(error) : answered());
      },
    };
    try {
      agent.dispatch(
        { origin, path, method: 'POST', headers, body, headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS },
        handler,
      );
    } catch (error) {
      settle(failure(error as Error));
    }
  });
}
