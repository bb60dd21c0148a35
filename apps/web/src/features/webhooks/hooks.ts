import type {
  Delivery,
  DeliveryDetail,
  EventTypeInfo,
  Page,
  Webhook,
  WebhookSecret,
} from '@scanline/contracts';
import { useQuery } from '@tanstack/react-query';
import { mainApi } from '../../api/clients';
import { LIVE_REFRESH_MS, webhookKeys } from '../../shared/webhooks/hooks';

// The webhook screens' own reads; the list, the actions and the keys other areas use are in
// shared/webhooks/hooks.ts.

const get = <T>(path: string, query?: Record<string, string | number | undefined>) =>
  mainApi().request<T>(path, { query });

export const useWebhook = (id: string, wid: string) =>
  useQuery({
    queryKey: webhookKeys.one(id, wid),
    queryFn: () => get<Webhook>(`/projects/${id}/webhooks/${wid}`),
  });

export const useEventTypes = () =>
  useQuery({
    queryKey: webhookKeys.eventTypes,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => (await get<{ data: EventTypeInfo[] }>('/event-types')).data,
  });

export const useDeliveries = (id: string, wid: string, query: Record<string, string>) =>
  useQuery({
    queryKey: [...webhookKeys.deliveries(id, wid), query],
    queryFn: () => get<Page<Delivery>>(`/projects/${id}/webhooks/${wid}/deliveries`, query),
    refetchInterval: LIVE_REFRESH_MS,
    placeholderData: (previous) => previous,
  });

export const useDelivery = (id: string, wid: string, did: string) =>
  useQuery({
    queryKey: webhookKeys.delivery(id, wid, did),
    queryFn: () => get<DeliveryDetail>(`/projects/${id}/webhooks/${wid}/deliveries/${did}`),
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? LIVE_REFRESH_MS : false),
  });

export const fetchWebhookSecret = (id: string, wid: string) =>
  get<WebhookSecret>(`/projects/${id}/webhooks/${wid}/secret`);
