import {
  WEBHOOK_DISABLE_AFTER_FAILING_DAYS,
  WEBHOOK_RESPONSE_BODY_MAX_BYTES,
  WEBHOOK_TIMEOUT_SECONDS,
} from '@scanline/contracts';
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
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

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type EventRow = typeof events.$inferSelect;

export interface DeliveryTarget {
  endpoint: EndpointRow;
  event: EventRow;
}

/** The endpoint and event of each claimed delivery, in one query for the whole batch. */
export async function loadDeliveryTargets(
  ctx: AppContext,
  claimed: ClaimedDelivery[],
): Promise<Map<string, DeliveryTarget>> {
  const out = new Map<string, DeliveryTarget>();
  if (claimed.length === 0) return out;
  const rows = await ctx.database.db
    .select({ id: webhookDeliveries.id, endpoint: webhookEndpoints, event: events })
    .from(webhookDeliveries)
    .innerJoin(
      webhookEndpoints,
      and(
        eq(webhookEndpoints.id, webhookDeliveries.endpointId),
        eq(webhookEndpoints.projectId, webhookDeliveries.projectId),
      ),
    )
    .innerJoin(
      events,
      and(eq(events.id, webhookDeliveries.eventId), eq(events.projectId, webhookDeliveries.projectId)),
    )
    .where(
      inArray(
        webhookDeliveries.id,
        claimed.map((c) => c.id),
      ),
    );
  for (const r of rows) out.set(r.id, { endpoint: r.endpoint, event: r.event });
  return out;
}

/** One attempt's result, ready to be recorded. */
export interface AttemptResult {
  claimed: ClaimedDelivery;
  endpoint: EndpointRow;
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
  claimed: ClaimedDelivery,
  target: DeliveryTarget,
): Promise<AttemptResult> {
  const { endpoint, event } = target;
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
  let status: AttemptResult['status'] = 'succeeded';
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
  return {
    claimed,
    endpoint,
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

const ts = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Records a batch of attempts in one transaction: the deliveries' new state (guarded by the
 * lease — a delivery whose lease this sender lost is left to its new owner, and its attempt
 * is not recorded), the attempts, and each endpoint's health with the 5-day rule. Then tells
 * the change bus and emails the admins of any endpoint this disabled.
 */
export async function recordAttempts(ctx: AppContext, owner: string, results: AttemptResult[]) {
  if (results.length === 0) return;
  const db = ctx.database.db;
  const disabled = await db.transaction(async (tx) => {
    const values = sql.join(
      results.map(
        (r) =>
          sql`(${r.claimed.id}::text, ${r.status}::text, ${r.scheduleStep}::int, ${r.response.status}::int, ${ts(r.nextAttemptAt)}::timestamptz, ${ts(r.startedAt)}::timestamptz, ${ts(r.finishedAt)}::timestamptz)`,
      ),
      sql`, `,
    );
    const kept = await tx.execute<{ id: string }>(sql`
      update ${webhookDeliveries} as d set
        status = v.status, attempt_count = d.attempt_count + 1, schedule_step = v.step,
        response_status = v.response_status, next_attempt_at = v.next_at, last_attempt_at = v.started_at,
        lease_owner = null, lease_until = null, updated_at = v.finished_at
      from (values ${values}) as v(id, status, step, response_status, next_at, started_at, finished_at)
      where d.id = v.id and d.lease_owner = ${owner}
      returning d.id`);
    const keptIds = new Set((kept as unknown as { rows: { id: string }[] }).rows.map((r) => r.id));
    const recorded = results.filter((r) => keptIds.has(r.claimed.id));
    if (recorded.length === 0) return [];
    await tx.insert(webhookAttempts).values(
      recorded.map((r) => ({
        projectId: r.claimed.projectId,
        endpointId: r.claimed.endpointId,
        deliveryId: r.claimed.id,
        startedAt: r.startedAt,
        durationMs: r.durationMs,
        succeeded: r.ok,
        requestUrl: r.request.url,
        requestHeaders: r.request.headers,
        requestBody: r.request.body,
        responseStatus: r.response.status,
        responseHeaders: r.response.status === null ? null : r.response.headers,
        responseBody: r.response.status === null ? null : r.response.body,
        error: r.failureReason,
      })),
    );
    // Health, per endpoint, from its attempts in this batch in order.
    const byEndpoint = new Map<string, AttemptResult[]>();
    for (const r of recorded) byEndpoint.set(r.endpoint.id, [...(byEndpoint.get(r.endpoint.id) ?? []), r]);
    const off: EndpointRow[] = [];
    const ep = webhookEndpoints;
    for (const [endpointId, list] of byEndpoint) {
      const endpoint = list[0]!.endpoint;
      const mine = and(eq(ep.id, endpointId), eq(ep.projectId, endpoint.projectId));
      const last = list[list.length - 1]!;
      const anySuccess = list.some((r) => r.ok);
      const lastSuccess = [...list].reverse().find((r) => r.ok);
      const failuresAfter = lastSuccess ? list.slice(list.indexOf(lastSuccess) + 1) : list;
      if (anySuccess) {
        // A success resets the 5-day clock. A healthy endpoint's last success is refreshed at
        // most once a minute, so a busy endpoint's row is not rewritten on every batch.
        const fresh =
          endpoint.lastSuccessAt && last.finishedAt.getTime() - endpoint.lastSuccessAt.getTime() < 60_000;
        if (endpoint.failingSince || !fresh || failuresAfter.length > 0) {
          await tx.update(ep).set({ failingSince: null, lastSuccessAt: lastSuccess!.finishedAt }).where(mine);
        }
      }
      if (failuresAfter.length === 0) continue;
      const firstFailure = failuresAfter[0]!;
      const lastFailure = failuresAfter[failuresAfter.length - 1]!;
      await tx
        .update(ep)
        .set({
          failingSince: sql`coalesce(${ep.failingSince}, ${firstFailure.startedAt.toISOString()}::timestamptz)`,
          lastFailureAt: lastFailure.finishedAt,
          lastFailureReason: lastFailure.failureReason,
        })
        .where(mine);
      const gone = failuresAfter.some((r) => r.gone);
      const now = lastFailure.finishedAt;
      const fiveDaysAgo = new Date(now.getTime() - WEBHOOK_DISABLE_AFTER_FAILING_DAYS * DAY_MS);
      const [turnedOff] = await tx
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
      if (turnedOff) off.push(turnedOff);
    }
    return off;
  });

  // Hints for other replicas and live screens: one per delivery for small batches, one per
  // endpoint for large ones (NOTIFY is a round trip each on PostgreSQL).
  const hints =
    results.length <= 8
      ? results.map((r) => ({
          project_id: r.claimed.projectId,
          webhook_id: r.claimed.endpointId,
          id: r.claimed.id,
        }))
      : [...new Map(results.map((r) => [r.claimed.endpointId, r])).values()].map((r) => ({
          project_id: r.claimed.projectId,
          webhook_id: r.claimed.endpointId,
          id: null,
        }));
  for (const hint of hints) await ctx.database.bus.publish(BUS_CHANNELS.deliveries, hint).catch(() => {});
  for (const endpoint of disabled) await notifyEndpointDisabled(ctx, endpoint).catch(() => {});
}
