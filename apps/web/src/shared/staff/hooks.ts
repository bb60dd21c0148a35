import type { Staff } from '@scanline/contracts';
import { useQuery } from '@tanstack/react-query';
import { mainApi } from '../../api/clients';

/** A project's staff, listed whole (a shop has a handful). */
export const staffKey = (projectId: string) => ['project', projectId, 'staff'] as const;

export const useStaff = (projectId: string, enabled: boolean) =>
  useQuery({
    queryKey: staffKey(projectId),
    enabled,
    queryFn: async () => (await mainApi().request<{ data: Staff[] }>(`/projects/${projectId}/staff`)).data,
  });
