import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { currentIdToken } from '../../auth/auth-context';
import { runtimeConfig } from '../../config/runtime-config';
import { openEventStream, type StreamEvent } from '../../lib/event-stream';
import { type LiveSource, subscribeShared } from './shared-live';

/**
 * Screens live-update where the data is live. One stream per project and browser
 * (`GET /projects/{id}/live`, shared by the tabs: shared-live.ts) says what changed; the matching queries are refetched, so the
 * screens keep one source of truth (the API) and the stream carries no data to trust.
 */
export function useProjectLive(projectId: string) {
  const client = useQueryClient();
  useEffect(() => {
    if (!projectId) return;
    return subscribeShared(projectId, liveSource(projectId), (e) => invalidateFor(client, projectId, e), {
      onRole: (role) => {
        document.documentElement.dataset.liveRole = role;
      },
    });
  }, [client, projectId]);
}

/** The project's `/live` stream, with a fresh ID token on each connection. */
function liveSource(projectId: string): LiveSource {
  return {
    open(onEvent) {
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
            onEvent(e);
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
    },
  };
}

function invalidateFor(client: QueryClient, projectId: string, e: StreamEvent) {
  const under = (...path: string[]) =>
    client.invalidateQueries({ queryKey: ['project', projectId, ...path] });
  switch (e.event) {
    case 'resync':
      // Another tab's stream closed and this one's opened: what happened between is unknown.
      void client.invalidateQueries({ queryKey: ['project', projectId] });
      break;
    case 'transaction':
      void under('transactions');
      void under('object-deliveries'); // its events are about to be delivered
      void under('scans'); // a payment closes its scan
      void under('dashboard');
      void under('events'); // each change writes an event
      break;
    case 'terminal':
      void under('terminals');
      void under('dashboard');
      void under('events');
      break;
    case 'scan':
      void under('scans');
      break;
    case 'delivery':
      void under('webhooks');
      void under('object-deliveries');
      break;
  }
}

/** Mounted once by the project layout, inside the query cache's provider. */
export function ProjectLive({ projectId }: { projectId: string }) {
  useProjectLive(projectId);
  return null;
}
