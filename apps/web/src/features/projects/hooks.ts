import type { Project } from '@scanline/contracts';
import { useQuery } from '@tanstack/react-query';
import { pageQuery } from '../../api/main-requests';
import { keys } from '../../api/query-keys';

export const useProjectsPage = (apiQuery: Record<string, string>) =>
  useQuery(pageQuery<Project>(keys.projects, '/projects', { include_deleted: 'true', ...apiQuery }));
