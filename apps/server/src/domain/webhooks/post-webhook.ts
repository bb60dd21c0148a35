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
 * One POST's answer as undici hands it over: the status, the headers and the first 8 KiB of
 * the body. A class rather than closures made per send, which cost a few percent of a send.
 */
class WebhookAnswer implements Dispatcher.DispatchHandler {
  private status: number | null = null;
  private headers: Record<string, string> = {};
  private readonly chunks: Buffer[] = [];
  private size = 0;
  private settled = false;
  private abort: ((reason?: Error) => void) | null = null;

  constructor(
    private readonly deadline: number,
    private readonly resolve: (result: HttpResult) => void,
  ) {}

  settle(result: HttpResult) {
    if (this.settled) return;
    this.settled = true;
    this.resolve(result);
  }

  private answered(): HttpResult {
    return {
      status: this.status,
      headers: this.headers,
      body: this.chunks.length === 0 ? '' : Buffer.concat(this.chunks).toString('utf8'),
      error: null,
    };
  }

  onConnect(abort: (reason?: Error) => void) {
    this.abort = abort;
  }

  onHeaders(statusCode: number, rawHeaders: Buffer[]) {
    if (performance.now() > this.deadline) {
      this.settle({ status: null, headers: {}, body: '', error: TIMED_OUT });
      this.abort?.();
      return false;
    }
    this.status = statusCode;
    this.headers = headersOf(rawHeaders);
    return true;
  }

  onData(chunk: Buffer) {
    const part = chunk.subarray(0, WEBHOOK_RESPONSE_BODY_MAX_BYTES - this.size);
    if (part.length > 0) {
      this.chunks.push(part);
      this.size += part.length;
    }
    // The status already decided the outcome: past 8 KiB or the deadline, stop reading.
    if (this.size >= WEBHOOK_RESPONSE_BODY_MAX_BYTES || performance.now() > this.deadline) {
      this.settle(this.answered());
      this.abort?.();
      return false;
    }
    return true;
  }

  onComplete() {
    this.settle(this.answered());
  }

  onError(error: Error) {
    // After the headers, a body cut off (reset, timeout) keeps what was read.
    this.settle(this.status === null ? failure(error) : this.answered());
  }
}

/**
 * One POST: success is a 2xx within 15 s; redirects are never followed (a 3xx is a failure).
 * Only the status, the headers and the first 8 KiB of the answer are kept, so this talks to
 * undici's dispatcher directly rather than through `undici.request`, whose body stream and
 * per-request resources cost a fifth of a send. The 15 s are undici's own timers (connect,
 * headers, each body chunk) plus a deadline checked as the body arrives, not a timer per send.
 */
export function postWebhook(
  agent: Dispatcher,
  { url, headers, body }: { url: string; headers: Record<string, string>; body: string },
): Promise<HttpResult> {
  const { origin, path } = targetOf(url);
  return new Promise((resolve) => {
    const answer = new WebhookAnswer(performance.now() + TIMEOUT_MS, resolve);
    try {
      agent.dispatch(
        { origin, path, method: 'POST', headers, body, headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS },
        answer as unknown as Dispatcher.DispatchHandler,
      );
    } catch (error) {
      answer.settle(failure(error as Error));
    }
  });
}
