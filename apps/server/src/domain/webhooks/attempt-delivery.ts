import type { Dispatcher } from 'undici';
import type { AppContext } from '../../platform/context';
import type { LeasedDelivery } from './leased-delivery';
import { webhookBodyJson } from './payload';
import { type HttpResult, postWebhook } from './post-webhook';
import { nextRetryDelayMs, parseRetryAfter } from './schedule';
import { signatureHeader } from './secrets';

export const USER_AGENT = 'Scanline-Webhooks/1.0 (+https://github.com/scanline)';

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
    'webhook-signature': signatureHeader(ctx.config, { endpoint, msgId: event.id, at: startedAt, body }),
  };
  const t0 = performance.now();
  const result = await postWebhook(agent, { url: endpoint.url, headers, body });
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
