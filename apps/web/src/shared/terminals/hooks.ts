import type { FleetTerminal, Page } from '@scanline/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { terminalApi } from '../../api/clients';

// The terminal list other areas read (terminal filters on transactions, scans and closes); the
// terminal screens' own queries and actions stay in features/terminals/hooks.ts.

export const terminalKeys = {
  all: (pid: string) => ['project', pid, 'terminals'] as const,
  list: (pid: string, query: Record<string, string>) => ['project', pid, 'terminals', 'list', query] as const,
  one: (pid: string, tid: string) => ['project', pid, 'terminals', 'one', tid] as const,
};

export const terminalsPath = (pid: string) => `/projects/${encodeURIComponent(pid)}/terminals`;

export const useTerminals = (pid: string, query: Record<string, string>) =>
  useQuery({
    queryKey: terminalKeys.list(pid, query),
    queryFn: ({ signal }) =>
      terminalApi().request<Page<FleetTerminal>>(terminalsPath(pid), { query, signal }),
    placeholderData: keepPreviousData,
    // Status changes arrive on the live stream; lease renewals and heartbeats do not, so "last
    // seen" is re-read (it ticks between reads).
    refetchInterval: 15_000,
  });
