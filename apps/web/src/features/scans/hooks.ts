import type { Page, Scan } from '@scanline/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { mainApi } from '../../api/clients';

export const scanKeys = {
  all: (pid: string) => ['project', pid, 'scans'] as const,
  list: (pid: string, query: Record<string, string>) => ['project', pid, 'scans', 'list', query] as const,
};

export const useScans = (pid: string, query: Record<string, string>) =>
  useQuery({
    queryKey: scanKeys.list(pid, query),
    queryFn: ({ signal }) =>
      mainApi().request<Page<Scan>>(`/projects/${encodeURIComponent(pid)}/scans`, { query, signal }),
    placeholderData: keepPreviousData,
  });
