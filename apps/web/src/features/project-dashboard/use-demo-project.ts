import type { Project } from '@scanline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mainApi } from '../../api/clients';

/** "Create a demo project": a business and a project with 30 days of sample payments. */
export function useCreateDemoProject() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      mainApi().request<Project>('/demo-projects', {
        method: 'POST',
        body: { time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone },
      }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['me'] });
      void qc.invalidateQueries({ queryKey: ['projects'] });
      void qc.invalidateQueries({ queryKey: ['businesses'] });
    },
  });
}
