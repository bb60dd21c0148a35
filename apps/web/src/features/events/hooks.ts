import type { Delivery, Page, ProjectEvent } from '@scanline/contracts';
import { useQuery } from '@tanstack/react-query';
import { mainApi } from '../../api/clients';
import { LIVE_REFRESH_MS } from '../../shared/webhooks/hooks';

const get = <T>(path: string, query?: Record<string, string | number | undefined>) =>
  mainApi().request<T>(path, { query });

export const eventKeys = {
  page: (id: string, query: Record<string, string>) => ['project', id, 'events', 'page', query] as const,
  one: (id: string, eid: string) => ['project', id, 'events', eid] as const,
  // Under the webhooks key: a resend (or the live stream's delivery hint) refreshes it.
  deliveries: (id: string, eid: string) => ['project', id, 'webhooks', 'event-deliveries', eid] as const,
};

/** A page of the project's events, filtered and sorted on the server (the URL holds the query). */
export const useEvents = (id: string, query: Record<string, string>) =>
  useQuery({
    queryKey: eventKeys.page(id, query),
    queryFn: () => get<Page<ProjectEvent>>(`/projects/${id}/events`, query),
    placeholderData: (previous) => previous,
    refetchInterval: LIVE_REFRESH_MS,
  });

export const useEvent = (id: string, eid: string) =>
  useQuery({
    queryKey: eventKeys.one(id, eid),
    queryFn: () => get<ProjectEvent>(`/projects/${id}/events/${eid}`),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Every endpoint's delivery of one event; they change as the dispatcher sends and retries. */
export const useEventDeliveries = (id: string, eid: string) =>
  useQuery({
    queryKey: eventKeys.deliveries(id, eid),
    queryFn: async () => (await get<Page<Delivery>>(`/projects/${id}/events/${eid}/deliveries`)).data,
    refetchInterval: (q) => (q.state.data?.some((d) => d.status === 'pending') ? 2000 : LIVE_REFRESH_MS),
  });
