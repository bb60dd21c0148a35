import type { Invitation, Project, User } from '@scanline/contracts';
import { useQuery } from '@tanstack/react-query';
import { get } from './main-requests';
import { keys } from './query-keys';

export interface MeAnswer {
  user: User;
  projects: { id: string; name: string; role: Project['role']; currency: string }[];
  invitations: (Invitation & { project_id: string; project_name: string })[];
}

/** The signed-in user with their projects and open invitations (`GET /api/v1/me`). */
export const useMe = () => useQuery({ queryKey: keys.me, queryFn: () => get<MeAnswer>('/me') });
