import type { Delivery, DeliveryAttempt, Webhook } from '@scanline/contracts';
import type { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { AttemptStats } from '../../domain/webhooks/health';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type AttemptRow = typeof webhookAttempts.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentWebhook(e: EndpointRow, stats: AttemptStats | undefined, now: Date): Webhook {
  const overlap =
    e.previousSecretExpiresAt && e.previousSecretExpiresAt > now ? e.previousSecretExpiresAt : null;
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    event_types: e.eventTypes,
    enabled: e.enabled,
    disabled_reason: e.enabled ? null : e.disabledReason,
    previous_secret_expires_at: iso(overlap),
    health: {
      success_rate_24h: stats && stats.attempts > 0 ? stats.succeeded / stats.attempts : null,
      attempts_24h: stats?.attempts ?? 0,
      last_success_at: iso(e.lastSuccessAt),
      last_failure_at: iso(e.lastFailureAt),
      last_failure_reason: e.lastFailureReason,
      failing_since: iso(e.failingSince),
    },
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  };
}

export function presentDelivery(d: DeliveryRow): Delivery {
  return {
    id: d.id,
    webhook_id: d.endpointId,
    event_id: d.eventId,
    event_type: d.eventType,
    status: d.status,
    attempt_count: d.attemptCount,
    response_status: d.responseStatus,
    next_attempt_at: d.status === 'pending' ? iso(d.nextAttemptAt) : null,
    last_attempt_at: iso(d.lastAttemptAt),
    created_at: d.createdAt.toISOString(),
  };
}

export function presentAttempt(a: AttemptRow): DeliveryAttempt {
  return {
    started_at: a.startedAt.toISOString(),
    duration_ms: a.durationMs,
    succeeded: a.succeeded,
    request: { url: a.requestUrl, headers: a.requestHeaders, body: a.requestBody },
    response:
      a.responseStatus === null
        ? null
        : { status: a.responseStatus, headers: a.responseHeaders ?? {}, body: a.responseBody ?? '' },
    error: a.error,
  };
}
