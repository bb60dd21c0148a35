import { WEBHOOK_RESPONSE_BODY_MAX_BYTES, WEBHOOK_TIMEOUT_SECONDS } from '@scanline/contracts';
import type { Dispatcher } from 'undici';
import { request } from 'undici';
import type { AppContext } from '../../platform/context';
import type { LeasedDelivery } from './leased-delivery';
import { webhookBodyJson } from './payload';
import { nextRetryDelayMs, parseRetryAfter } from './schedule';
import { signatureHeader } from './secrets';

export const USER_AGENT = 'Scanline-Webhooks/1.0 (+https://github.com/scanline)';

export interface HttpResult {
  status: number | null;
  headers: Record<string, string>;
  body: string;
  error: string | null;
}

const TIMEOUT_MS = WEBHOOK_TIMEOUT_SECONDS * 1000;

class TimedOut extends Error {}

/**
 * Reads at most 8 KiB of the answer, then drops the rest; stops at the attempt's deadline
 * (undici's bodyTimeout bounds each wait for a chunk, this bounds the whole read).
 */
async function readCapped(body: Dispatcher.ResponseData['body'], deadline: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buf = chunk as Buffer;
    chunks.push(buf.subarray(0, WEBHOOK_RESPONSE_BODY_MAX_BYTES - size));
    size += Math.min(buf.length, WEBHOOK_RESPONSE_BODY_MAX_BYTES - size);
    if (size >= WEBHOOK_RESPONSE_BODY_MAX_BYTES || performance.now() > deadline) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).toString('utf8');
}

function flatHeaders(h: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key in h) {
    const v = h[key];
    if (v !== undefined) out[key] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

/**
 * One POST: success is a 2xx within 15 s; redirects are never followed (a 3xx is a failure).
 * The 15 s are undici's own timers (connect, headers, each body chunk) rather than an
 * AbortSignal per attempt, which cost more than a tenth of a send.
 */
async function post(
  agent: Dispatcher,
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<HttpResult> {
  const deadline = performance.now() + TIMEOUT_MS;
  try {
    const res = await request(url, {
      method: 'POST',
      headers,
      body,
      dispatcher: agent,
      headersTimeout: TIMEOUT_MS,
      bodyTimeout: TIMEOUT_MS,
    });
    if (performance.now() > deadline) {
      res.body.destroy();
      throw new TimedOut();
    }
    let text = '';
    try {
      text = await readCapped(res.body, deadline);
    } catch {
      // The status already decided the outcome; a body cut off (timeout, reset) is kept empty.
    }
    return { status: res.statusCode, headers: flatHeaders(res.headers), body: text, error: null };
  } catch (error) {
    const e = error as Error & { code?: string; cause?: Error };
    const timedOut =
      e instanceof TimedOut || e.code === 'UND_ERR_HEADERS_TIMEOUT' || e.code === 'UND_ERR_CONNECT_TIMEOUT';
    const message = timedOut
      ? `Timed out after ${WEBHOOK_TIMEOUT_SECONDS} s`
      : `${e.code ? `${e.code}: ` : ''}${e.message}${e.cause ? ` (${e.cause.message})` : ''}`;
    return { status: null, headers: {}, body: '', error: message.slice(0, 1000) };
  }
}

/** One attempt's result, ready to be recorded. */
export interface AttemptResult {
  delivery: LeasedDelivery;
  startedAt: Date;
  finishedAt: Date;
  durationMs: number;
  ok: boolean;
  gone: boolean;
  status: 'succeeded' | 'pending' | 'failed';
  scheduleStep: number;
  nextAttemptAt: Date | null;
  request: { url: string; headers: Record<string, string>; body: string };
  response: HttpResult;
  failureReason: string | null;
}

/** Signs and POSTs one delivery, and decides what happens next (Svix's schedule, Retry-After, 410). */
export async function sendAttempt(
  ctx: AppContext,
  agent: Dispatcher,
  delivery: LeasedDelivery,
): Promise<AttemptResult> {
  const { endpoint, event } = delivery;
  const body = webhookBodyJson(event);
  const startedAt = ctx.now();
  // Standard Webhooks: the same webhook-id (the event id) on every retry.
  const headers = {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'webhook-id': event.id,
    'webhook-timestamp': String(Math.floor(startedAt.getTime() / 1000)),
    'webhook-signature': signatureHeader(ctx.config, endpoint, event.id, startedAt, body),
  };
  const t0 = performance.now();
  const result = await post(agent, endpoint.url, headers, body);
  const durationMs = Math.round(performance.now() - t0);
  const now = ctx.now();

  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  const gone = result.status === 410;
  let status: AttemptResult['status'] = 'succeeded';
  let nextAttemptAt: Date | null = null;
  let scheduleStep = delivery.scheduleStep;
  if (!ok) {
    const retryAfter =
      result.status === 429 || result.status === 503
        ? parseRetryAfter(result.headers['retry-after'], now)
        : null;
    const delay = gone ? null : nextRetryDelayMs(delivery.scheduleStep, retryAfter);
    if (delay === null) status = 'failed';
    else {
      status = 'pending';
      nextAttemptAt = new Date(now.getTime() + delay);
      scheduleStep += 1;
    }
  }
  const failureReason = ok
    ? null
    : (result.error ??
      `HTTP ${result.status}${result.status && result.status < 400 ? ' (redirects are not followed)' : ''}`);
  return {
    delivery,
    startedAt,
    finishedAt: now,
    durationMs,
    ok,
    gone,
    status,
    scheduleStep,
    nextAttemptAt,
    request: { url: endpoint.url, headers, body },
    response: result,
    failureReason,
  };
}
