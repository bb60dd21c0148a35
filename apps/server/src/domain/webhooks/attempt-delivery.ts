import {
  WEBHOOK_DISABLE_AFTER_FAILING_DAYS,
  WEBHOOK_RESPONSE_BODY_MAX_BYTES,
  WEBHOOK_TIMEOUT_SECONDS,
} from '@scanline/contracts';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { Dispatcher } from 'undici';
import { request } from 'undici';
import { events, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { BUS_CHANNELS } from '../../platform/bus';
import type { AppContext } from '../../platform/context';
import type { ClaimedDelivery } from './fan-out';
import { notifyEndpointDisabled } from './notify-disabled';
import { webhookBody } from './payload';
import { nextRetryDelayMs, parseRetryAfter } from './schedule';
import { signingSecrets } from './secrets';

export const USER_AGENT = 'Scanline-Webhooks/1.0 (+https://github.com/scanline)';
const DAY_MS = 24 * 3600 * 1000;

interface HttpResult {
  status: number | null;
  headers: Record<string, string>;
  body: string;
  error: string | null;
}

/** Reads at most 8 KiB of the answer, then drops the rest. */
async function readCapped(body: Dispatcher.ResponseData['body']): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buf = chunk as Buffer;
    chunks.push(buf.subarray(0, WEBHOOK_RESPONSE_BODY_MAX_BYTES - size));
    size += Math.min(buf.length, WEBHOOK_RESPONSE_BODY_MAX_BYTES - size);
    if (size >= WEBHOOK_RESPONSE_BODY_MAX_BYTES) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).toString('utf8');
}

const flatHeaders = (h: Record<string, string | string[] | undefined>) =>
  Object.fromEntries(
    Object.entries(h)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]),
  );

/** One POST: success is a 2xx within 15 s; redirects are never followed (a 3xx is a failure). */
async function post(
  agent: Dispatcher,
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<HttpResult> {
  const signal = AbortSignal.timeout(WEBHOOK_TIMEOUT_SECONDS * 1000);
  try {
    const res = await request(url, {
      method: 'POST',
      headers,
      body,
      dispatcher: agent,
      signal,
      headersTimeout: WEBHOOK_TIMEOUT_SECONDS * 1000,
      bodyTimeout: WEBHOOK_TIMEOUT_SECONDS * 1000,
    });
    let text = '';
    try {
      text = await readCapped(res.body);
    } catch (error) {
      // The status already decided the outcome; a body cut off by the timeout is kept as read.
      if (!signal.aborted) throw error;
    }
    return { status: res.statusCode, headers: flatHeaders(res.headers), body: text, error: null };
  } catch (error) {
    const e = error as Error & { code?: string; cause?: Error };
    const message = signal.aborted
      ? `Timed out after ${WEBHOOK_TIMEOUT_SECONDS} s`
      : `${e.code ? `${e.code}: ` : ''}${e.message}${e.cause ? ` (${e.cause.message})` : ''}`;
    return { status: null, headers: {}, body: '', error: message.slice(0, 1000) };
  }
}

export interface AttemptOutcome {
  status: 'succeeded' | 'pending' | 'failed' | 'lost';
  responseStatus: number | null;
}

/**
 * Sends one claimed delivery and records the attempt, the delivery's new state and the
 * endpoint's health in one transaction, guarded by the lease: if the lease was lost (this
 * sender was presumed dead), nothing is written and the new owner's attempt counts.
 */
export async function attemptDelivery(
  ctx: AppContext,
  agent: Dispatcher,
  claimed: ClaimedDelivery,
  owner: string,
): Promise<AttemptOutcome> {
  const db = ctx.database.db;
  const [row] = await db
    .select({ endpoint: webhookEndpoints, event: events })
    .from(webhookEndpoints)
    .innerJoin(events, and(eq(events.id, claimed.eventId), eq(events.projectId, claimed.projectId)))
    .where(
      and(eq(webhookEndpoints.id, claimed.endpointId), eq(webhookEndpoints.projectId, claimed.projectId)),
    )
    .limit(1);
  if (!row) return { status: 'lost', responseStatus: null };
  const { endpoint, event } = row;

  const body = JSON.stringify(webhookBody(event));
  const startedAt = ctx.now();
  // Standard Webhooks: the same webhook-id (the event id) on every retry; during a rotation
  // both secrets sign, space-separated, so receivers on either secret accept.
  const signatures = signingSecrets(ctx.config, endpoint, startedAt).map((s) =>
    new Webhook(s).sign(event.id, startedAt, body),
  );
  const headers = {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'webhook-id': event.id,
    'webhook-timestamp': String(Math.floor(startedAt.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
  const t0 = performance.now();
  const result = await post(agent, endpoint.url, headers, body);
  const durationMs = Math.round(performance.now() - t0);
  const now = ctx.now();

  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  const gone = result.status === 410;
  let status: AttemptOutcome['status'] = 'succeeded';
  let nextAttemptAt: Date | null = null;
  let scheduleStep = claimed.scheduleStep;
  if (!ok) {
    const retryAfter =
      result.status === 429 || result.status === 503
        ? parseRetryAfter(result.headers['retry-after'], now)
        : null;
    const delay = gone ? null : nextRetryDelayMs(claimed.scheduleStep, retryAfter);
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

  const disabled = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(webhookDeliveries)
      .set({
        status,
        attemptCount: sql`${webhookDeliveries.attemptCount} + 1`,
        scheduleStep,
        responseStatus: result.status,
        nextAttemptAt,
        lastAttemptAt: startedAt,
        leaseOwner: null,
        leaseUntil: null,
        updatedAt: now,
      })
      .where(and(eq(webhookDeliveries.id, claimed.id), eq(webhookDeliveries.leaseOwner, owner)))
      .returning({ id: webhookDeliveries.id });
    if (!updated) return 'lost' as const;
    await tx.insert(webhookAttempts).values({
      projectId: claimed.projectId,
      endpointId: claimed.endpointId,
      deliveryId: claimed.id,
      startedAt,
      durationMs,
      succeeded: ok,
      requestUrl: endpoint.url,
      requestHeaders: headers,
      requestBody: body,
      responseStatus: result.status,
      responseHeaders: result.status === null ? null : result.headers,
      responseBody: result.status === null ? null : result.body,
      error: failureReason,
    });
    const ep = webhookEndpoints;
    const mine = and(eq(ep.id, endpoint.id), eq(ep.projectId, endpoint.projectId));
    if (ok) {
      // A success resets the 5-day clock.
      await tx.update(ep).set({ failingSince: null, lastSuccessAt: now }).where(mine);
      return null;
    }
    await tx
      .update(ep)
      .set({
        failingSince: sql`coalesce(${ep.failingSince}, ${startedAt.toISOString()}::timestamptz)`,
        lastFailureAt: now,
        lastFailureReason: failureReason,
      })
      .where(mine);
    const fiveDaysAgo = new Date(now.getTime() - WEBHOOK_DISABLE_AFTER_FAILING_DAYS * DAY_MS);
    const [off] = await tx
      .update(ep)
      .set({ enabled: false, disabledAt: now, disabledReason: gone ? 'gone' : 'failing', updatedAt: now })
      .where(
        and(
          mine,
          eq(ep.enabled, true),
          gone
            ? undefined
            : and(
                lte(ep.failingSince, fiveDaysAgo),
                or(isNull(ep.lastSuccessAt), lte(ep.lastSuccessAt, ep.failingSince)),
              ),
        ),
      )
      .returning();
    return off ?? null;
  });
  if (disabled === 'lost') return { status: 'lost', responseStatus: result.status };

  await ctx.database.bus
    .publish(BUS_CHANNELS.deliveries, {
      project_id: claimed.projectId,
      webhook_id: claimed.endpointId,
      id: claimed.id,
    })
    .catch(() => {});
  if (disabled) {
    await notifyEndpointDisabled(ctx, disabled).catch(() => {});
  }
  return { status, responseStatus: result.status };
}
