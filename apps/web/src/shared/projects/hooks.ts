import type { Page, Project } from '@scanline/contracts';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../api/main-requests';
import { keys } from '../../api/query-keys';

export const useProjects = () =>
  useQuery({
    queryKey: keys.projects,
    queryFn: async () =>
      (await get<Page<Project>>('/projects', { limit: 100, include_deleted: 'true' })).data,
  });

export const useProject = (id: string) =>
  useQuery({ queryKey: keys.project(id), queryFn: () => get<Project>(`/projects/${id}`) });
