import type {
  CreateWebhook,
  Delivery,
  Page,
  UpdateWebhook,
  Webhook,
  WebhookSecret,
  WebhookWithSecret,
} from '@scanline/contracts';
import { useQuery } from '@tanstack/react-query';
import { mainApi } from '../../api/clients';
import { send } from '../../api/main-requests';
import { useAction } from '../../api/use-action';

const get = <T>(path: string, query?: Record<string, string | number | undefined>) =>
  mainApi().request<T>(path, { query });

/**
 * Deliveries change on their own (the dispatcher sends and retries). The project's live
 * stream refetches them as they change; this slow poll (paused in background tabs) only
 * covers a stream that is down or reconnecting.
 */
export const LIVE_REFRESH_MS = 15_000;

export const webhookKeys = {
  all: (id: string) => ['project', id, 'webhooks'] as const,
  one: (id: string, wid: string) => ['project', id, 'webhooks', wid] as const,
  deliveries: (id: string, wid: string) => ['project', id, 'webhooks', wid, 'deliveries'] as const,
  delivery: (id: string, wid: string, did: string) =>
    ['project', id, 'webhooks', wid, 'deliveries', did] as const,
  objectDeliveries: (id: string, objectId: string) => ['project', id, 'object-deliveries', objectId] as const,
  eventTypes: ['event-types'] as const,
};

export const useWebhooks = (id: string) =>
  useQuery({
    queryKey: webhookKeys.all(id),
    queryFn: async () => (await get<Page<Webhook>>(`/projects/${id}/webhooks`)).data,
    refetchInterval: LIVE_REFRESH_MS * 5,
  });

/** Deliveries of every event about one object (a transaction's detail lists them). */
export const useObjectDeliveries = (id: string, objectId: string) =>
  useQuery({
    queryKey: webhookKeys.objectDeliveries(id, objectId),
    queryFn: async () =>
      (await get<Page<Delivery>>(`/projects/${id}/deliveries`, { object_id: objectId })).data,
    refetchInterval: LIVE_REFRESH_MS * 2,
  });

export function useWebhookActions(id: string) {
  const refresh = [webhookKeys.all(id)];
  return {
    create: useAction(
      (body: CreateWebhook) => send<WebhookWithSecret>('POST', `/projects/${id}/webhooks`, body),
      refresh,
    ),
    update: useAction(
      ({ wid, body }: { wid: string; body: UpdateWebhook }) =>
        send<Webhook>('PATCH', `/projects/${id}/webhooks/${wid}`, body),
      refresh,
    ),
    remove: useAction((wid: string) => send('DELETE', `/projects/${id}/webhooks/${wid}`), refresh),
    rotate: useAction(
      (wid: string) => send<WebhookSecret>('POST', `/projects/${id}/webhooks/${wid}/rotate-secret`),
      refresh,
    ),
    test: useAction(
      (wid: string) =>
        send<{ event_id: string; delivery_id: string }>('POST', `/projects/${id}/webhooks/${wid}/test`),
      [['project', id, 'webhooks']],
    ),
    resend: useAction(
      (did: string) => send<Delivery>('POST', `/projects/${id}/deliveries/${did}/resend`),
      [['project', id, 'webhooks']],
    ),
    recover: useAction(
      ({ wid, since }: { wid: string; since: string }) =>
        send<{ requeued: number }>('POST', `/projects/${id}/webhooks/${wid}/recover`, { since }),
      [['project', id, 'webhooks']],
    ),
  };
}
