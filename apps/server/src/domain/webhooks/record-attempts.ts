import { WEBHOOK_DISABLE_AFTER_FAILING_DAYS } from '@scanline/contracts';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { webhookEndpoints } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { Db, Tx } from '../../platform/db';
import { countWebhookAttempt } from '../../platform/process-metrics';
import { rowsOf } from '../../platform/sql-rows';
import type { AttemptResult } from './attempt-delivery';
import type { SendingEndpoint } from './leased-delivery';
import { notifyEndpointDisabled } from './notify-disabled';

const DAY_MS = 24 * 3600 * 1000;
/** A healthy endpoint's last success is refreshed at most this often, not on every batch. */
const LAST_SUCCESS_REFRESH_MS = 60_000;

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** A change-bus message on BUS_CHANNELS.deliveries: `id` null when several deliveries changed. */
export interface DeliveryHint {
  project_id: string;
  webhook_id: string;
  id: string | null;
  [key: string]: unknown;
}

/**
 * Writes a batch's deliveries and attempts in one statement: each delivery's new state,
 * guarded by the lease (a delivery whose lease this sender lost is left to its new owner and
 * its attempt is not recorded), and an attempt row for each delivery kept, in its delivery's
 * month (the partition key comes from the row, exact to the microsecond). The batch travels
 * as one JSON parameter, so the statement costs the same to build at 1 row or 500.
 */
async function writeAttempts(
  db: Db | Tx,
  owner: string,
  results: AttemptResult[],
  opts: { kept: boolean },
): Promise<Set<string>> {
  const batch = JSON.stringify(
    results.map((r) => ({
      id: r.delivery.id,
      project_id: r.delivery.projectId,
      endpoint_id: r.delivery.endpointId,
      status: r.status,
      step: r.scheduleStep,
      next_at: r.nextAttemptAt,
      started_at: r.startedAt,
      finished_at: r.finishedAt,
      duration_ms: r.durationMs,
      succeeded: r.ok,
      request_url: r.request.url,
      request_headers: r.request.headers,
      request_body: r.request.body,
      response_status: r.response.status,
      response_headers: r.response.status === null ? null : r.response.headers,
      response_body: r.response.status === null ? null : r.response.body,
      error: r.failureReason,
    })),
  );
  const kept = await rowsOf<{ delivery_id: string }>(
    db,
    sql`with v as (
          select * from jsonb_to_recordset(${batch}::jsonb) as v(
            id text, project_id text, endpoint_id text, status text, step int, next_at timestamptz,
            started_at timestamptz, finished_at timestamptz, duration_ms int, succeeded boolean,
            request_url text, request_headers jsonb, request_body text, response_status int,
            response_headers jsonb, response_body text, error text)
        ), kept as (
          update webhook_deliveries d set
            status = v.status, attempt_count = d.attempt_count + 1, schedule_step = v.step,
            response_status = v.response_status, next_attempt_at = v.next_at, last_attempt_at = v.started_at,
            lease_owner = null, lease_until = null, updated_at = v.finished_at
          from v where d.id = v.id and d.lease_owner = ${owner}
          returning d.id, d.event_created_at
        )
        insert into webhook_attempts (project_id, endpoint_id, delivery_id, event_created_at, started_at,
          duration_ms, succeeded, request_url, request_headers, request_body, response_status, response_headers,
          response_body, error)
        select v.project_id, v.endpoint_id, v.id, kept.event_created_at, v.started_at, v.duration_ms, v.succeeded,
          v.request_url,
          v.request_headers, v.request_body, v.response_status, v.response_headers, v.response_body, v.error
        from v join kept on kept.id = v.id
        ${opts.kept ? sql`returning delivery_id` : sql``}`,
  );
  return new Set(kept.map((r) => r.delivery_id));
}

/** A batch's attempts per endpoint, each endpoint's in the order they finished. */
function byEndpoint(results: AttemptResult[]): AttemptResult[][] {
  const groups = new Map<string, AttemptResult[]>();
  for (const r of results) {
    const list = groups.get(r.delivery.endpointId);
    if (list) list.push(r);
    else groups.set(r.delivery.endpointId, [r]);
  }
  return [...groups.values()];
}

interface HealthChange {
  endpoint: SendingEndpoint;
  /** The last success in the batch, when it must be written (it resets the 5-day clock). */
  success: AttemptResult | null;
  /** Failures after the batch's last success. */
  failures: AttemptResult[];
}

/** Each endpoint's health change from its attempts in this batch, in order; none for a healthy endpoint seen recently. */
function healthChanges(results: AttemptResult[]): HealthChange[] {
  const changes: HealthChange[] = [];
  for (const list of byEndpoint(results)) {
    const endpoint = list[0]!.delivery.endpoint;
    const lastSuccessIndex = list.findLastIndex((r) => r.ok);
    const lastSuccess = lastSuccessIndex >= 0 ? list[lastSuccessIndex]! : null;
    const failures = list.slice(lastSuccessIndex + 1);
    const fresh =
      endpoint.lastSuccessAt &&
      lastSuccess &&
      lastSuccess.finishedAt.getTime() - endpoint.lastSuccessAt.getTime() < LAST_SUCCESS_REFRESH_MS;
    const success =
      lastSuccess && (endpoint.failingSince || !fresh || failures.length > 0) ? lastSuccess : null;
    if (success || failures.length > 0) changes.push({ endpoint, success, failures });
  }
  return changes;
}

/** Writes one endpoint's health, and disables it after a 410 or 5 days of failing everything. */
async function applyHealth(tx: Tx, change: HealthChange): Promise<EndpointRow | null> {
  const ep = webhookEndpoints;
  const mine = and(eq(ep.id, change.endpoint.id), eq(ep.projectId, change.endpoint.projectId));
  if (change.success) {
    await tx.update(ep).set({ failingSince: null, lastSuccessAt: change.success.finishedAt }).where(mine);
  }
  const { failures } = change;
  if (failures.length === 0) return null;
  const firstFailure = failures[0]!;
  const lastFailure = failures[failures.length - 1]!;
  await tx
    .update(ep)
    .set({
      failingSince: sql`coalesce(${ep.failingSince}, ${firstFailure.startedAt.toISOString()}::timestamptz)`,
      lastFailureAt: lastFailure.finishedAt,
      lastFailureReason: lastFailure.failureReason,
    })
    .where(mine);
  const gone = failures.some((r) => r.gone);
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
  return turnedOff ?? null;
}

/**
 * Records a batch of attempts: the deliveries' new state, the attempts, and — when anything
 * changed — each endpoint's health with the 5-day rule, all in one transaction. The common
 * case (every delivery succeeded at an endpoint already known healthy) is a single statement.
 * Then emails the admins of any endpoint this disabled, and returns the change-bus hints.
 */
export async function recordAttempts(
  ctx: AppContext,
  owner: string,
  results: AttemptResult[],
): Promise<DeliveryHint[]> {
  if (results.length === 0) return [];
  for (const r of results) countWebhookAttempt(r.response.status);
  const db = ctx.database.queueDb;
  const changes = healthChanges(results);
  let disabled: EndpointRow[] = [];
  if (changes.length === 0) {
    // Which deliveries were kept matters only to health changes: none here, so none comes back.
    await writeAttempts(db, owner, results, { kept: false });
  } else {
    disabled = await db.transaction(async (tx) => {
      const kept = await writeAttempts(tx, owner, results, { kept: true });
      const off: EndpointRow[] = [];
      for (const change of changes) {
        const recorded = {
          ...change,
          success: change.success && kept.has(change.success.delivery.id) ? change.success : null,
          failures: change.failures.filter((r) => kept.has(r.delivery.id)),
        };
        const turnedOff = await applyHealth(tx, recorded);
        if (turnedOff) off.push(turnedOff);
      }
      return off;
    });
  }

  for (const endpoint of disabled) await notifyEndpointDisabled(ctx, endpoint).catch(() => {});
  // What changed, per endpoint, for other replicas and live screens: the delivery when it is
  // the endpoint's only one in the batch. The caller publishes (it coalesces busy endpoints).
  return byEndpoint(results).map((list) => ({
    project_id: list[0]!.delivery.projectId,
    webhook_id: list[0]!.delivery.endpointId,
    id: list.length === 1 ? list[0]!.delivery.id : null,
  }));
}
