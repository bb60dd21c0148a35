import type { Dashboard } from '@scanline/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { mainApi } from '../../api/clients';

export interface DashboardParams {
  from: string;
  to: string;
  terminalId?: string;
  /** One currency at a time; the project's when absent. */
  currency?: string;
  /** Count `scanline trigger`'s test payments too; left out by default. */
  includeTest?: boolean;
}

export const dashboardKey = (projectId: string, p: DashboardParams) =>
  [
    'project',
    projectId,
    'dashboard',
    p.from,
    p.to,
    p.terminalId ?? '',
    p.currency ?? '',
    p.includeTest ? 'test' : '',
  ] as const;

/** The project's figures; the previous range stays on screen while a new one loads. */
export const useDashboard = (projectId: string, p: DashboardParams, enabled = true) =>
  useQuery({
    queryKey: dashboardKey(projectId, p),
    enabled,
    placeholderData: keepPreviousData,
    // The rollups trail the raw rows by seconds; refresh while the page is open.
    refetchInterval: 60_000,
    queryFn: ({ signal }) =>
      mainApi().request<Dashboard>(`/projects/${projectId}/dashboard`, {
        signal,
        query: {
          from: p.from,
          to: p.to,
          terminal_id: p.terminalId,
          currency: p.currency,
          include_test: p.includeTest ? 'true' : undefined,
        },
      }),
  });
