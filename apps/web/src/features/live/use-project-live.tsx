import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { currentIdToken } from '../../auth/auth-context';
import { runtimeConfig } from '../../config/runtime-config';
import { openEventStream, type StreamEvent } from '../../lib/event-stream';

/**
 * PRODUCT §5: screens live-update where the data is live. One stream per open project
 * (`GET /projects/{id}/live`) says what changed; the matching queries are refetched, so the
 * screens keep one source of truth (the API) and the stream carries no data to trust.
 */
export function useProjectLive(projectId: string) {
  const client = useQueryClient();
  useEffect(() => {
    if (!projectId) return;
    let force = false;
    let stop: (() => void) | undefined;
    let closed = false;
    const open = () => {
      stop = openEventStream({
        url: new URL(
          `${runtimeConfig().api.main}/projects/${encodeURIComponent(projectId)}/live`,
          window.location.origin,
        ).href,
        headers: async (): Promise<Record<string, string>> => {
          const token = await currentIdToken(force);
          force = false;
          return token ? { authorization: `Bearer ${token}` } : {};
        },
        onEvent: (e) => {
          invalidateFor(client, projectId, e);
          return undefined;
        },
        onFatal: (status) => {
          // An expired ID token: try once more with a fresh one. Other 4xx (no access, or a
          // server without the stream) leave the screens working without live updates.
          if (status === 401 && !force && !closed) {
            force = true;
            setTimeout(() => !closed && open(), 3000);
          }
        },
      });
    };
    open();
    return () => {
      closed = true;
      stop?.();
    };
  }, [client, projectId]);
}

function invalidateFor(client: QueryClient, projectId: string, e: StreamEvent) {
  const under = (...path: string[]) =>
    client.invalidateQueries({ queryKey: ['project', projectId, ...path] });
  switch (e.event) {
    case 'transaction':
      void under('transactions');
      void under('scans'); // a payment closes its scan
      void under('dashboard');
      break;
    case 'terminal':
      void under('terminals');
      void under('dashboard');
      break;
    case 'scan':
      void under('scans');
      break;
    case 'delivery':
      void under('webhooks');
      void under('deliveries');
      break;
  }
}

/** Mounted once by the project layout, inside the query cache's provider. */
export function ProjectLive({ projectId }: { projectId: string }) {
  useProjectLive(projectId);
  return null;
}
